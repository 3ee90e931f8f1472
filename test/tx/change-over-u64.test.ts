// A change of more than 2^64 - 1 of one token, through POST /transactions/build on the devnet: an
// output holds at most 2^64 - 1 of a unit, but a wallet can hold more over several UTxOs (a mint
// is at most 2^63 - 1: three of them). Spending them together used to answer a 500 ("… does not
// fit a CBOR head"); the change is now split over outputs that each hold at most 2^64 - 1.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit, utf8Hex } from "../support/transactions-api.js";
import { txOf } from "../support/tx-decode.js";
import { quantityOf, utxosAt } from "../support/utxos.js";
import { fund, newBaseWallet, signaturePolicy } from "../support/wallets.js";

const U64_MAX = 2n ** 64n - 1n;
const MINT_MAX = "9_223_372_036_854_775_807"; // 2^63 - 1, the ledger's largest mint

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

describe("build: a change over 2^64 - 1 of a token", () => {
  test("three mints of 2^63 - 1 spent together: the change split over two outputs (it was a 500)", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 100_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const unit = policyId + utf8Hex("Many");
    const mint = (extra: object) => ({
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [{ version: "cip25", assetName: { name: "Many", format: "utf8" }, policyId, quantity: MINT_MAX, ...extra }],
    });
    for (let i = 0; i < 2; i++)
      await signAndSubmit(service, await build(service, mint({ destAddress: alice.address })), [alice]);
    const holders = (await utxosAt(service, alice.address)).filter((u) => quantityOf(u, unit) > 0n);
    assert.equal(holders.length, 2);

    // The third mint goes to the change, with the two UTxOs that hold the first two.
    const built = await build(service, { ...mint({}), requiredInputs: holders.map(encodeUtxo) });
    const body = txOf(built.complete).body();
    const outputs = Array.from({ length: body.outputs().len() }, (_, i) => body.outputs().get(i));
    const policy = CSL.ScriptHash.from_hex(policyId);
    const name = CSL.AssetName.new(Buffer.from(utf8Hex("Many"), "hex"));
    const quantities = outputs.map((o) => BigInt(o.amount().multiasset()?.get_asset(policy, name).to_str() ?? "0"));
    assert.deepEqual(quantities, [U64_MAX, 3n * (2n ** 63n - 1n) - U64_MAX]);
    assert.deepEqual(
      outputs.map((o) => o.address().to_bech32()),
      [alice.address, alice.address],
    );
    // Not submitted: the devnet's ledger (Scalus) reads an output's quantity as a signed 64-bit
    // integer and refuses any over 2^63 - 1 ("Expected Long but got OverLong"), one output or two,
    // where the Conway ledger takes up to 2^64 - 1.
  });
});
