// POST, GET and DELETE /blueprints through real HTTP on the devnet service, with API keys: the
// hosted examples' upload and its second POST with refs, what the answer says (validators, purposes,
// script addresses of this network), filters and pages, refusals naming the field, owners kept apart
// (another key's blueprints are a 404), the keyless requests' own space, a rotated key keeping its
// blueprints, and blueprints surviving a restart on the same DATA_DIR.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/blueprints/${name}`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;
const HELLO = fixture("hello-world.plutus.json");
const WITH_PARAMS = fixture("hello-world-with-params.plutus.json");
const HELLO_HASH = "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570";
const WITH_PARAMS_HASH = "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173";
/** What the hosted example (1_upload_blueprint.ts) locks to on preprod: the same enterprise script address on every testnet. */
const HELLO_ADDRESS = "addr_test1wpstyq5yshslvx2gw6tnulc6g7quuctdsvx6g946klyc2uq746297";
const TX = "80d231e6a5a5882a7e92dfc418eb91f7f82704d5c75bd55a38776057e1b401d6";

const LIMITS = { perDay: 100_000, perSecond: 1000, burst: 1000 };

describe("blueprints over HTTP, per API key", () => {
  let dataDir: string;
  let service: RunningService;
  let keyA: string;
  let keyB: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "txsvc-blueprints-http-"));
    service = await startService({}, { dataDir });
    keyA = (await service.app.keyStore.create({ name: "alice", env: "testnet", limits: LIMITS })).key;
    keyB = (await service.app.keyStore.create({ name: "bob", env: "testnet", limits: LIMITS })).key;
  });
  after(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (key: string | null): Record<string, string> => (key === null ? {} : { "x-api-key": key });
  const post = (body: unknown, key: string | null) =>
    service.request<"upsertBlueprint">("POST", "/blueprints", body, as(key));
  const list = (query: string, key: string | null) =>
    service.request<"listBlueprints">("GET", `/blueprints${query}`, undefined, as(key));
  const remove = (id: string, key: string | null) =>
    service.request<"deleteBlueprint">("DELETE", `/blueprints/${id}`, undefined, as(key));

  let helloId: string;

  it("stores the hello-world blueprint and answers its validators and this network's script addresses", async () => {
    const response = await post({ blueprint: HELLO }, keyA);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const body = response.body;
    helloId = body.id;
    assert.match(body.id, /^[0-9a-f]{12}$/);
    assert.equal(body.created, true);
    assert.equal(body.title, "anvil-api-examples/hello-world");
    assert.equal(body.version, "0.0.0");
    assert.deepEqual(body.validators, [
      {
        title: "hello_world.hello_world.spend",
        hash: HELLO_HASH,
        purposes: ["spend"],
        plutusVersion: "V3",
        parameters: 0,
      },
      { title: "hello_world.hello_world.else", hash: HELLO_HASH, purposes: [], plutusVersion: "V3", parameters: 0 },
    ]);
    // The examples read scriptAddresses[validator.hash]: an enterprise script address of the testnets.
    assert.deepEqual(body.scriptAddresses, { [HELLO_HASH]: HELLO_ADDRESS });
    assert.match(body.scriptAddresses[HELLO_HASH], /^addr_test1w/);
    assert.deepEqual(body.refs, {});
    assert.ok(Number.isInteger(body.createdAt) && body.createdAt === body.updatedAt);
  });

  it("records refs with a second POST of the same blueprint (as 1_upload_blueprint.ts does), and keeps them on a later POST without", async () => {
    const withRefs = await post({ blueprint: HELLO, refs: { [HELLO_HASH]: { txHash: TX, index: 0 } } }, keyA);
    assert.equal(withRefs.status, 200, JSON.stringify(withRefs.body));
    assert.equal(withRefs.body.id, helloId);
    assert.equal(withRefs.body.created, false);
    assert.deepEqual(withRefs.body.refs, { [HELLO_HASH]: { txHash: TX, index: 0 } });
    // An index as a string of digits, a hash in upper case: taken as the same.
    const moved = await post(
      { blueprint: HELLO, refs: { [HELLO_HASH.toUpperCase()]: { txHash: TX.toUpperCase(), index: "2" } } },
      keyA,
    );
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(moved.body.refs, { [HELLO_HASH]: { txHash: TX, index: 2 } });
    const again = await post({ blueprint: HELLO }, keyA);
    assert.deepEqual(again.body.refs, { [HELLO_HASH]: { txHash: TX, index: 2 } });
    assert.ok(again.body.updatedAt >= withRefs.body.updatedAt);
  });

  it("refuses refs that do not fit the blueprint, naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [
        { [WITH_PARAMS_HASH]: { txHash: TX, index: 0 } },
        new RegExp(
          `^body\\.refs\\.${WITH_PARAMS_HASH} names no validator of this blueprint: its validator hashes are ${HELLO_HASH}`,
        ),
      ],
      [
        { "not-a-hash": { txHash: TX, index: 0 } },
        /^body\.refs\.not-a-hash: a ref is keyed by a validator hash, 56 hex digits/,
      ],
      [{ [HELLO_HASH]: { txHash: "abc", index: 0 } }, /^body\.refs\.[0-9a-f]{56}\.txHash /],
      [{ [HELLO_HASH]: { txHash: TX, index: -1 } }, /^body\.refs\.[0-9a-f]{56}\.index /],
      [{ [HELLO_HASH]: { txHash: TX } }, /^body\.refs\.[0-9a-f]{56}\.index is required/],
      [{ [HELLO_HASH]: { txHash: TX, index: 0, extra: 1 } }, /unknown field "extra"/],
    ];
    for (const [refs, message] of cases) {
      const response = await post({ blueprint: HELLO, refs }, keyA);
      assert.equal(response.status, 400, JSON.stringify(refs));
      assert.match(response.body.message, message);
    }
  });

  it("refuses bodies that are not a blueprint, naming the field and the reason", async () => {
    const notObject = await post({ blueprint: "plutus.json" }, keyA);
    assert.equal(notObject.status, 400);
    assert.match(notObject.body.message, /^body\.blueprint must be object/);
    const missing = await post({ refs: {} }, keyA);
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /body\.blueprint is required/);
    const unknown = await post({ blueprint: HELLO, title: "x" }, keyA);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, "SVC_ERR_UNKNOWN_FIELD");
    // Not CIP-57: the path inside the blueprint is named.
    const broken = structuredClone(HELLO) as { validators: { compiledCode: string; hash: string }[] };
    broken.validators[1]!.compiledCode = "zz";
    const badCode = await post({ blueprint: broken }, keyA);
    assert.equal(badCode.status, 400);
    assert.match(badCode.body.message, /body\.blueprint\.validators\[1\]\.compiledCode/);
    const wrongHash = structuredClone(HELLO) as { validators: { hash: string }[] };
    wrongHash.validators[0]!.hash = "00".repeat(28);
    const badHash = await post({ blueprint: wrongHash }, keyA);
    assert.equal(badHash.status, 400);
    assert.match(badHash.body.message, /body\.blueprint\.validators\[0\]\.hash/);
  });

  it("stores blueprints that share a title and version as two (their hashes differ), and lists them with filters and pages", async () => {
    const second = await post({ blueprint: WITH_PARAMS }, keyA);
    assert.equal(second.status, 200);
    assert.equal(second.body.created, true);
    assert.notEqual(second.body.id, helloId);
    assert.deepEqual(
      second.body.validators.map((v: { parameters: number }) => v.parameters),
      [1, 1],
    );

    const all = await list("", keyA);
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.results!.map((r) => r.id),
      [helloId, second.body.id],
    );
    assert.equal(all.body.pageState, undefined);
    assert.equal("blueprint" in all.body.results![0]!, false, "without include=blueprint, no result carries its JSON");
    const withJson = await list("?include=blueprint", keyA);
    assert.deepEqual(
      withJson.body.results![0]!.blueprint,
      HELLO,
      "with include=blueprint, each result carries the blueprint as stored",
    );
    assert.deepEqual(
      { ...withJson.body.results![0]!, blueprint: undefined },
      { ...all.body.results![0]!, blueprint: undefined },
    );
    assert.equal((await list("?include=json", keyA)).status, 400);
    assert.deepEqual(all.body.results![0]!.refs, { [HELLO_HASH]: { txHash: TX, index: 2 } });

    const ids = async (query: string) => (await list(query, keyA)).body.results!.map((r) => r.id);
    assert.deepEqual(await ids(`?title=${encodeURIComponent("anvil-api-examples/hello-world")}`), [
      helloId,
      second.body.id,
    ]);
    assert.deepEqual(await ids(`?hash=${WITH_PARAMS_HASH}`), [second.body.id]);
    assert.deepEqual(await ids(`?hash=${HELLO_HASH.toUpperCase()}&version=0.0.0`), [helloId]);
    assert.deepEqual(await ids("?version=9.9.9"), []);
    assert.deepEqual(await ids("?title=nope"), []);

    const page1 = await list("?limit=1", keyA);
    assert.deepEqual(
      page1.body.results!.map((r) => r.id),
      [helloId],
    );
    assert.equal(typeof page1.body.cursor, "string");
    assert.equal(page1.body.pageState, page1.body.cursor, "pageState: the hosted API's name for the cursor");
    const page2 = await list(`?limit=1&cursor=${encodeURIComponent(page1.body.cursor!)}`, keyA);
    assert.deepEqual(
      page2.body.results!.map((r) => r.id),
      [second.body.id],
    );
    assert.equal(page2.body.pageState, undefined);
    assert.equal(page2.body.cursor, null);
    const byAlias = await list(`?limit=1&pageState=${encodeURIComponent(page1.body.cursor!)}`, keyA);
    assert.deepEqual(byAlias.body.results!, page2.body.results!);

    for (const [query, field] of [
      ["?limit=0", "query.limit"],
      ["?hash=123", "query.hash"],
      ["?pageState=garbage", "query.pageState"],
      ["?sort=title", "query"],
    ]) {
      const response = await list(query!, keyA);
      assert.equal(response.status, 400, query);
      assert.ok(response.body.message.startsWith(field!), `${query}: ${response.body.message}`);
    }
  });

  it("keeps keys apart: another key sees none of them, cannot delete them (404), and stores its own copy", async () => {
    assert.deepEqual((await list("", keyB)).body.results!, []);
    assert.deepEqual((await list(`?hash=${HELLO_HASH}`, keyB)).body.results!, []);
    const stolen = await remove(helloId, keyB);
    assert.equal(stolen.status, 404);
    assert.equal(stolen.body.code, "SVC_ERR_NOT_FOUND");
    assert.match(stolen.body.message, new RegExp(`no blueprint with the ID ${helloId}`));
    const own = await post({ blueprint: HELLO }, keyB);
    assert.equal(own.body.created, true);
    assert.notEqual(own.body.id, helloId);
    assert.deepEqual(own.body.refs, {}, "refs are the owner's");
    assert.equal((await list("", keyA)).body.results!.length, 2, "A's blueprints are untouched");
  });

  it("gives requests without a key (optional auth on the devnet) a space of their own", async () => {
    assert.deepEqual((await list("", null)).body.results!, []);
    const keyless = await post({ blueprint: WITH_PARAMS }, null);
    assert.equal(keyless.status, 200);
    assert.deepEqual(
      (await list("", null)).body.results!.map((r) => r.id),
      [keyless.body.id],
    );
    assert.equal((await remove(helloId, null)).status, 404);
    assert.ok(!(await list("", keyB)).body.results!.some((r) => r.id === keyless.body.id));
  });

  it("lets a rotated key keep its blueprints (the old key is refused)", async () => {
    const created = await service.app.keyStore.create({ name: "carol", env: "testnet", limits: LIMITS });
    const stored = await post({ blueprint: HELLO }, created.key);
    const rotated = await service.app.keyStore.rotate(created.record.id);
    assert.equal((await list("", created.key)).status, 401);
    const seen = await list("", rotated.key);
    assert.deepEqual(
      seen.body.results!.map((r) => r.id),
      [stored.body.id],
    );
  });

  it("deletes a blueprint: 200 once, then 404; a malformed ID is 400", async () => {
    const temp = await post({ blueprint: WITH_PARAMS }, keyB);
    const deleted = await remove(temp.body.id!, keyB);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, { id: temp.body.id, deleted: true });
    assert.equal((await remove(temp.body.id!, keyB)).status, 404);
    assert.ok(!(await list("", keyB)).body.results!.some((r) => r.id === temp.body.id));
    // As clients that send Content-Type: application/json on every call send it: no body.
    const again = await post({ blueprint: WITH_PARAMS }, keyB);
    const response = await fetch(`${service.base}/blueprints/${again.body.id}`, {
      method: "DELETE",
      headers: { "content-type": "application/json", "x-api-key": keyB },
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.deepEqual(await response.json(), { id: again.body.id, deleted: true });
    const malformed = await remove("not-an-id", keyB);
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.message, /^params\.id/);
  });

  it("keeps blueprints and refs across a restart on the same DATA_DIR (the SQLite file)", async () => {
    const before_ = (await list("", keyA)).body.results!;
    await service.close();
    service = await startService({}, { dataDir });
    const after_ = await list("", keyA);
    assert.equal(after_.status, 200);
    assert.deepEqual(after_.body.results!, before_);
    assert.deepEqual(after_.body.results![0]!.refs, { [HELLO_HASH]: { txHash: TX, index: 2 } });
  });
});
