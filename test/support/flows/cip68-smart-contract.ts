// The hosted API's CIP-68 smart-contract programs (smart-contracts/cip-68/mint-cip68 in
// Cardano-Forge/anvil-api-examples), replayed over HTTP on any target (../target.ts: the devnet,
// or preprod through a backend's fake and live ledger): create-mint.ts (apply the
// manager's key hash to the contract, mint a label 100/222 pair, the reference token at the script
// address with an inline datum given as JSON of the blueprint's schema), customer-update.ts (the
// holder of the user token changes the nickname and pays the manager 1 ADA) and admin-update.ts
// (the manager rewrites the datum). Their request bodies are sent as written; only the base URL,
// the key and the wallets change, and the UTxOs the examples read from Blockfrost are read from
// GET /addresses/{address}/utxos. admin-update.ts names an asset and an output of the hosted
// API's own chain ("test", a fixed TX_HASH): the replay names the ones minted here instead.
// Signed with CSL keys as the examples sign, submitted as `{transaction}`, checked on chain.
//
// The contract is the examples' Aiken contract written again in Helios (the repository carries its
// source, not its plutus.json): test/fixtures/blueprints/cip68/, whose plutus.json must be what
// generate.ts compiles now.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import type { OperationId } from "../api.js";
import type { RunningService } from "../service.js";
import type { Target } from "../target.js";
import { datumJson, txOf } from "../tx-decode.js";
import { outputsOf, quantityOf, totalOf, utxosAt, utxoStringsAt } from "../utxos.js";
import { newStakeWallet, type TestWallet } from "../wallets.js";

const blueprint = JSON.parse(
  readFileSync(new URL("../../fixtures/blueprints/cip68/plutus.json", import.meta.url), "utf8"),
) as { validators: { hash: string }[] };
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
const bytes = (text: string) => ({ bytes: hex(text) });
const REF = "000643b0";
const USER = "000de140";

/** The CIP-68 datum the examples' JSON converts to: {metadata: pairs of text, version: 1}, extra_datum left out (None). */
const cip68Datum = (pairs: [string, string][]) => ({
  constructor: 0,
  fields: [{ map: pairs.map(([k, v]) => ({ k: bytes(k), v: bytes(v) })) }, { int: 1 }, { constructor: 1, fields: [] }],
});

export function cip68SmartContractFlows(target: () => Target): void {
  describe("CIP-68 smart-contract mint and updates (the hosted API's examples)", () => {
    let service: RunningService;
    let headers: Record<string, string>;
    let customer: TestWallet;
    let admin: TestWallet;
    let parameterizedScript: unknown;
    let SCRIPT_HASH: string;
    let SC_ADDRESS: string;
    let assetName: string;
    let refUnit: string;
    let userUnit: string;

    const call = <K extends OperationId>(method: string, path: string, body?: unknown) =>
      service.request<K>(method, path, body, headers);

    /** Signs `complete` with each wallet in turn (CSL FixedTransaction, as the examples do) and submits `{transaction}`. */
    async function signAndSubmit(complete: string, signers: readonly TestWallet[]): Promise<string> {
      let tx = complete;
      for (const signer of signers) tx = await signer.sign(tx);
      const submitted = await call<"submitTransaction">("POST", "/transactions/submit", { transaction: tx });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      return submitted.body.txHash as string;
    }

    /** The unspent output at the script address holding the reference token (findReferenceTokenUTXO). */
    async function referenceTokenUtxo(): Promise<UTxO> {
      const found = (await utxosAt(service, SC_ADDRESS)).filter((u) => quantityOf(u, refUnit) === 1n);
      assert.equal(found.length, 1, "one reference token, at the script address");
      return found[0]!;
    }

    before(async () => {
      service = target().service;
      const key = (
        await service.app.keyStore.create({
          name: "cip68",
          env: "testnet",
          limits: { perDay: 100_000, perSecond: 1000, burst: 1000 },
        })
      ).key;
      headers = { "x-api-key": key };
      // The examples' wallet-customer.json and wallet-mint-sc-policy.json: base addresses, CSL keys
      // (only the payment key signs, as FixedTransaction.sign_and_add_vkey_signature does there).
      customer = newStakeWallet().paymentOnly;
      admin = newStakeWallet().paymentOnly;
      await target().fund(customer.address, 100_000_000);
    });

    it("create-mint.ts: applies the manager's key hash, mints the pair, the reference token at the script with the JSON datum", async () => {
      const META_MANAGER_KEY_HASH = admin.keyHash;
      assetName = `cip68_${new Date().getTime()}`;
      const applied = await call<"applyBlueprintParams">("POST", "/blueprints/apply-params", {
        params: { [blueprint.validators[0]!.hash]: [META_MANAGER_KEY_HASH] },
        blueprint,
      });
      assert.equal(applied.status, 200, JSON.stringify(applied.body));
      parameterizedScript = applied.body.preloadedScript;
      SCRIPT_HASH = Object.keys(applied.body.addresses)[0]!;
      SC_ADDRESS = applied.body.addresses[SCRIPT_HASH]!.bech32;
      assert.notEqual(SCRIPT_HASH, blueprint.validators[0]!.hash);
      refUnit = SCRIPT_HASH + REF + hex(assetName);
      userUnit = SCRIPT_HASH + USER + hex(assetName);

      const input = {
        changeAddress: customer.address,
        message: "Cip68 example",
        mint: [
          {
            version: "cip68",
            assetName: { name: assetName, label: 100, format: "utf8" },
            policyId: SCRIPT_HASH,
            type: "plutus",
            quantity: 1,
          },
          {
            version: "cip68",
            assetName: { name: assetName, label: 222, format: "utf8" },
            policyId: SCRIPT_HASH,
            type: "plutus",
            quantity: 1,
          },
        ],
        scriptInteractions: [
          {
            purpose: "mint",
            hash: SCRIPT_HASH,
            redeemer: { type: "json", value: { assetnames: [[Buffer.from(assetName).toString("hex"), 0]] } },
          },
        ],
        outputs: [
          {
            address: SC_ADDRESS,
            assets: [
              { assetName: { name: assetName, label: 100, format: "utf8" }, policyId: SCRIPT_HASH, quantity: 1 },
            ],
            datum: {
              type: "inline",
              shape: { validatorHash: SCRIPT_HASH, purpose: "spend" },
              value: {
                metadata: [
                  ["name", assetName],
                  ["nickname", "nickname"],
                ],
                version: 1,
              },
            },
          },
        ],
        requiredSigners: [META_MANAGER_KEY_HASH],
        preloadedScripts: [parameterizedScript],
      };
      const built = await call<"buildTransaction">("POST", "/transactions/build", input);
      assert.equal(built.status, 200, JSON.stringify(built.body));
      const txHash = await signAndSubmit(built.body.complete as string, [customer, admin]);

      const [reference, ...others] = outputsOf(await utxosAt(service, SC_ADDRESS), txHash);
      assert.equal(others.length, 0);
      assert.equal(reference!.input.outputIndex, 0);
      assert.deepEqual(
        reference!.output.amount.filter((a) => a.unit !== "lovelace"),
        [{ unit: refUnit, quantity: "1" }],
      );
      assert.deepEqual(
        datumJson(reference!.output.plutusData!),
        cip68Datum([
          ["name", assetName],
          ["nickname", "nickname"],
        ]),
      );
      const atCustomer = await utxosAt(service, customer.address);
      assert.equal(totalOf(atCustomer, userUnit), 1n);
      assert.equal(totalOf(atCustomer, refUnit), 0n);
    });

    /** customer-update.ts's body; `withFee: false` leaves out its 1 ADA output to the manager. */
    async function customerUpdateBody(nickname: string, withFee = true) {
      const referenceTokenUTXO = await referenceTokenUtxo();
      const userTokenUTXO = (await utxosAt(service, customer.address)).find((u) => quantityOf(u, userUnit) === 1n)!;
      const utxos = await utxoStringsAt(service, customer.address);
      const utxoString = `000de140${Buffer.from(assetName).toString("hex")}`;
      const userUtxo = utxos.find((utxo) => utxo.includes(utxoString));
      assert.ok(userUtxo && userTokenUTXO, "the user token is at the customer's address");
      const ADMIN_ADDRESS = admin.address;
      return {
        changeAddress: customer.address,
        message: "CIP-68 Customer Update Example",
        scriptInteractions: [
          {
            purpose: "spend",
            hash: SCRIPT_HASH,
            outputRef: { txHash: referenceTokenUTXO.input.txHash, index: referenceTokenUTXO.input.outputIndex },
            redeemer: {
              type: "json",
              value: {
                output_index: 0,
                update: {
                  nickname: Buffer.from(nickname).toString("hex"),
                  fee_output_index: 1,
                  output_ref_user_token: {
                    transaction_id: userTokenUTXO.input.txHash,
                    output_index: userTokenUTXO.input.outputIndex,
                  },
                },
              },
            },
          },
        ],
        outputs: [
          {
            address: SC_ADDRESS,
            assets: [
              { assetName: { name: assetName, label: 100, format: "utf8" }, policyId: SCRIPT_HASH, quantity: 1 },
            ],
            datum: {
              type: "inline",
              shape: { validatorHash: SCRIPT_HASH, purpose: "spend" },
              value: {
                metadata: [
                  ["name", assetName],
                  ["nickname", "customer_updated"],
                ],
                version: 1,
              },
            },
          },
          ...(withFee ? [{ address: ADMIN_ADDRESS, lovelace: "1000000" }] : []),
        ],
        requiredSigners: [],
        referenceInputs: [],
        requiredInputs: [userUtxo],
        preloadedScripts: [parameterizedScript],
      };
    }

    it("refuses a user update that does not pay the manager its 1 ADA, with the script's failure (422)", async () => {
      const response = await call<"buildTransaction">(
        "POST",
        "/transactions/build",
        await customerUpdateBody("customer_updated", false),
      );
      assert.equal(response.status, 422, JSON.stringify(response.body));
      // fee_output_index 1 is now the change, the customer's: neither 1 ADA nor the manager's.
      assert.match(response.body.message, /^A Plutus script of this transaction refuses it\b/);
      assert.match(response.body.message, /lovelace_paid == 1000000 \? False/);
    });

    it("keeps the contract's other rules: a mint the manager does not sign, a user update that changes more than the nickname (422)", async () => {
      const name = `cip68_${Date.now()}_x`;
      const unsigned = await call<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: customer.address,
        mint: [100, 222].map((label) => ({
          version: "cip68",
          assetName: { name, label, format: "utf8" },
          policyId: SCRIPT_HASH,
          type: "plutus",
          quantity: 1,
        })),
        scriptInteractions: [
          { purpose: "mint", hash: SCRIPT_HASH, redeemer: { type: "json", value: { assetnames: [[hex(name), 0]] } } },
        ],
        outputs: [
          {
            address: SC_ADDRESS,
            assets: [{ assetName: { name, label: 100, format: "utf8" }, policyId: SCRIPT_HASH, quantity: 1 }],
            datum: {
              type: "inline",
              shape: { validatorHash: SCRIPT_HASH, purpose: "spend" },
              value: { metadata: [["name", name]], version: 1 },
            },
          },
        ],
        preloadedScripts: [parameterizedScript],
      });
      assert.equal(unsigned.status, 422, JSON.stringify(unsigned.body));
      assert.match(unsigned.body.message, /is_signed \? False/);

      const renamed = await customerUpdateBody("customer_updated");
      (renamed.outputs[0]!.datum!.value.metadata as [string, string][])[0] = ["name", "another name"];
      const response = await call<"buildTransaction">("POST", "/transactions/build", renamed);
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.match(response.body.message, /current_datum == expected_datum \? False/);
    });

    it("customer-update.ts: the user token's holder sets the nickname, paying the manager 1 ADA", async () => {
      const before = await referenceTokenUtxo();
      const built = await call<"buildTransaction">(
        "POST",
        "/transactions/build",
        await customerUpdateBody("customer_updated"),
      );
      assert.equal(built.status, 200, JSON.stringify(built.body));
      // The customer's only UTxO holds the user token since the mint: it is the collateral too, its
      // token going back in the collateral return.
      const body = txOf(built.body.complete as string).body();
      assert.equal(body.collateral()?.len(), 1);
      assert.ok(
        body
          .collateral_return()
          ?.to_json()
          .includes(USER + hex(assetName)),
        "the collateral return gives the user token back",
      );
      const txHash = await signAndSubmit(built.body.complete as string, [customer]);

      const after = await referenceTokenUtxo();
      assert.equal(after.input.txHash, txHash);
      assert.equal(after.input.outputIndex, 0);
      assert.equal(
        (await utxosAt(service, SC_ADDRESS)).some((u) => u.input.txHash === before.input.txHash),
        false,
        "the old reference output is spent",
      );
      assert.deepEqual(
        datumJson(after.output.plutusData!),
        cip68Datum([
          ["name", assetName],
          ["nickname", "customer_updated"],
        ]),
      );
      const [fee, ...others] = outputsOf(await utxosAt(service, admin.address), txHash);
      assert.equal(others.length, 0);
      assert.equal(fee!.input.outputIndex, 1);
      assert.deepEqual(fee!.output.amount, [{ unit: "lovelace", quantity: "1000000" }]);
      assert.equal(
        totalOf(await utxosAt(service, customer.address), userUnit),
        1n,
        "the user token comes back to the customer",
      );
    });

    /** admin-update.ts's body, for the reference token minted here (its TX_HASH, TX_OUTPUT_INDEX and asset name). */
    async function adminUpdateBody(signed: boolean) {
      const META_MANAGER_KEY_HASH = admin.keyHash;
      const current = await referenceTokenUtxo();
      const TX_HASH = current.input.txHash;
      const TX_OUTPUT_INDEX = String(current.input.outputIndex);
      return {
        changeAddress: customer.address,
        message: "CIP-68 Admin Update Example",
        scriptInteractions: [
          {
            purpose: "spend",
            hash: SCRIPT_HASH,
            outputRef: { txHash: TX_HASH, index: TX_OUTPUT_INDEX },
            redeemer: { type: "json", value: { output_index: 0, update: "AdminUpdate" } },
          },
        ],
        outputs: [
          {
            address: SC_ADDRESS,
            assets: [
              { assetName: { name: assetName, label: 100, format: "utf8" }, policyId: SCRIPT_HASH, quantity: 1 },
            ],
            datum: {
              type: "inline",
              shape: { validatorHash: SCRIPT_HASH, purpose: "spend" },
              value: {
                metadata: [
                  ["name", assetName],
                  ["nickname", "datum_updated"],
                ],
                version: 1,
              },
            },
          },
        ],
        requiredSigners: signed ? [META_MANAGER_KEY_HASH] : [],
        preloadedScripts: [parameterizedScript],
      };
    }

    it("refuses an admin update the manager does not sign (422)", async () => {
      const response = await call<"buildTransaction">("POST", "/transactions/build", await adminUpdateBody(false));
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.match(response.body.message, /^A Plutus script of this transaction refuses it\b/);
      assert.match(response.body.message, /update_authorized \? False/);
    });

    it("admin-update.ts: the manager rewrites the datum", async () => {
      const built = await call<"buildTransaction">("POST", "/transactions/build", await adminUpdateBody(true));
      assert.equal(built.status, 200, JSON.stringify(built.body));
      const txHash = await signAndSubmit(built.body.complete as string, [customer, admin]);
      const after = await referenceTokenUtxo();
      assert.equal(after.input.txHash, txHash);
      assert.deepEqual(
        datumJson(after.output.plutusData!),
        cip68Datum([
          ["name", assetName],
          ["nickname", "datum_updated"],
        ]),
      );
      assert.equal(totalOf(await utxosAt(service, customer.address), userUnit), 1n);
    });

    it("cip68MetadataUpdates of the script-held reference token: spent by its scriptInteractions entry (AdminUpdate), re-created as output 0", async () => {
      const update = {
        changeAddress: customer.address,
        cip68MetadataUpdates: [
          {
            policyId: SCRIPT_HASH,
            assetName: { name: assetName, format: "utf8", label: 100 },
            metadata: { name: assetName, nickname: "via_update" },
            action: "update",
          },
        ],
        preloadedScripts: [parameterizedScript],
      };
      const missing = await call<"buildTransaction">("POST", "/transactions/build", update);
      assert.equal(missing.status, 400, JSON.stringify(missing.body));
      assert.match(
        missing.body.message,
        /^body\.cip68MetadataUpdates\[0\]: .* is held at the script address .*: add to body\.scriptInteractions \{purpose: "spend"/,
      );

      const current = await referenceTokenUtxo();
      const built = await call<"buildTransaction">("POST", "/transactions/build", {
        ...update,
        scriptInteractions: [
          {
            purpose: "spend",
            hash: SCRIPT_HASH,
            outputRef: { txHash: current.input.txHash, index: current.input.outputIndex },
            redeemer: { type: "json", value: { output_index: 0, update: "AdminUpdate" } },
          },
        ],
        requiredSigners: [admin.keyHash],
      });
      assert.equal(built.status, 200, JSON.stringify(built.body));
      const txHash = await signAndSubmit(built.body.complete as string, [customer, admin]);
      const after = await referenceTokenUtxo();
      assert.equal(after.input.txHash, txHash);
      assert.equal(after.input.outputIndex, 0);
      // The metadata replaced; the version (1) and extra_datum (None) kept from the old datum.
      assert.deepEqual(
        datumJson(after.output.plutusData!),
        cip68Datum([
          ["name", assetName],
          ["nickname", "via_update"],
        ]),
      );
    });
  });
}
