// POST /blueprints/apply-params through real HTTP, with the hosted examples' request
// (utility-functions/apply_params.ts: "Hello, Anvil!" applied to hello-world-with-params): the
// preloadedScript is a CIP-57 blueprint that re-validates, whose applied validator's hash is the
// script hash of its code and of the address answered; the blueprint may be sent, stored, or named
// by {title, version}; refusals name the field, and a hash nobody of yours stores is a 404.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { parseBlueprint, plutusScriptHash } from "../../src/blueprints/blueprint.js";
import { startService, type RunningService } from "../support/service.js";

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/blueprints/${name}`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;
const WITH_PARAMS = fixture("hello-world-with-params.plutus.json");
const HELLO = fixture("hello-world.plutus.json");
const HASH = "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173";
const HELLO_HASH = "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570";
const SECRET = Buffer.from("Hello, Anvil!").toString("hex");
const LIMITS = { perDay: 100_000, perSecond: 1000, burst: 1000 };

describe("POST /blueprints/apply-params", () => {
  let service: RunningService;
  let key: string;
  let other: string;
  before(async () => {
    service = await startService({}, { chain: null });
    key = (await service.app.keyStore.create({ name: "owner", env: "testnet", limits: LIMITS })).key;
    other = (await service.app.keyStore.create({ name: "other", env: "testnet", limits: LIMITS })).key;
  });
  after(() => service.close());

  const apply = (body: unknown, apiKey: string | null = key) =>
    service.request<"applyBlueprintParams">(
      "POST",
      "/blueprints/apply-params",
      body,
      apiKey === null ? {} : { "x-api-key": apiKey },
    );

  let answer: {
    preloadedScript: { type: string; blueprint: Record<string, unknown> };
    addresses: Record<string, { bech32: string; hex: string }>;
    hashes: Record<string, string>;
  };

  it("applies the example's parameter to the sent blueprint: a preloaded script that re-validates, with the new hash and its address", async () => {
    const response = await apply({ params: { [HASH]: [SECRET] }, blueprint: WITH_PARAMS });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    answer = response.body;
    const newHashes = Object.keys(answer.addresses);
    assert.equal(newHashes.length, 1);
    const newHash = newHashes[0]!;
    assert.notEqual(newHash, HASH);
    assert.deepEqual(answer.hashes, { [HASH]: newHash });
    // create-mint.ts reads addresses[hash].bech32; lock examples pay the hex form.
    assert.equal(answer.addresses[newHash]!.hex, `70${newHash}`);
    assert.match(answer.addresses[newHash]!.bech32, /^addr_test1w/);
    const address = await service.request<"getValidatorAddress">("GET", `/validators/${newHash}/address`);
    assert.deepEqual(address.body, answer.addresses[newHash]);

    assert.equal(answer.preloadedScript.type, "plutus");
    const blueprint = parseBlueprint(answer.preloadedScript.blueprint, "preloadedScript.blueprint");
    assert.deepEqual(
      blueprint.validators.map((v) => [v.title, v.hash, v.parameters.length]),
      [
        ["hello_world.hello_world.spend", newHash, 0],
        ["hello_world.hello_world.else", newHash, 0],
      ],
    );
    for (const v of blueprint.validators) assert.equal(plutusScriptHash(v.compiledCode, v.version), newHash);
    const raw = answer.preloadedScript.blueprint as {
      preamble: unknown;
      definitions: unknown;
      validators: Record<string, unknown>[];
    };
    assert.deepEqual(raw.preamble, WITH_PARAMS["preamble"]);
    assert.deepEqual(raw.definitions, WITH_PARAMS["definitions"]);
    const source = (WITH_PARAMS["validators"] as Record<string, unknown>[])[0]!;
    assert.deepEqual(raw.validators[0]!["datum"], source["datum"], "the datum schema is kept");
    assert.deepEqual(raw.validators[0]!["redeemer"], source["redeemer"], "the redeemer schema is kept");
    assert.ok(!("parameters" in raw.validators[0]!), "the parameters are applied");
  });

  it("gives the same answer from the caller's stored blueprint (by hash, or named by title and version), and stores nothing", async () => {
    assert.equal((await apply({ params: { [HASH]: [SECRET] } })).status, 404, "nothing stored yet");
    const stored = await service.request<"upsertBlueprint">(
      "POST",
      "/blueprints",
      { blueprint: WITH_PARAMS },
      { "x-api-key": key },
    );
    assert.equal(stored.status, 200);
    // A blueprint of the same title and version that does not hold the hash is passed over.
    assert.equal(
      (await service.request<"upsertBlueprint">("POST", "/blueprints", { blueprint: HELLO }, { "x-api-key": key }))
        .status,
      200,
    );
    const byHash = await apply({ params: { [HASH]: [SECRET] } });
    assert.equal(byHash.status, 200, JSON.stringify(byHash.body));
    assert.deepEqual(byHash.body, answer);
    const byName = await apply({
      params: { [HASH.toUpperCase()]: [SECRET] },
      blueprint: { title: "anvil-api-examples/hello-world", version: "0.0.0" },
    });
    assert.equal(byName.status, 200, JSON.stringify(byName.body));
    assert.deepEqual(byName.body.addresses, answer.addresses);
    const listed = await service.request<"listBlueprints">("GET", "/blueprints", undefined, { "x-api-key": key });
    assert.equal(listed.body.results!.length, 2, "apply-params stored nothing");
    // The applied blueprint can be stored, and its validator then serializes by hash.
    const newHash = Object.keys(answer.addresses)[0]!;
    const storedApplied = await service.request<"upsertBlueprint">(
      "POST",
      "/blueprints",
      { blueprint: answer.preloadedScript.blueprint },
      { "x-api-key": key },
    );
    assert.equal(storedApplied.status, 200, JSON.stringify(storedApplied.body));
    assert.deepEqual(Object.keys(storedApplied.body.scriptAddresses), [newHash]);
    const datum = await service.request<"serializeValidatorData">(
      "POST",
      `/validators/${newHash}/serialize`,
      { type: "datum", purpose: "spend", data: { owner: "ab".repeat(28) } },
      { "x-api-key": key },
    );
    assert.equal(datum.status, 200, JSON.stringify(datum.body));
  });

  it("answers 404 when the caller stores no blueprint holding the hash or of that title (another key's counts as none)", async () => {
    const byHash = await apply({ params: { [HASH]: [SECRET] } }, other);
    assert.equal(byHash.status, 404);
    assert.ok(byHash.body.message.includes(HASH), byHash.body.message);
    const byName = await apply(
      { params: { [HASH]: [SECRET] }, blueprint: { title: "anvil-api-examples/hello-world" } },
      other,
    );
    assert.equal(byName.status, 404);
    assert.match(byName.body.message, /no blueprint titled "anvil-api-examples\/hello-world"/);
  });

  it("refuses what cannot be applied, naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [{ params: {}, blueprint: WITH_PARAMS }, /^body\.params names no validator/],
      [
        { params: { [HELLO_HASH]: [SECRET] }, blueprint: WITH_PARAMS },
        new RegExp(`^body\\.params\\.${HELLO_HASH} names no validator of the blueprint`),
      ],
      [{ params: { [HASH]: [] }, blueprint: WITH_PARAMS }, new RegExp(`body\\.params\\.${HASH}`)],
      [{ params: { [HASH]: [SECRET, SECRET] }, blueprint: WITH_PARAMS }, new RegExp(`body\\.params\\.${HASH}`)],
      [{ params: { [HASH]: [42] }, blueprint: WITH_PARAMS }, new RegExp(`body\\.params\\.${HASH}\\[0\\]`)],
      [
        { params: { [HASH]: "not a list" }, blueprint: WITH_PARAMS },
        new RegExp(`^body\\.params\\.${HASH} must be array`),
      ],
      [{ params: { "my-validator": [SECRET] } }, /^body\.params\.my-validator: params are keyed by validator hash/],
      [
        { params: { [HASH]: [SECRET], [HASH.toUpperCase()]: [SECRET] }, blueprint: WITH_PARAMS },
        /^body\.params names a validator twice/,
      ],
      [{ params: { [HASH]: [SECRET] }, blueprint: "plutus.json" }, /^body\.blueprint must be object/],
      [{ params: { [HASH]: [SECRET] }, blueprint: { preamble: {}, validators: [] } }, /^body\.blueprint/],
      [{ params: { [HASH]: [SECRET] }, blueprint: WITH_PARAMS, extra: true }, /unknown field "extra"/],
    ];
    for (const [body, message] of cases) {
      const response = await apply(body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 200));
      assert.match(response.body.message, message);
    }
  });
});
