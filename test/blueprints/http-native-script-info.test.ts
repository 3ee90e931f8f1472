// POST /utils/native-scripts/get-info through real HTTP on the devnet service: both forms of a
// script (JSON and CBOR) give one answer that agrees with /serialize and /slot-to-time; the key
// hashes it names; its time bounds spanned through all, any and atLeast; and refusals naming the field.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";

const K1 = "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4";
const K2 = "4a51c31dd95b5a2ab64a19b9e04896d32e0d88f2d1fe0e1bd9cf7efa";
const sig = (keyHash: string) => ({ type: "sig", keyHash });
const before_ = (slot: number) => ({ type: "before", slot });
const after_ = (slot: number) => ({ type: "after", slot });

describe("POST /utils/native-scripts/get-info", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({}, { chain: null });
  });
  after(() => service.close());

  const info = (body: unknown) =>
    service.request<"getNativeScriptInfo">("POST", "/utils/native-scripts/get-info", body);
  const timeOf = async (slot: number): Promise<number> =>
    (await service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot })).body.time!;

  it("answers a sig + before policy: type, policy ID and CBOR as serialize gives them, its key, its deadline as slot and time", async () => {
    const schema = { type: "all", scripts: [sig(K1), before_(90_000_000)] };
    const serialized = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema,
    });
    assert.equal(serialized.status, 200);
    const response = await info({ schema });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, {
      type: "all",
      policyId: serialized.body.policyId,
      script: serialized.body.script,
      schema,
      keyHashes: [K1],
      satisfiable: true,
      invalidHereafter: { slot: 90_000_000, time: await timeOf(90_000_000) },
      preloadedScript: { type: "simple", script: schema, hash: serialized.body.policyId },
    });
  });

  it("gives the same answer for the script as CBOR, and writes key hashes in lower case", async () => {
    const schema = { type: "all", scripts: [sig(K1.toUpperCase()), before_(1234)] };
    const fromJson = await info({ schema });
    const fromCbor = await info({ script: fromJson.body.script!.toUpperCase() });
    assert.equal(fromCbor.status, 200);
    assert.deepEqual(fromCbor.body, fromJson.body);
    assert.deepEqual(fromJson.body.keyHashes, [K1]);
    assert.equal((fromJson.body.schema as { scripts: { keyHash: string }[] }).scripts[0]!.keyHash, K1);
  });

  it("spans the time bounds: all intersects, any and atLeast span, a lone sig has none", async () => {
    const window = async (schema: unknown) => {
      const { status, body } = await info({ schema });
      assert.equal(status, 200, JSON.stringify(body));
      return {
        before: body.invalidBefore?.slot,
        hereafter: body.invalidHereafter?.slot,
        satisfiable: body.satisfiable,
        keys: body.keyHashes,
      };
    };
    assert.deepEqual(await window(sig(K1)), { before: undefined, hereafter: undefined, satisfiable: true, keys: [K1] });
    assert.deepEqual(await window({ type: "all", scripts: [after_(100), before_(500), after_(200), sig(K2)] }), {
      before: 200,
      hereafter: 500,
      satisfiable: true,
      keys: [K2],
    });
    assert.deepEqual(
      await window({ type: "any", scripts: [before_(300), { type: "all", scripts: [sig(K1), before_(700)] }] }),
      {
        before: undefined,
        hereafter: 700,
        satisfiable: true,
        keys: [K1],
      },
    );
    // An `any` with a branch that has no deadline has none either.
    assert.equal((await window({ type: "any", scripts: [before_(300), sig(K2)] })).hereafter, undefined);
    assert.deepEqual(await window({ type: "atLeast", required: 2, scripts: [sig(K1), sig(K2), sig(K1), after_(50)] }), {
      before: undefined,
      hereafter: undefined,
      satisfiable: true,
      keys: [K1, K2],
    });
    const never = await window({ type: "all", scripts: [after_(500), before_(500)] });
    assert.deepEqual(never, { before: undefined, hereafter: undefined, satisfiable: false, keys: [] });
    assert.equal((await window({ type: "any", scripts: [] })).satisfiable, false);
  });

  it("gives both bounds' times on this network's clock", async () => {
    const { body } = await info({ schema: { type: "all", scripts: [after_(10), before_(20)] } });
    assert.deepEqual(body.invalidBefore, { slot: 10, time: await timeOf(10) });
    assert.deepEqual(body.invalidHereafter, { slot: 20, time: await timeOf(20) });
    assert.equal(body.invalidHereafter.time - body.invalidBefore.time, 10_000, "the devnet has 1-second slots");
  });

  it("refuses both forms or neither, unknown fields, and a wrong node naming its path", async () => {
    const both = await info({ schema: sig(K1), script: "8200581c" + K1 });
    assert.equal(both.status, 400);
    assert.match(both.body.message, /body\.script .*body\.schema.*exactly one/);
    const neither = await info({});
    assert.equal(neither.status, 400);
    assert.match(neither.body.message, /exactly one/);
    const unknown = await info({ schema: sig(K1), policy: "x" });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, "SVC_ERR_UNKNOWN_FIELD");
    const wrong = await info({ schema: { type: "all", scripts: [sig(K1), { type: "sig", keyHash: "abc" }] } });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.message, /body\.schema\.scripts\[1\]\.keyHash must be a 28-byte key hash/);
    const badCbor = await info({ script: "ff" });
    assert.equal(badCbor.status, 400);
    assert.match(badCbor.body.message, /^body\.script /);
  });
});
