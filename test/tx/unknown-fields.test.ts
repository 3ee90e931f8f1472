// Issue #13 item 3: unknown fields where they are tolerated. A typo of a known field (a known
// confusion, a difference of case, an edit distance of at most 2) is a 400 SVC_ERR_UNKNOWN_FIELD
// naming the field and what was meant, at any depth; any other unknown field is ignored and named
// in the `warnings` of the 200 answer, which is absent when there is none.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { editDistance, suggestionFor, suggestionsFor } from "../../src/server/unknown-field-rules.js";
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
  const response = await service.request<"buildTransaction">("POST", "/transactions/build", body);
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
    const plain = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 2_000_000 }],
    });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.equal("warnings" in plain.body, false);

    const response = await service.request<"buildTransaction">("POST", "/transactions/build", {
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
    const response = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, datum: { type: "inline", value: { constructor: 0, fields: [] } } }],
      metadata: { "1": { amount: 1, messages: "x" } },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.warnings, undefined);
  });

  test("the OpenAPI document shows warnings on the build answer", async () => {
    // The one path of the document this test reads, declared (support/openapi.ts reads it whole).
    type Schema = { properties: { warnings: { type: string; description: string } } };
    type Post = { post: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } };
    const doc = (
      await service.request<{ status: number; headers: Headers; body: { paths: Record<string, Post> } }>(
        "GET",
        "/openapi.json",
      )
    ).body;
    const ok = doc.paths["/v2/services/transactions/build"]!.post.responses["200"]!.content["application/json"]!.schema;
    assert.equal(ok.properties.warnings.type, "array");
    assert.match(ok.properties.warnings.description, /Absent when there is none/);
  });

  test("closed bodies keep refusing unknown fields as before", async () => {
    const response = await service.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: "00",
      signaturs: [],
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.code, "SVC_ERR_UNKNOWN_FIELD");
  });
});

describe("did you mean, on every body and query string (issue #22 item 7)", () => {
  const T = "ab".repeat(32);

  test("registerAddress → registererAddress, witnesses → signatures, on closed bodies too", async () => {
    const register = await service.request<"registerToTournament">("POST", `/tournaments/${T}/register`, {
      registerAddress: alice.address,
      utxos: [],
    });
    assert.equal(register.status, 400);
    assert.deepEqual(
      [register.body.code, register.body.message],
      [
        "SVC_ERR_UNKNOWN_FIELD",
        "body.registerAddress is not a field of the request body; did you mean registererAddress?",
      ],
    );
    for (const path of ["/transactions/submit", "/tournaments/submit-tx"]) {
      const submit = await service.request<"error">("POST", path, { transaction: "84a0", witnesses: ["a100"] });
      assert.deepEqual(
        [submit.status, submit.body.code, submit.body.message],
        [400, "SVC_ERR_UNKNOWN_FIELD", "body.witnesses is not a field of the request body; did you mean signatures?"],
      );
    }
  });

  test("Blockfrost's {unit, quantity} asset and its amount list: the message maps them to ours", async () => {
    const unit = `${POLICY}74657374`;
    await refused(
      { changeAddress: alice.address, outputs: [{ address: bob.address, assets: [{ unit, quantity: "5" }] }] },
      "body.outputs[0].assets[0].unit is not a field of an asset: an asset here is {policyId, assetName, quantity}, not Blockfrost's " +
        "{unit, quantity}. A unit is the policy ID (56 hex digits) followed by the asset name (hex): send body.outputs[0].assets[0] as " +
        `{"policyId": "${POLICY}", "assetName": "74657374", "quantity": "5"}.`,
    );
    await refused(
      {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, assets: [{ unit: "lovelace", quantity: 5 }] }],
      },
      'body.outputs[0].assets[0].unit is not a field of an asset: Blockfrost\'s {unit: "lovelace", quantity} is not an asset here; ' +
        "put the quantity in the output's lovelace field instead.",
    );
    await refused(
      {
        changeAddress: alice.address,
        outputs: [
          {
            address: bob.address,
            amount: [
              { unit: "lovelace", quantity: "2000000" },
              { unit, quantity: "5" },
            ],
          },
        ],
      },
      "body.outputs[0].amount is not a field of an output: Blockfrost's amount list [{unit, quantity}] is written here as lovelace " +
        '(the unit "lovelace") and assets [{policyId, assetName, quantity}] (a unit is the policy ID, 56 hex digits, followed by the ' +
        `asset name in hex): send {"lovelace": "2000000", "assets": [{"policyId": "${POLICY}", "assetName": "74657374", "quantity": "5"}]}.`,
    );
  });

  test("unknown query parameters: 400 naming the parameter, with did you mean or what the endpoint takes", async () => {
    const cases: [string, string][] = [
      ["/tournaments?limt=3", "query.limt is not a query parameter of this endpoint; did you mean limit?"],
      [
        "/tournaments?foo=3",
        "query.foo is not a query parameter of this endpoint, which takes limit, cursor, pageState, contractTitle, contractVersion.",
      ],
      [
        `/addresses/${alice.address}/utxos?veiw=decoded`,
        "query.veiw is not a query parameter of this endpoint; did you mean view?",
      ],
      [`/transactions/${T}?foo=1`, "query.foo is not a query parameter of this endpoint, which takes view."],
      ["/devnet/snapshots?limit=1", "query.limit is not a query parameter of this endpoint, which takes none."],
    ];
    for (const [path, message] of cases) {
      const response = await service.request<"error">("GET", path);
      assert.deepEqual(
        [response.status, response.body.code, response.body.message],
        [400, "SVC_ERR_UNKNOWN_FIELD", message],
        path,
      );
    }
    // Health, at the root and under the base path (load balancers and monitors add queries of their
    // own), and the Blockfrost-compatible API are left as they are.
    assert.equal((await fetch(`${service.url}/health?verbose=1`)).status, 200);
    assert.equal((await service.request<"getHealth">("GET", "/health?verbose=1")).status, 200);
  });

  test("property: any single-edit misspelling of a known body field or query parameter gets that field suggested", async () => {
    const doc = (await service.request("GET", "/openapi.json")).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
            parameters?: { in: string; name: string }[];
          }
        >
      >;
    };
    const targets: { method: string; path: string; where: "body" | "query"; known: string[] }[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      const path = template.replace(/^\/v2\/services/, "").replace(/\{[^}]+\}/g, "x");
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content?.["application/json"]?.schema;
        const known = Object.keys(schema?.properties ?? {});
        if (known.length > 0) targets.push({ method, path, where: "body", known });
        const query = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
        if (query.length > 0) targets.push({ method, path, where: "query", known: query });
      }
    }
    assert.ok(targets.length >= 30, `${targets.length} bodies and query strings`);
    const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const edit = (name: string) =>
      fc.oneof(
        fc.tuple(fc.nat(name.length), letter).map(([i, c]) => name.slice(0, i) + c + name.slice(i)),
        fc.nat(name.length - 1).map((i) => name.slice(0, i) + name.slice(i + 1)),
        fc.tuple(fc.nat(name.length - 1), letter).map(([i, c]) => name.slice(0, i) + c + name.slice(i + 1)),
        fc.nat(Math.max(0, name.length - 2)).map((i) => name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2)),
      );
    const cases = fc
      .constantFrom(...targets)
      .chain((target) =>
        fc.constantFrom(...target.known).chain((field) => edit(field).map((typo) => ({ ...target, field, typo }))),
      )
      // A misspelling that is a known field, or a name this service explains otherwise (Blockfrost's unit and amount), is not a typo.
      .filter(({ known, typo }) => !known.includes(typo) && typo !== "" && !["unit", "amount"].includes(typo));
    await fc.assert(
      fc.asyncProperty(cases, async ({ method, path, where, field, typo }) => {
        const response =
          where === "body"
            ? await service.request<"error">(method.toUpperCase(), path, { [typo]: 1 })
            : await service.request<"error">(method.toUpperCase(), `${path}?${encodeURIComponent(typo)}=1`);
        assert.equal(response.status, 400, JSON.stringify(response.body));
        assert.equal(response.body.code, "SVC_ERR_UNKNOWN_FIELD");
        const meant = /did you mean (.*)\?$/.exec(String(response.body.message))?.[1]?.split(/, | or /);
        assert.ok(
          meant?.includes(field),
          `${method} ${path} ${where}.${typo}: ${response.body.message} (meant ${field})`,
        );
      }),
      { numRuns: 300 },
    );
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
    assert.deepEqual(
      suggestionsFor("limt", ["limit", "lint"]),
      ["limit", "lint"],
      "every field at the smallest distance",
    );
    assert.deepEqual(suggestionsFor("witnesses", ["transaction", "signatures"]), ["signatures"]);
  });
});
