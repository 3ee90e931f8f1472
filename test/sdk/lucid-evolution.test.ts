// Lucid Evolution 0.4.34 certified against the devnet: its own Blockfrost provider
// (@lucid-evolution/provider), unchanged, given only the devnet's Blockfrost-compatible base URL and
// a dummy project id; its own builder and seed wallet; its own awaitTx. Each step's effect is then
// read back through the service's /v2/services endpoints (../support/sdk-devnet.ts).
// The calls the provider makes, and the fields it reads: docs/blockfrost-compat.md.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import {
  Blockfrost,
  Constr,
  credentialToAddress,
  Data,
  fromText,
  generateSeedPhrase,
  Lucid,
  mintingPolicyToId,
  paymentCredentialOf,
  scriptFromNative,
  SLOT_CONFIG_NETWORK,
  toUnit,
  validatorToAddress,
  type LucidEvolution,
  type UTxO,
} from "@lucid-evolution/lucid";
import {
  confirmedTransaction,
  DUMMY_PROJECT_ID,
  keyedUtxos,
  refsOf,
  seededPool,
  stakeAccount,
  within,
} from "../support/sdk-chain-state.js";
import { ALWAYS_SUCCEEDS_V3, lovelaceOf, quantityOf, startSdkDevnet, type SdkDevnet } from "../support/sdk-devnet.js";

/** Lucid's awaitTx polls every 3 s and never gives up: bounded here so that a broken endpoint fails the test. */
const AWAIT_BOUND_MS = 30_000;

describe("Lucid Evolution 0.4.34 through the devnet's Blockfrost-compatible API", () => {
  let devnet: SdkDevnet;
  let lucid: LucidEvolution;
  let address: string;

  /** Signs with the selected seed wallet, submits through the provider, waits with Lucid's own awaitTx. */
  async function signSubmitAwait(tx: {
    sign: { withWallet(): { complete(): Promise<{ submit(): Promise<string> }> } };
  }): Promise<string> {
    const signed = await tx.sign.withWallet().complete();
    const txHash = await signed.submit();
    assert.match(txHash, /^[0-9a-f]{64}$/);
    assert.equal(await within(AWAIT_BOUND_MS, `lucid.awaitTx(${txHash})`, lucid.awaitTx(txHash)), true);
    return txHash;
  }

  before(async () => {
    devnet = await startSdkDevnet();
    // A custom network's slot ↔ time: Lucid reads SLOT_CONFIG_NETWORK.Custom, which a devnet user fills from Blockfrost's /genesis.
    const genesis = (await (
      await fetch(`${devnet.blockfrostUrl}/genesis`, { headers: { project_id: DUMMY_PROJECT_ID } })
    ).json()) as { system_start: number; slot_length: number };
    SLOT_CONFIG_NETWORK.Custom = {
      zeroTime: genesis.system_start * 1000,
      zeroSlot: 0,
      slotLength: genesis.slot_length * 1000,
    };
    lucid = await Lucid(new Blockfrost(devnet.blockfrostUrl, DUMMY_PROJECT_ID), "Custom");
    lucid.selectWallet.fromSeed(generateSeedPhrase());
    address = await lucid.wallet().address();
    await devnet.fund(address, 1_000_000_000n);
  });
  after(async () => {
    await devnet?.close();
  });

  it("reads the wallet's UTxOs by address: the ones the service holds at it", async () => {
    const utxos = await lucid.wallet().getUtxos();
    const held = await devnet.utxos(address);
    assert.equal(held.length, 1);
    assert.deepEqual(refsOf(utxos.map((u) => ({ txHash: u.txHash, index: u.outputIndex }))), refsOf(held));
    assert.equal(utxos[0]?.assets["lovelace"], 1_000_000_000n);
    assert.equal(utxos[0]?.address, address);
    // An address that never received anything: no UTxO (Blockfrost's 404), not an error.
    const fresh = await Lucid(new Blockfrost(devnet.blockfrostUrl, DUMMY_PROJECT_ID), "Custom");
    fresh.selectWallet.fromSeed(generateSeedPhrase());
    assert.deepEqual(await fresh.wallet().getUtxos(), []);
  });

  it("pays another address with its builder and waits with awaitTx: the output is on chain, the inputs spent", async () => {
    const other = await Lucid(new Blockfrost(devnet.blockfrostUrl, DUMMY_PROJECT_ID), "Custom");
    other.selectWallet.fromSeed(generateSeedPhrase());
    const to = await other.wallet().address();
    const before = refsOf(await devnet.utxos(address));

    const tx = await lucid.newTx().pay.ToAddress(to, { lovelace: 7_000_000n }).complete();
    const txHash = await signSubmitAwait(tx);

    const confirmed = await confirmedTransaction(devnet, txHash);
    assert.deepEqual(refsOf(confirmed.inputs), before, "it spent the wallet's UTxO");
    const received = await devnet.utxos(to);
    assert.deepEqual(
      received.map((u) => [u.txHash, u.lovelace]),
      [[txHash, "7000000"]],
    );
    const now = refsOf(await devnet.utxos(address));
    for (const ref of before) assert.ok(!now.includes(ref), `${ref} is spent`);
    // Lucid reads the new balance back through the provider.
    assert.equal(
      lovelaceOf(await devnet.utxos(address)),
      (await lucid.wallet().getUtxos()).reduce((s, u) => s + (u.assets["lovelace"] ?? 0n), 0n),
    );
  });

  it("reads an address holding more than one page of UTxOs (200: two full pages of 100, then an empty one) whole", async () => {
    const crowded = credentialToAddress("Custom", { type: "Key", hash: randomBytes(28).toString("hex") });
    let tx = lucid.newTx();
    for (let i = 0; i < 200; i++) tx = tx.pay.ToAddress(crowded, { lovelace: 1_000_000n + BigInt(i) });
    const txHash = await signSubmitAwait(await tx.complete());
    assert.equal((await devnet.utxos(crowded)).length, 200);
    const read = await lucid.utxosAt(crowded);
    assert.equal(read.length, 200);
    assert.equal(new Set(read.map((u) => `${u.txHash}#${u.outputIndex}`)).size, 200, "no UTxO twice");
    assert.ok(read.every((u) => u.txHash === txHash));
    assert.equal(
      read.reduce((s, u) => s + (u.assets["lovelace"] ?? 0n), 0n),
      200_000_000n + (199n * 200n) / 2n,
    );
  });

  it("reads UTxOs by payment credential (addr_vkh…): the wallet's, as by its address", async () => {
    const byCredential = await lucid.utxosAt(paymentCredentialOf(address));
    assert.ok(byCredential.length > 0);
    assert.deepEqual(
      refsOf(byCredential.map((u) => ({ txHash: u.txHash, index: u.outputIndex }))),
      refsOf(await devnet.utxos(address)),
    );
  });

  describe("a native-token mint with CIP-25 metadata, then the token read by asset", () => {
    let policyId: string;
    let unit: string;
    let mintHash: string;

    before(async () => {
      const keyHash = paymentCredentialOf(address).hash;
      const policy = scriptFromNative({ type: "all", scripts: [{ type: "sig", keyHash }] });
      policyId = mintingPolicyToId(policy);
      unit = toUnit(policyId, fromText("LucidDevnet"));
      const metadata = {
        [policyId]: {
          LucidDevnet: { name: "Lucid on the devnet", image: "ipfs://QmLucidDevnet", mediaType: "image/png" },
        },
      };
      const tx = await lucid
        .newTx()
        .mintAssets({ [unit]: 1n })
        .attach.MintingPolicy(policy)
        .attachMetadata(721, metadata)
        .complete();
      mintHash = await signSubmitAwait(tx);
    });

    it("mints: the chain has the token at the wallet, the mint and the label 721 metadata in the transaction", async () => {
      const confirmed = await confirmedTransaction(devnet, mintHash);
      assert.deepEqual(
        confirmed.mint.map((m) => [m.policyId, m.assetName, m.quantity]),
        [[policyId, fromText("LucidDevnet"), "1"]],
      );
      assert.deepEqual(confirmed.metadata?.["721"], {
        [policyId]: {
          LucidDevnet: { name: "Lucid on the devnet", image: "ipfs://QmLucidDevnet", mediaType: "image/png" },
        },
      });
      assert.equal(quantityOf(await devnet.utxos(address), unit), 1n);
    });

    it("reads UTxOs by asset: utxosAtWithUnit and utxoByUnit give the one output that holds it", async () => {
      const held = (await devnet.utxos(address)).filter((u) => u.assets.some((a) => a.policyId + a.assetName === unit));
      assert.equal(held.length, 1);
      const withUnit = await lucid.utxosAtWithUnit(address, unit);
      assert.deepEqual(refsOf(withUnit.map((u) => ({ txHash: u.txHash, index: u.outputIndex }))), refsOf(held));
      assert.equal(withUnit[0]?.assets[unit], 1n);
      const byUnit = await lucid.utxoByUnit(unit);
      assert.equal(`${byUnit.txHash}#${byUnit.outputIndex}`, refsOf(held)[0]);
      assert.equal(byUnit.address, address);
    });
  });

  describe("a Plutus V3 lock and unlock, the unlock evaluated by the devnet (and once by Lucid itself)", () => {
    const validator = { type: "PlutusV3" as const, script: ALWAYS_SUCCEEDS_V3 };
    let scriptAddress: string;
    let lockHash: string;
    const datum = Data.to(new Constr(0, [fromText("locked by Lucid")]));

    before(async () => {
      scriptAddress = validatorToAddress("Custom", validator);
      const tx = await lucid
        .newTx()
        .pay.ToContract(scriptAddress, { kind: "inline", value: datum }, { lovelace: 12_000_000n })
        .pay.ToContract(scriptAddress, { kind: "inline", value: datum }, { lovelace: 13_000_000n })
        .complete();
      lockHash = await signSubmitAwait(tx);
    });

    /** Spends the output of `lovelace` at the script; the redeemer's budget from the devnet (localUPLCEval: false) or from Lucid's own evaluator. */
    async function unlock(lovelace: bigint, localUPLCEval: boolean): Promise<void> {
      const locked = (await lucid.utxosAt(scriptAddress)).find((u: UTxO) => u.assets["lovelace"] === lovelace);
      assert.ok(locked, `the output of ${lovelace} lovelace`);
      const tx = await lucid
        .newTx()
        .collectFrom([locked], Data.void())
        .attach.SpendingValidator(validator)
        .complete({ localUPLCEval });
      const unlockHash = await signSubmitAwait(tx);
      const confirmed = await confirmedTransaction(devnet, unlockHash);
      assert.ok(refsOf(confirmed.inputs).includes(`${lockHash}#${locked.outputIndex}`), "it spent the locked output");
      assert.ok(
        !refsOf(await devnet.utxos(scriptAddress)).includes(`${lockHash}#${locked.outputIndex}`),
        "the script no longer holds it",
      );
    }

    it("locks: the script address holds the outputs with their inline datum", async () => {
      const locked = await devnet.utxos(scriptAddress);
      assert.deepEqual(locked.map((u) => [u.txHash, u.lovelace]).sort(), [
        [lockHash, "12000000"],
        [lockHash, "13000000"],
      ]);
      for (const u of locked)
        assert.deepEqual(u.datum?.inline, { constructor: 0, fields: [{ bytes: fromText("locked by Lucid") }] });
      const fromLucid = await lucid.utxosAt(scriptAddress);
      assert.deepEqual(
        fromLucid.map((u) => u.datum),
        [datum, datum],
      );
    });

    it("unlocks with the redeemer's budget from the devnet's evaluate (localUPLCEval: false): the script output is spent", async () => {
      await unlock(12_000_000n, false);
    });

    it("unlocks with Lucid's own evaluation (the cost models and /genesis slot config it read): the script output is spent", async () => {
      await unlock(13_000_000n, true);
      assert.deepEqual(await devnet.utxos(scriptAddress), []);
    });
  });

  describe("a stake registration and delegation to a devnet pool", () => {
    it("registers the wallet's stake key and delegates it: the ledger's account says so, and so does getDelegation", async () => {
      const pool = await seededPool(devnet);
      const rewardAddress = (await lucid.wallet().rewardAddress()) ?? "";
      assert.ok(rewardAddress.startsWith("stake_test1"), `a testnet reward address: ${rewardAddress}`);
      assert.deepEqual(await lucid.wallet().getDelegation(), { poolId: null, rewards: 0n }, "not registered yet");
      assert.equal((await stakeAccount(devnet, rewardAddress)).registered, false);

      const tx = await lucid.newTx().registerStake(rewardAddress).delegateTo(rewardAddress, pool.poolId).complete();
      const txHash = await signSubmitAwait(tx);

      await confirmedTransaction(devnet, txHash);
      const account = await stakeAccount(devnet, rewardAddress);
      assert.equal(account.registered, true);
      assert.equal(account.pool, pool.keyHash);
      assert.deepEqual(await lucid.wallet().getDelegation(), { poolId: pool.poolId, rewards: 0n });
    });
  });
});

describe("Lucid Evolution 0.4.34 when the service requires API keys (AUTH=required)", () => {
  let devnet: SdkDevnet;
  let key: string;
  before(async () => {
    devnet = await startSdkDevnet({ AUTH: "required" });
    key = (
      await devnet.service.app.keyStore.create({
        name: "lucid",
        env: "testnet",
        limits: { perDay: 10_000, burst: 1000 },
      })
    ).key;
  });
  after(async () => {
    await devnet?.close();
  });

  it("works with the API key as its project id, and counts its calls against the key's quota", async () => {
    const lucid = await Lucid(new Blockfrost(devnet.blockfrostUrl, key), "Custom");
    lucid.selectWallet.fromSeed(generateSeedPhrase());
    const address = await lucid.wallet().address();
    const funded = await devnet.service.request<"fundDevnetAddress">(
      "POST",
      "/devnet/faucet",
      { address, lovelace: "50000000" },
      { "x-api-key": key },
    );
    assert.equal(funded.status, 200, JSON.stringify(funded.body));
    assert.equal((await lucid.wallet().getUtxos()).length, 1);
    const to = credentialToAddress("Custom", { type: "Key", hash: randomBytes(28).toString("hex") });
    const signed = await (
      await lucid.newTx().pay.ToAddress(to, { lovelace: 3_000_000n }).complete()
    ).sign
      .withWallet()
      .complete();
    const txHash = await signed.submit();
    assert.equal(await within(AWAIT_BOUND_MS, `lucid.awaitTx(${txHash})`, lucid.awaitTx(txHash)), true);
    assert.deepEqual(
      (await keyedUtxos(devnet, key, to)).map((u) => [u.txHash, u.lovelace]),
      [[txHash, "3000000"]],
    );
    const usage = await devnet.service.request<"getTransactionStatus">("GET", `/transactions/${txHash}`, undefined, {
      "x-api-key": key,
    });
    // The test itself made 3 keyed requests (faucet, UTxOs, this one); Lucid's own (parameters, UTxO pages, submit, awaitTx) come on top.
    const used = 10_000 - Number(usage.headers.get("ratelimit-remaining"));
    assert.ok(used >= 3 + 5, `the SDK's calls were counted against the key's daily quota: ${used} used`);
  });

  it("fails with a dummy project id: the API answers 401 and Lucid cannot read the parameters", async () => {
    await assert.rejects(Lucid(new Blockfrost(devnet.blockfrostUrl, DUMMY_PROJECT_ID), "Custom"), /BigInt/);
  });
});
