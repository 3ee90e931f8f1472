// The Evolution SDK 0.5.9 certified against the devnet: its own Blockfrost provider
// (dist/sdk/provider/Blockfrost.js, through Client.make(chain).withBlockfrost), unchanged, given
// only the devnet's Blockfrost-compatible base URL and a dummy project id; its own builder, seed
// wallet and awaitTx, on this machine's Node 20. Each step's effect is then read back through the
// service's /v2/services endpoints (../support/sdk-devnet.ts).
// The calls the provider makes, and the fields it reads: docs/blockfrost-compat.md.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import {
  Address,
  Assets,
  Bytes,
  Client,
  Data,
  InlineDatum,
  KeyHash,
  NativeScripts,
  PlutusV3,
  PoolKeyHash,
  PrivateKey,
  ScriptHash,
  TransactionHash,
  TransactionMetadatum,
  type UTxO,
} from "@evolution-sdk/evolution";
import type { Chain } from "@evolution-sdk/evolution/sdk/client/Chain";
import type { SigningClient } from "@evolution-sdk/evolution/sdk/client/Client";
import {
  ALWAYS_SUCCEEDS_V3_SINGLE_CBOR,
  confirmedTransaction,
  DUMMY_PROJECT_ID,
  keyedUtxos,
  refsOf,
  seededPool,
  stakeAccount,
  within,
} from "../support/sdk-chain-state.js";
import { lovelaceOf, quantityOf, startSdkDevnet, type SdkDevnet } from "../support/sdk-devnet.js";

/** Evolution's awaitTx gives up after its own timeout (5 min by default): bounded lower here. */
const AWAIT_BOUND_MS = 30_000;

const hex = (text: string): string => Buffer.from(text, "utf8").toString("hex");

describe("Evolution SDK 0.5.9 through the devnet's Blockfrost-compatible API", () => {
  let devnet: SdkDevnet;
  let chain: Chain;
  let client: SigningClient;
  let address: string;

  /** A client on the devnet for a fresh seed. */
  const newClient = (): SigningClient =>
    Client.make(chain)
      .withBlockfrost({ baseUrl: devnet.blockfrostUrl, projectId: DUMMY_PROJECT_ID })
      .withSeed({ mnemonic: PrivateKey.generateMnemonic(256) });

  /** Signs with the seed wallet, submits through the provider, waits with the client's own awaitTx. */
  async function signSubmitAwait(built: {
    sign(): Promise<{ submit(): Promise<TransactionHash.TransactionHash> }>;
  }): Promise<string> {
    const submitted = await (await built.sign()).submit();
    const txHash = TransactionHash.toHex(submitted);
    assert.match(txHash, /^[0-9a-f]{64}$/);
    assert.equal(await within(AWAIT_BOUND_MS, `client.awaitTx(${txHash})`, client.awaitTx(submitted, 1000)), true);
    return txHash;
  }

  before(async () => {
    devnet = await startSdkDevnet();
    // A custom chain: Evolution's presets are mainnet, preprod and preview; a devnet user writes its own from Blockfrost's /genesis.
    const genesis = (await (
      await fetch(`${devnet.blockfrostUrl}/genesis`, { headers: { project_id: DUMMY_PROJECT_ID } })
    ).json()) as {
      system_start: number;
      slot_length: number;
      epoch_length: number;
      network_magic: number;
    };
    chain = {
      id: 0,
      name: "Devnet",
      networkMagic: genesis.network_magic,
      epochLength: genesis.epoch_length,
      slotConfig: {
        zeroTime: BigInt(genesis.system_start) * 1000n,
        zeroSlot: 0n,
        slotLength: genesis.slot_length * 1000,
      },
    };
    client = newClient();
    address = Address.toBech32(await client.address());
    await devnet.fund(address, 1_000_000_000n);
  });
  after(async () => {
    await devnet?.close();
  });

  it("runs on this Node", () => {
    assert.match(process.version, /^v2\d\./);
  });

  it("reads the wallet's UTxOs by address: the ones the service holds at it", async () => {
    const utxos = await client.getWalletUtxos();
    const held = await devnet.utxos(address);
    assert.equal(held.length, 1);
    assert.deepEqual(
      refsOf(utxos.map((u) => ({ txHash: TransactionHash.toHex(u.transactionId), index: Number(u.index) }))),
      refsOf(held),
    );
    assert.equal(utxos[0]?.assets.lovelace, 1_000_000_000n);
    assert.equal(utxos[0] && Address.toBech32(utxos[0].address), address);
    // An address that never received anything: no UTxO (Blockfrost's 404), not an error.
    assert.deepEqual(await newClient().getWalletUtxos(), []);
  });

  it("pays another address with its builder and waits with awaitTx: the output is on chain, the inputs spent", async () => {
    const to = Address.toBech32(await newClient().address());
    const before = refsOf(await devnet.utxos(address));

    const built = await client
      .newTx()
      .payToAddress({ address: Address.fromBech32(to), assets: Assets.fromLovelace(7_000_000n) })
      .build();
    const txHash = await signSubmitAwait(built);

    const confirmed = await confirmedTransaction(devnet, txHash);
    assert.deepEqual(refsOf(confirmed.inputs), before, "it spent the wallet's UTxO");
    assert.deepEqual(
      (await devnet.utxos(to)).map((u) => [u.txHash, u.lovelace]),
      [[txHash, "7000000"]],
    );
    const now = refsOf(await devnet.utxos(address));
    for (const ref of before) assert.ok(!now.includes(ref), `${ref} is spent`);
    const fromSdk = await client.getWalletUtxos();
    assert.equal(
      fromSdk.reduce((s, u) => s + u.assets.lovelace, 0n),
      lovelaceOf(await devnet.utxos(address)),
    );
  });

  it("reads an address holding more than one page of UTxOs (200: two full pages of 100, then an empty one) whole", async () => {
    const crowded = Address.toBech32(
      new Address.Address({ networkId: 0, paymentCredential: KeyHash.fromHex(randomBytes(28).toString("hex")) }),
    );
    let tx = client.newTx();
    for (let i = 0; i < 200; i++)
      tx = tx.payToAddress({
        address: Address.fromBech32(crowded),
        assets: Assets.fromLovelace(1_000_000n + BigInt(i)),
      });
    const txHash = await signSubmitAwait(await tx.build());
    assert.equal((await devnet.utxos(crowded)).length, 200);
    const read = await client.getUtxos(Address.fromBech32(crowded));
    assert.equal(read.length, 200);
    assert.equal(
      new Set(read.map((u) => `${TransactionHash.toHex(u.transactionId)}#${u.index}`)).size,
      200,
      "no UTxO twice",
    );
    assert.ok(read.every((u) => TransactionHash.toHex(u.transactionId) === txHash));
    assert.equal(
      read.reduce((s, u) => s + u.assets.lovelace, 0n),
      200_000_000n + (199n * 200n) / 2n,
    );
  });

  it("reads UTxOs by payment credential (addr_vkh…): the wallet's, as by its address", async () => {
    const byCredential = await client.getUtxos((await client.address()).paymentCredential);
    assert.ok(byCredential.length > 0);
    assert.deepEqual(
      refsOf(byCredential.map((u) => ({ txHash: TransactionHash.toHex(u.transactionId), index: Number(u.index) }))),
      refsOf(await devnet.utxos(address)),
    );
  });

  describe("a native-token mint with CIP-25 metadata, then the token read by asset", () => {
    let policyId: string;
    let unit: string;
    let mintHash: string;
    const assetName = hex("EvolutionDevnet");

    before(async () => {
      const paymentKeyHash = (await client.address()).paymentCredential.hash;
      const policy = NativeScripts.makeScriptPubKey(paymentKeyHash);
      policyId = ScriptHash.toHex(ScriptHash.fromScript(policy));
      unit = policyId + assetName;
      const metadata = TransactionMetadatum.fromEntries([
        [
          policyId,
          TransactionMetadatum.fromEntries([
            [
              "EvolutionDevnet",
              TransactionMetadatum.fromEntries([
                ["name", "Evolution on the devnet"],
                ["image", "ipfs://QmEvolutionDevnet"],
              ]),
            ],
          ]),
        ],
      ]);
      const built = await client
        .newTx()
        .attachScript({ script: policy })
        .mintAssets({ assets: Assets.fromHexStrings(policyId, assetName, 1n) })
        .attachMetadata({ label: 721n, metadata })
        .build();
      mintHash = await signSubmitAwait(built);
    });

    it("mints: the chain has the token at the wallet, the mint and the label 721 metadata in the transaction", async () => {
      const confirmed = await confirmedTransaction(devnet, mintHash);
      assert.deepEqual(
        confirmed.mint.map((m) => [m.policyId, m.assetName, m.quantity]),
        [[policyId, assetName, "1"]],
      );
      assert.deepEqual(confirmed.metadata?.["721"], {
        [policyId]: { EvolutionDevnet: { name: "Evolution on the devnet", image: "ipfs://QmEvolutionDevnet" } },
      });
      assert.equal(quantityOf(await devnet.utxos(address), unit), 1n);
    });

    it("reads UTxOs by asset: getUtxosWithUnit and getUtxoByUnit give the one output that holds it", async () => {
      const held = (await devnet.utxos(address)).filter((u) => u.assets.some((a) => a.policyId + a.assetName === unit));
      assert.equal(held.length, 1);
      const withUnit = await client.getUtxosWithUnit(Address.fromBech32(address), unit);
      assert.deepEqual(
        refsOf(withUnit.map((u) => ({ txHash: TransactionHash.toHex(u.transactionId), index: Number(u.index) }))),
        refsOf(held),
      );
      assert.equal(withUnit[0] && Assets.getByUnit(withUnit[0].assets, unit), 1n);
      const byUnit = await client.getUtxoByUnit(unit);
      assert.equal(`${TransactionHash.toHex(byUnit.transactionId)}#${byUnit.index}`, refsOf(held)[0]);
      assert.equal(Address.toBech32(byUnit.address), address);
    });
  });

  describe("a Plutus V3 lock and unlock, the unlock evaluated by the devnet (the builder's evaluator is the provider's)", () => {
    const validator = new PlutusV3.PlutusV3({ bytes: Bytes.fromHex(ALWAYS_SUCCEEDS_V3_SINGLE_CBOR) });
    const scriptAddress = Address.toBech32(
      new Address.Address({ networkId: 0, paymentCredential: ScriptHash.fromScript(validator) }),
    );
    const datum = Data.constr(0n, [Data.bytearray(hex("locked by Evolution"))]);
    let lockHash: string;

    before(async () => {
      const lock = (lovelace: bigint) => ({
        address: Address.fromBech32(scriptAddress),
        assets: Assets.fromLovelace(lovelace),
        datum: new InlineDatum.InlineDatum({ data: datum }),
      });
      const built = await client.newTx().payToAddress(lock(12_000_000n)).payToAddress(lock(13_000_000n)).build();
      lockHash = await signSubmitAwait(built);
    });

    /** Spends the output of `lovelace` at the script; `passAdditionalUtxos`: the builder also sends the inputs to evaluate (additionalUtxoSet). */
    async function unlock(lovelace: bigint, passAdditionalUtxos: boolean): Promise<void> {
      const locked = (await client.getUtxos(Address.fromBech32(scriptAddress))).find(
        (u: UTxO.UTxO) => u.assets.lovelace === lovelace,
      );
      assert.ok(locked, `the output of ${lovelace} lovelace`);
      const built = await client
        .newTx()
        .collectFrom({ inputs: [locked], redeemer: Data.constr(0n, []) })
        .attachScript({ script: validator })
        .build({ passAdditionalUtxos });
      const unlockHash = await signSubmitAwait(built);
      const confirmed = await confirmedTransaction(devnet, unlockHash);
      assert.ok(refsOf(confirmed.inputs).includes(`${lockHash}#${locked.index}`), "it spent the locked output");
      assert.ok(
        !refsOf(await devnet.utxos(scriptAddress)).includes(`${lockHash}#${locked.index}`),
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
        assert.deepEqual(u.datum?.inline, { constructor: 0, fields: [{ bytes: hex("locked by Evolution") }] });
      const fromSdk = await client.getUtxos(Address.fromBech32(scriptAddress));
      assert.equal(fromSdk.length, 2);
      for (const u of fromSdk)
        assert.ok(u.datumOption?._tag === "InlineDatum" && Data.equals(u.datumOption.data, datum));
    });

    it("unlocks: the redeemer's budget comes from the devnet's evaluate, which finds the inputs itself (additionalUtxoSet []), the script output is spent", async () => {
      await unlock(12_000_000n, false);
    });

    it("unlocks with passAdditionalUtxos (the inputs sent in additionalUtxoSet, Evolution's value shape): the script output is spent", async () => {
      await unlock(13_000_000n, true);
      assert.deepEqual(await devnet.utxos(scriptAddress), []);
    });
  });

  describe("a stake registration and delegation to a devnet pool", () => {
    it("registers the wallet's stake key and delegates it: the ledger's account says so, and so does getWalletDelegation", async () => {
      const pool = await seededPool(devnet);
      const rewardAddress = (await client.rewardAddress()) ?? "";
      assert.ok(rewardAddress.startsWith("stake_test1"), `a testnet reward address: ${rewardAddress}`);
      assert.deepEqual(await client.getWalletDelegation(), { poolId: null, rewards: 0n }, "not registered yet");
      assert.equal((await stakeAccount(devnet, rewardAddress)).registered, false);

      const stakeCredential = (await client.address()).stakingCredential;
      assert.ok(stakeCredential);
      const built = await client
        .newTx()
        .registerStake({ stakeCredential })
        .delegateToPool({ stakeCredential, poolKeyHash: PoolKeyHash.fromBech32(pool.poolId) })
        .build();
      const txHash = await signSubmitAwait(built);

      await confirmedTransaction(devnet, txHash);
      const account = await stakeAccount(devnet, rewardAddress);
      assert.equal(account.registered, true);
      assert.equal(account.pool, pool.keyHash);
      const delegation = await client.getWalletDelegation();
      assert.equal(delegation.poolId && PoolKeyHash.toBech32(delegation.poolId), pool.poolId);
      assert.equal(delegation.rewards, 0n);
    });
  });
});

describe("Evolution SDK 0.5.9 when the service requires API keys (AUTH=required)", () => {
  let devnet: SdkDevnet;
  let key: string;
  let chain: Chain;
  before(async () => {
    devnet = await startSdkDevnet({ AUTH: "required" });
    key = (
      await devnet.service.app.keyStore.create({
        name: "evolution",
        env: "testnet",
        limits: { perDay: 10_000, burst: 1000 },
      })
    ).key;
    const genesis = (await (
      await fetch(`${devnet.blockfrostUrl}/genesis`, { headers: { project_id: key } })
    ).json()) as { system_start: number; network_magic: number };
    chain = {
      id: 0,
      name: "Devnet",
      networkMagic: genesis.network_magic,
      epochLength: 432_000,
      slotConfig: { zeroTime: BigInt(genesis.system_start) * 1000n, zeroSlot: 0n, slotLength: 1000 },
    };
  });
  after(async () => {
    await devnet?.close();
  });

  it("works with the API key as its project id", async () => {
    const client = Client.make(chain)
      .withBlockfrost({ baseUrl: devnet.blockfrostUrl, projectId: key })
      .withSeed({ mnemonic: PrivateKey.generateMnemonic(256) });
    const address = Address.toBech32(await client.address());
    const funded = await devnet.service.request<"fundDevnetAddress">(
      "POST",
      "/devnet/faucet",
      { address, lovelace: "50000000" },
      { "x-api-key": key },
    );
    assert.equal(funded.status, 200, JSON.stringify(funded.body));
    assert.equal((await client.getWalletUtxos()).length, 1);
    const to = Address.toBech32(
      new Address.Address({ networkId: 0, paymentCredential: KeyHash.fromHex(randomBytes(28).toString("hex")) }),
    );
    const submitted = await (
      await (
        await client
          .newTx()
          .payToAddress({ address: Address.fromBech32(to), assets: Assets.fromLovelace(3_000_000n) })
          .build()
      ).sign()
    ).submit();
    assert.equal(await within(AWAIT_BOUND_MS, "client.awaitTx", client.awaitTx(submitted, 1000)), true);
    assert.deepEqual(
      (await keyedUtxos(devnet, key, to)).map((u) => [u.txHash, u.lovelace]),
      [[TransactionHash.toHex(submitted), "3000000"]],
    );
  });

  it("fails with a dummy project id: the API answers 401, a ProviderError naming the call", async () => {
    const client = Client.make(chain)
      .withBlockfrost({ baseUrl: devnet.blockfrostUrl, projectId: DUMMY_PROJECT_ID })
      .withSeed({ mnemonic: PrivateKey.generateMnemonic(256) });
    await assert.rejects(client.getWalletUtxos(), /Blockfrost getUtxos failed/);
  });
});
