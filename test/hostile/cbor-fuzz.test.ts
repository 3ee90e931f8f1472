// Random CBOR into every request field that takes CBOR (issue #20, item 6): the fields are found
// in the running service's OpenAPI document (a string or free value whose description says CBOR),
// so a field added later is fuzzed too. fast-check sends deep, wide, indefinite-length, huge,
// non-canonical, truncated and random CBOR to each; no answer may be a 5xx, and each must come
// within the hostile-input bound (2 s). Seeded: CBOR_FUZZ_SEED replays a run; the seed is printed.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { CborWriter } from "../../src/cardano/cbor.js";
import { child, isArray, sample, type Hints } from "../support/fuzz-cases.js";
import { ATTACK_BOUNDS } from "../support/hostile.js";
import {
  deref,
  isRecord,
  operationsOf,
  requestSchema,
  type OpenApiAnswer,
  type OpenApiDocument,
  type Schema,
} from "../support/openapi.js";
import { startService, type RunningService } from "../support/service.js";

const SEED = Number(process.env["CBOR_FUZZ_SEED"] ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env["CBOR_FUZZ_RUNS"] ?? 12);
const ADDRESS = "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz";

type Path = ReadonlyArray<string | number>;

const takesCbor = (schema: Schema | undefined): boolean =>
  typeof schema?.description === "string" &&
  /\bCBOR\b/.test(schema.description) &&
  (schema.type === "string" || schema.type === undefined);

/** The paths, in a sample body, of every field whose schema (or one of its forms) takes CBOR. */
function cborPaths(document: OpenApiDocument, schema: Schema, value: unknown, path: Path = [], depth = 0): Path[] {
  const s = deref(document, schema);
  if (!s || typeof s !== "object" || depth > 12) return [];
  const forms = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((f) => deref(document, f));
  if (takesCbor(s) || forms.some(takesCbor)) return [path];
  const found: Path[] = [];
  if (s.properties && isRecord(value)) {
    for (const [key, property] of Object.entries(s.properties)) {
      if (key in value) found.push(...cborPaths(document, property, value[key], [...path, key], depth + 1));
    }
  }
  if (s.items && typeof s.items === "object" && isArray(value) && value.length > 0)
    found.push(...cborPaths(document, s.items, value[0], [...path, 0], depth + 1));
  for (const form of forms) found.push(...cborPaths(document, form, value, path, depth + 1));
  return found;
}

function withValue(body: unknown, path: Path, value: string): unknown {
  const copy = structuredClone(body);
  let at = copy;
  for (const key of path.slice(0, -1)) at = child(at, key);
  const last = path[path.length - 1]!;
  if (isArray(at) && typeof last === "number") at[last] = value;
  else if (isRecord(at)) at[last] = value;
  return copy;
}

/** The operation's path under the service's base, its parameters filled (a hash: 56 zeros). */
const pathOf = (path: string): string =>
  path
    .replace(/^\/v2\/services/, "")
    .replace(/\{hash\}/g, "0".repeat(56))
    .replace(/\{[^}]+\}/g, "x");

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** A random CBOR item: definite or indefinite containers, tags, integers, strings, simple values. */
const item: fc.Arbitrary<(w: CborWriter) => void> = fc.letrec<{ node: (w: CborWriter) => void }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n - 1n }).map((n) => (w: CborWriter) => void w.int(n)),
    fc.uint8Array({ maxLength: 80 }).map((b) => (w: CborWriter) => void w.bytes(b)),
    fc.string({ maxLength: 20 }).map((t) => (w: CborWriter) => void w.text(t)),
    fc.constantFrom(0xf4, 0xf5, 0xf6, 0xf7).map((b) => (w: CborWriter) => void w.raw(Uint8Array.of(b))),
    fc.tuple(fc.constantFrom(121, 122, 1280, 102, 258, 24, 2, 3), tie("node")).map(
      ([tag, inner]) =>
        (w: CborWriter) =>
          inner(w.tag(tag)),
    ),
    fc.tuple(fc.boolean(), fc.array(tie("node"), { maxLength: 6 })).map(([indefinite, items]) => (w: CborWriter) => {
      if (indefinite) w.raw(Uint8Array.of(0x9f));
      else w.array(items.length);
      for (const i of items) i(w);
      if (indefinite) w.raw(Uint8Array.of(0xff));
    }),
    fc
      .tuple(fc.boolean(), fc.array(fc.tuple(tie("node"), tie("node")), { maxLength: 4 }))
      .map(([indefinite, entries]) => (w: CborWriter) => {
        if (indefinite) w.raw(Uint8Array.of(0xbf));
        else w.map(entries.length);
        for (const [k, v] of entries) {
          k(w);
          v(w);
        }
        if (indefinite) w.raw(Uint8Array.of(0xff));
      }),
  ),
})).node;

const encoded = item.map((write) => {
  const w = new CborWriter();
  write(w);
  return hex(w.finish());
});

/** Hostile CBOR (hex): the shapes of issue #20 and their neighbours. */
const hostileCbor: fc.Arbitrary<string> = fc.oneof(
  // deep: definite lists, indefinite lists, constructors, maps, indefinite byte strings
  fc
    .tuple(
      fc.constantFrom("81", "9f", "d87981", "d8799f", "a100", "d9050081"),
      fc.integer({ min: 100, max: 100_000 }),
      fc.boolean(),
    )
    .map(([open, depth, closed]) => open.repeat(depth) + (closed ? "00" : "")),
  // wide: a definite array or map with many items, declared honestly or not
  fc.tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.boolean(), fc.boolean()).map(([n, isMap, honest]) => {
    const head = hex(new CborWriter().head(isMap ? 5 : 4, n).finish());
    return head + "00".repeat(honest ? (isMap ? 2 * n : n) : Math.floor(n / 2));
  }),
  // indefinite: an array, a map, a byte string of many chunks
  fc
    .tuple(fc.constantFrom("9f", "bf", "5f"), fc.integer({ min: 1, max: 50_000 }))
    .map(([open, n]) => open + (open === "5f" ? "4100" : "00").repeat(open === "bf" ? 2 * n : n) + "ff"),
  // huge declared byte strings, arrays and maps, real byte strings up to 256 KiB
  fc.constantFrom(
    "5bffffffffffffffff",
    "5b7fffffffffffffff00",
    "9bffffffffffffffff",
    "bbffffffffffffffff",
    "7b0000000100000000",
    "5a7fffffff",
  ),
  fc.integer({ min: 1_000, max: 262_144 }).map((n) => hex(new CborWriter().bytes(new Uint8Array(n)).finish())),
  // non-canonical heads around real items
  encoded.map((h) => "9b0000000000000001" + h),
  fc.constantFrom("1b0000000000000001", "d8790080", "d9007980", "9f80ff", "f93c00", "1c", "ff", ""),
  // truncated and random
  fc.tuple(encoded, fc.nat()).map(([h, cut]) => h.slice(0, 2 * (cut % Math.max(1, h.length / 2)))),
  fc.uint8Array({ maxLength: 300 }).map(hex),
  encoded,
);

describe("the CBOR fuzzer: random CBOR into every field that takes CBOR", () => {
  let service: RunningService;
  let document: OpenApiDocument;
  let hints: Hints;
  before(async () => {
    service = await startService();
    document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
    const faucet = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
      address: ADDRESS,
      lovelace: "1_000_000_000",
    });
    assert.equal(faucet.status, 200);
    const utxos = (await service.request<"getAddressUtxos">("GET", `/addresses/${ADDRESS}/utxos`)).body
      .utxos as string[];
    const built = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: ADDRESS,
      outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
    });
    hints = {
      address: ADDRESS,
      changeAddress: ADDRESS,
      destAddress: ADDRESS,
      lovelace: "2_000_000",
      utxos,
      transaction: built.body.complete,
      signatures: ["a100d9010280"],
    };
  });
  after(() => service.close());

  it("answers every one below 500, within the bound", async (t) => {
    t.diagnostic(`seed ${SEED} (CBOR_FUZZ_SEED=${SEED} replays it), ${RUNS} runs a field`);
    console.log(`CBOR fuzzer seed: ${SEED}`);
    const targets = operationsOf(document).flatMap((op) => {
      const schema = requestSchema(op);
      if (!schema) return [];
      const body = sample(document, schema, 0, hints);
      return cborPaths(document, schema, body).map((path) => ({ op, body, path }));
    });
    const fields = targets.map(({ op, path }) => `${op.method} ${op.path} ${path.join(".")}`);
    t.diagnostic(`${targets.length} CBOR fields: ${fields.join(", ")}`);
    for (const expected of [
      "/transactions/submit transaction",
      "/transactions/submit signatures.0",
      "/transactions/build outputs.0.datum.value",
      "/transactions/build utxos.0",
    ]) {
      assert.ok(
        fields.some((f) => f.endsWith(expected)),
        `the fuzzer finds ${expected} among ${fields.join(", ")}`,
      );
    }
    const slowest = { ms: 0, what: "" };
    for (const [i, { op, body, path }] of targets.entries()) {
      await fc.assert(
        fc.asyncProperty(hostileCbor, async (cbor) => {
          const started = performance.now();
          const answer = await service.request(op.method, pathOf(op.path), withValue(body, path, cbor));
          const ms = performance.now() - started;
          if (ms > slowest.ms)
            Object.assign(slowest, {
              ms,
              what: `${op.method} ${op.path} ${path.join(".")} = ${cbor.slice(0, 40)}… (${cbor.length / 2} bytes)`,
            });
          const field = `${op.method} ${op.path} ${path.join(".")}`;
          assert.ok(answer.status < 500, `${field}: ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
          assert.ok(
            ms < ATTACK_BOUNDS.answerMs,
            `${field}: ${answer.status} in ${Math.round(ms)} ms: ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
        }),
        { seed: SEED + i, numRuns: RUNS, includeErrorInReport: true },
      );
    }
    t.diagnostic(`slowest answer: ${Math.round(slowest.ms)} ms, ${slowest.what}`);
  });
});
