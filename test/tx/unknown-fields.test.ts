// Issue #13 item 3: unknown fields where they are tolerated. A typo of a known field (a known
// confusion, a difference of case, an edit distance of at most 2) is a 400 SVC_ERR_UNKNOWN_FIELD
// naming the field and what was meant, at any depth; any other unknown field is ignored and named
// in the `warnings` of the 200 answer, which is absent when there is none.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { editDistance, suggestionFor } from "../../src/server/unknown-fields.js";
import { startService, type RunningService } from "../support/service.js";
import { fund, newBaseWallet, type TestWallet } from "../support/wallets.js";

let service: RunningService;
let alice: TestWallet;
let bob: TestWallet;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
  [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
  await fund(service, alice.address, 50_000_000);
});
after(async () => {
  await service.close();
});

const POLICY = "4d5bd6249f0d9e4b2762ce334e2973dc7fd414ec1e08b4b0c2159bfb";
const TX = "a68c52abfbb6f0543f452f5305a13cefa3f112e53e2733e1023b3340f6d97b9a";

async function refused(body: object, message: string): Promise<void> {
  const response = await service.request("POST", "/transactions/build", body);
  assert.equal(response.status, 400, JSON.stringify(response.body));
  assert.deepEqual([response.body.code, response.body.message], ["SVC_ERR_UNKNOWN_FIELD", message]);
}

describe("POST /transactions/build: did you mean …?", () => {
  test("a known confusion: amount for lovelace, in an output", async () => {
    await refused(
      { changeAddress: alice.address, outputs: [{ address: bob.address, amount: 5_000_000 }] },
      "body.outputs[0].amount is not a field of an output; did you mean lovelace?",
    );
  });

  test("typos at the top level: messages, validityIntervall, changeadress (case and a letter)", async () => {
    const base = { changeAddress: alice.address, outputs: [{ address: bob.address, lovelace: 2_000_000 }] };
    await refused(
      { ...base, messages: ["hello"] },
      "body.messages is not a field of the request body; did you mean message?",
    );
    await refused(
      { ...base, validityIntervall: { end: false } },
      "body.validityIntervall is not a field of the request body; did you mean validityInterval?",
    );
    await refused(
      { changeadress: alice.address },
      "body.changeadress is not a field of the request body; did you mean changeAddress?",
    );
    await refused(
      { ...base, ChangeAddress: alice.address },
      "body.ChangeAddress is not a field of the request body; did you mean changeAddress?",
    );
  });

  test("nested: mint[i], scriptInteractions[i], delegations[i], outputs[i].assets[j], validityInterval", async () => {
    const base = { changeAddress: alice.address };
    await refused(
      {
        ...base,
        mint: [
          { version: "cip25", assetName: { name: "x", format: "utf8" }, policyId: POLICY, quantity: 1, metdata: {} },
        ],
      },
      "body.mint[0].metdata is not a field of a mint entry; did you mean metadata?",
    );
    await refused(
      {
        ...base,
        scriptInteractions: [{ purpose: "spend", hash: POLICY, outputRef: { txHash: TX, index: 0 }, redeemr: "00" }],
      },
      "body.scriptInteractions[0].redeemr is not a field of a script interaction; did you mean redeemer?",
    );
    await refused(
      {
        ...base,
        scriptInteractions: [{ purpose: "spend", hash: POLICY, outputRef: { txHash: TX, index: 0, indx: 1 } }],
      },
      "body.scriptInteractions[0].outputRef.indx is not a field of body.scriptInteractions[0].outputRef; did you mean index?",
    );
    await refused(
      { ...base, delegations: [{ type: "pool", address: alice.address, keyhash: "pool1" }] },
      "body.delegations[0].keyhash is not a field of a delegation; did you mean keyHash?",
    );
    await refused(
      {
        ...base,
        outputs: [{ address: bob.address, assets: [{ policyId: POLICY, assetName: "00", quantity: 1, qty: 1 }] }],
      },
      "body.outputs[0].assets[0].qty is not a field of an asset; did you mean quantity?",
    );
    await refused(
      { ...base, validityInterval: { ends: false } },
      "body.validityInterval.ends is not a field of body.validityInterval; did you mean end?",
    );
  });
});

describe("POST /transactions/build: other unknown fields are warnings", () => {
  test("foreign fields at the top and nested are ignored and named; none: no warnings field", async () => {
    const plain = await service.request("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 2_000_000 }],
    });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.equal("warnings" in plain.body, false);

    const response = await service.request("POST", "/transactions/build", {
      changeAddress: alice.address,
      walletName: "nami",
      outputs: [{ address: bob.address, lovelace: 2_000_000, comment: "rent" }],
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.warnings, [
      "body.walletName is not a field of the request body: it was ignored.",
      "body.outputs[0].comment is not a field of an output: it was ignored.",
    ]);
  });

  test("free-form values (metadata, datums) are not checked", async () => {
    const response = await service.request("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, datum: { type: "inline", value: { constructor: 0, fields: [] } } }],
      metadata: { "1": { amount: 1, messages: "x" } },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.warnings, undefined);
  });

  test("the OpenAPI document shows warnings on the build answer", async () => {
    const doc = (await service.request("GET", "/openapi.json")).body;
    const ok = doc.paths["/v2/services/transactions/build"].post.responses["200"].content["application/json"].schema;
    assert.equal(ok.properties.warnings.type, "array");
    assert.match(ok.properties.warnings.description, /Absent when there is none/);
  });

  test("closed bodies keep refusing unknown fields as before", async () => {
    const response = await service.request("POST", "/transactions/submit", { transaction: "00", signaturs: [] });
    assert.equal(response.status, 400);
    assert.equal(response.body.code, "SVC_ERR_UNKNOWN_FIELD");
  });
});

describe("the distance", () => {
  test("Damerau-Levenshtein, with transpositions; short names need a closer match", () => {
    assert.equal(editDistance("lovelace", "lovleace"), 1);
    assert.equal(editDistance("changeadress", "changeaddress"), 1);
    assert.equal(suggestionFor("utxo", ["utxos"]), "utxos");
    assert.equal(suggestionFor("id", ["to"]), undefined);
    assert.equal(suggestionFor("name", ["mint", "meta"]), undefined);
    assert.equal(suggestionFor("amount", ["address", "lovelace"]), "lovelace");
    assert.equal(suggestionFor("amount", ["address"]), undefined, "a confusion only where its target exists");
  });
});
