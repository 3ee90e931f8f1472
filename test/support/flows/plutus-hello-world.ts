// The hosted API's hello-world smart-contract programs (smart-contracts/hello-world in
// Cardano-Forge/anvil-api-examples), replayed request for request over HTTP on any target
// (../target.ts: the devnet, or preprod through a backend's fake and live ledger) with
// only the base URL, the key and the wallets changed: upload the blueprint (Aiken, Plutus V3),
// deploy its validator as a reference script and record where with a second POST /blueprints,
// lock 2 ADA under an inline datum given as JSON of the blueprint's schema at the hex script
// address GET /validators/{hash}/address answers, then unlock it with a JSON redeemer and the
// owner as required signer, the script run by reference. Each step is checked on chain; the
// refusals (wrong redeemer, missing signer, a datum off the schema) and the exact fee too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import type { OperationId } from "../api.js";
import type { RunningService } from "../service.js";
import type { Target } from "../target.js";
import { signAndSubmit, submitRejected, submitSigned, utf8Hex } from "../transactions-api.js";
import { oneLovelaceLess, referenceInputsOf, requiredSignersOf } from "../tx-decode.js";
import { fundedWallet, newStakeWallet, type Funded } from "../wallets.js";
import { utxosAt } from "../utxos.js";

const blueprint = JSON.parse(
  readFileSync(new URL("../../fixtures/blueprints/hello-world.plutus.json", import.meta.url), "utf8"),
) as {
  validators: { hash: string; title: string }[];
};
const HASH = blueprint.validators[0]!.hash;

/** The validators once each (the example's getValidators: Aiken lists one entry per purpose). */
const validators = [...new Map(blueprint.validators.map((v) => [v.hash, v])).values()];

export function plutusHelloWorldFlows(target: () => Target): void {
  describe("hello world (the hosted API's smart-contract examples): blueprint, deploy, lock, unlock", () => {
    let service: RunningService;
    let customer: Funded;
    let key: string;
    let headers: Record<string, string>;
    let scriptAddress: string;
    let deployTx: string;
    let lockTx: string;

    const call = <K extends OperationId>(method: string, path: string, body?: unknown) =>
      service.request<K>(method, path, body, headers);

    before(async () => {
      service = target().service;
      key = (
        await service.app.keyStore.create({
          name: "hello",
          env: "testnet",
          limits: { perDay: 100_000, perSecond: 1000, burst: 1000 },
        })
      ).key;
      headers = { "x-api-key": key };
      customer = await fundedWallet(target(), 100_000_000);
    });

    it("1. uploads the blueprint and deploys its validator as a reference script", async () => {
      const uploaded = await call<"upsertBlueprint">("POST", "/blueprints", { blueprint });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      const { scriptAddresses } = uploaded.body as { scriptAddresses: Record<string, string> };
      scriptAddress = scriptAddresses[HASH]!;
      assert.match(scriptAddress, /^addr_test1w/);
      const response = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: customer.address,
        message: "Smart contract deployed using anvil API",
        outputs: validators.map((v) => ({ address: scriptAddresses[v.hash], datum: { type: "script", hash: v.hash } })),
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      deployTx = await signAndSubmit(service, response.body, [customer]);
      const deployed = (await utxosAt(service, scriptAddress)).find((u) => u.input.txHash === deployTx);
      assert.equal(deployed?.input.outputIndex, 0);
      assert.ok(deployed.output.scriptRef, "the output carries the validator as a reference script");
      const recorded = await call<"upsertBlueprint">("POST", "/blueprints", {
        blueprint,
        refs: Object.fromEntries(validators.map((v, index) => [v.hash, { txHash: deployTx, index }])),
      });
      assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
    });

    it("2. locks 2 ADA at the hex script address under an inline datum given as JSON of the schema", async () => {
      const address = await call<"getValidatorAddress">("GET", `/validators/${HASH}/address`);
      assert.equal(address.status, 200, JSON.stringify(address.body));
      assert.equal(address.body.bech32, scriptAddress);
      const response = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: customer.address,
        message: "Locking my fortune using anvil API",
        outputs: [
          {
            address: address.body.hex,
            lovelace: 2_000_000,
            datum: {
              type: "inline",
              value: { owner: customer.keyHash },
              shape: { validatorHash: HASH, purpose: "spend" },
            },
          },
        ],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      lockTx = await signAndSubmit(service, response.body, [customer]);
      const locked = (await utxosAt(service, scriptAddress)).find((u) => u.input.txHash === lockTx);
      assert.ok(locked);
      assert.equal(locked.input.outputIndex, 0);
      assert.deepEqual(locked.output.amount, [{ unit: "lovelace", quantity: "2000000" }]);
      assert.equal(locked.output.plutusData, `d8799f581c${customer.keyHash}ff`);
    });

    const unlockBody = (msg: string, signers: string[]) => ({
      changeAddress: customer.address,
      message: "Unlock my fortune using anvil API",
      scriptInteractions: [
        {
          hash: HASH,
          purpose: "spend",
          outputRef: { txHash: lockTx, index: 0 },
          redeemer: { type: "json", value: { msg: utf8Hex(msg) } },
        },
      ],
      requiredSigners: signers,
    });

    it("refuses a wrong redeemer with the script's own failure (422)", async () => {
      const response = await call<"buildTransaction">(
        "POST",
        "/transactions/build",
        unlockBody("Hello Anvil", [customer.keyHash]),
      );
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.match(
        response.body.message,
        /^A Plutus script of this transaction refuses it \(1 script run from scriptInteractions\): .*Script evaluation failed.*Check each redeemer/s,
      );
    });

    it("refuses an unlock the owner does not sign (422)", async () => {
      const response = await call<"buildTransaction">("POST", "/transactions/build", unlockBody("Hello World", []));
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.match(
        response.body.message,
        /^A Plutus script of this transaction refuses it \(1 script run from scriptInteractions\): .*Script evaluation failed/s,
      );
    });

    it("refuses a datum that does not match the schema, naming the path (400)", async () => {
      const response = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: customer.address,
        outputs: [
          {
            address: scriptAddress,
            lovelace: 2_000_000,
            datum: { type: "inline", value: { owner: "abcd" }, shape: { validatorHash: HASH, purpose: "spend" } },
          },
        ],
      });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.message, /outputs\[0\]\.datum\.value\.owner/);
    });

    it("refuses a redeemer that does not match the schema, naming the path (400)", async () => {
      const body = unlockBody("x", [customer.keyHash]);
      body.scriptInteractions[0]!.redeemer = { type: "json", value: { message: "00" } } as never;
      const response = await call<"buildTransaction">("POST", "/transactions/build", body);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.message, /scriptInteractions\[0\]\.redeemer\.value/);
    });

    it("3. unlocks it with the JSON redeemer, running the validator by reference, at the exact fee", async () => {
      const before = (await utxosAt(service, customer.address)).reduce(
        (s, u) => s + BigInt(u.output.amount[0]!.quantity),
        0n,
      );
      const response = await call<"buildTransaction">(
        "POST",
        "/transactions/build",
        unlockBody("Hello World", [customer.keyHash]),
      );
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const built = response.body;
      assert.deepEqual(requiredSignersOf(built.complete), [customer.keyHash]);
      assert.ok(
        referenceInputsOf(built.complete).includes(`${deployTx}#0`),
        "the deployed reference script is read, not attached",
      );
      assert.ok(
        built.complete.length < 2 * 1500,
        `the script is not in the witness set (${built.complete.length / 2} bytes)`,
      );
      // One lovelace less fee: the ledger refuses it.
      const cheaper = { ...built, complete: oneLovelaceLess(built.complete, customer.address) };
      assert.match(await submitRejected(service, cheaper, [customer]), /fee/i);
      await signAndSubmit(service, built, [customer]);
      assert.equal(
        (await utxosAt(service, scriptAddress)).find((u) => u.input.txHash === lockTx),
        undefined,
        "the locked UTxO is spent",
      );
      const after = (await utxosAt(service, customer.address)).reduce(
        (s, u) => s + BigInt(u.output.amount[0]!.quantity),
        0n,
      );
      assert.equal(after, before + 2_000_000n - BigInt(built.fee));
    });

    // 2.a_lock_funds.ts and 3.a_unlock_funds.ts: the owner in the datum is the customer's stake key
    // hash, the unlock names it as required signer and is signed with the payment and the stake key.
    it("2.a / 3.a: locks for the stake key and unlocks signed by it", async () => {
      const account = newStakeWallet();
      await target().fund(account.address, 20_000_000);
      const address = (await call<"getValidatorAddress">("GET", `/validators/${HASH}/address`)).body.hex as string;
      const locked = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: account.address,
        message: "Locking my fortune using anvil API",
        outputs: [
          {
            address,
            lovelace: 2_000_000,
            datum: {
              type: "inline",
              value: { owner: account.stakeKeyHash },
              shape: { validatorHash: HASH, purpose: "spend" },
            },
          },
        ],
      });
      assert.equal(locked.status, 200, JSON.stringify(locked.body));
      const txHash = await submitSigned(
        service,
        await account.paymentOnly.sign(locked.body.complete),
        locked.body.hash,
      );
      const unlock = {
        changeAddress: account.address,
        message: "Unlock my fortune using anvil API",
        scriptInteractions: [
          {
            hash: HASH,
            purpose: "spend",
            outputRef: { txHash, index: 0 },
            redeemer: { type: "json", value: { msg: utf8Hex("Hello World") } },
          },
        ],
        requiredSigners: [account.stakeKeyHash],
      };
      const built = await call<"buildTransaction">("POST", "/transactions/build", unlock);
      assert.equal(built.status, 200, JSON.stringify(built.body));
      // Signed with the payment key alone, the ledger misses the stake key's signature.
      const unsigned = await call<"submitTransaction">("POST", "/transactions/submit", {
        transaction: await account.paymentOnly.sign(built.body.complete),
        signatures: [],
      });
      assert.equal(unsigned.status, 422, JSON.stringify(unsigned.body));
      await submitSigned(service, await account.sign(built.body.complete), built.body.hash);
      assert.equal(
        (await utxosAt(service, scriptAddress)).find((u) => u.input.txHash === txHash),
        undefined,
      );
    });

    // The escrow app (smart-contracts/nextjs-escrow/src/lib/anvil-api.ts): the owner's key hash from
    // POST /utils/addresses/parse, the script address from GET /validators/{hash}/address, a lock
    // with its message, then an unlock by the owner; the client signs and submits.
    it("runs the escrow app's lock and unlock", async () => {
      const owner = await fundedWallet(target(), 20_000_000);
      const parsed = await call<"parseAddress">("POST", "/utils/addresses/parse", { address: owner.address });
      assert.equal(parsed.status, 200, JSON.stringify(parsed.body));
      assert.equal(parsed.body.payment, owner.keyHash);
      const address = (await call<"getValidatorAddress">("GET", `/validators/${HASH}/address`)).body.hex as string;
      const lock = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: owner.address,
        message: "Locking funds in escrow using Anvil API",
        outputs: [
          {
            address,
            lovelace: 5_000_000,
            datum: {
              type: "inline",
              value: { owner: parsed.body.payment },
              shape: { validatorHash: HASH, purpose: "spend" },
            },
          },
        ],
      });
      assert.equal(lock.status, 200, JSON.stringify(lock.body));
      const txHash = await signAndSubmit(service, lock.body, [owner]);
      const unlock = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: owner.address,
        message: "Unlocking funds from escrow using Anvil API",
        scriptInteractions: [
          {
            hash: HASH,
            purpose: "spend",
            outputRef: { txHash, index: 0 },
            redeemer: { type: "json", value: { msg: utf8Hex("Hello World") } },
          },
        ],
        requiredSigners: [parsed.body.payment],
      });
      assert.equal(unlock.status, 200, JSON.stringify(unlock.body));
      await signAndSubmit(service, unlock.body, [owner]);
      assert.equal(
        (await utxosAt(service, scriptAddress)).find((u) => u.input.txHash === txHash),
        undefined,
      );
    });
  });
}
