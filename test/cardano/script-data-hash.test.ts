// The script data hash (script_integrity_data) over the language views of every Plutus version a
// transaction runs, against cardano-serialization-lib's hash_script_data: V1's double encoding,
// V2 and V3 as definite lists, and the canonical order of several languages in one map.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { CborWriter } from "../../src/cardano/cbor.js";
import { languageViews, scriptDataHash, writeRedeemers } from "../../src/cardano/tx-encode.js";
import { DEVNET_COST_MODELS_BY_LANGUAGE } from "../../src/chain/protocol-params.js";

const MODELS = {
  V1: DEVNET_COST_MODELS_BY_LANGUAGE.PlutusV1,
  V2: DEVNET_COST_MODELS_BY_LANGUAGE.PlutusV2,
  V3: DEVNET_COST_MODELS_BY_LANGUAGE.PlutusV3,
};
const CSL_LANGUAGE = {
  V1: () => CSL.Language.new_plutus_v1(),
  V2: () => CSL.Language.new_plutus_v2(),
  V3: () => CSL.Language.new_plutus_v3(),
};

function cslHash(versions: readonly ("V1" | "V2" | "V3")[], redeemers: Uint8Array, datums: Uint8Array | null): string {
  const models = CSL.Costmdls.new();
  for (const v of versions) {
    const model = CSL.CostModel.new();
    // Costs can exceed 32 bits: each goes through a BigNum.
    MODELS[v].forEach((cost, i) =>
      model.set(
        i,
        cost < 0
          ? CSL.Int.new_negative(CSL.BigNum.from_str(String(-cost)))
          : CSL.Int.new(CSL.BigNum.from_str(String(cost))),
      ),
    );
    models.insert(CSL_LANGUAGE[v](), model);
  }
  const list = datums ? CSL.PlutusList.from_bytes(datums) : undefined;
  return CSL.hash_script_data(CSL.Redeemers.from_bytes(redeemers), models, list).to_hex();
}

describe("script data hash", () => {
  const redeemers = writeRedeemers([
    { tag: 0, index: 0, data: new CborWriter().tag(121).array(0).finish(), budget: { mem: 1200n, steps: 340000n } },
  ]);
  const datum = new CborWriter().tag(121).array(1).bytes(new Uint8Array(28).fill(7)).finish();
  // The datums field as the witness set holds it (a tag-258 set): the hash covers those bytes.
  const datums = new CborWriter().tag(258).array(1).raw(datum).finish();
  for (const versions of [["V1"], ["V2"], ["V3"], ["V1", "V2"], ["V2", "V3"], ["V1", "V2", "V3"]] as const) {
    it(`hashes the language views of ${versions.join(" + ")} as the ledger does`, () => {
      const views = languageViews(Object.fromEntries(versions.map((v) => [v, MODELS[v]])));
      for (const d of [null, datums]) {
        assert.equal(
          Buffer.from(scriptDataHash(d, { redeemers, languageViews: views })).toString("hex"),
          cslHash(versions, redeemers, d),
          `${versions.join("+")} ${d ? "with" : "without"} datums`,
        );
      }
    });
  }
});
