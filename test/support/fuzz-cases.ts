// Malformed requests for one OpenAPI operation, generated deterministically from its schemas:
// every field swapped for values of the wrong type, huge and fractional numbers, invalid hex
// and bech32, unicode, deep nesting; broken or non-JSON bodies; junk path and query values;
// junk API keys; other methods. fast-check (fixed seed) adds random JSON at random places.
import fc from "fast-check";
import {
  deref,
  isRecord,
  parameters,
  requestSchema,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from "./openapi.js";

export interface FuzzCase {
  label: string;
  method: string;
  /** Path and query, already percent-encoded. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** When set, the only acceptable status. */
  expectStatus?: number;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
}

const DEEP_MARK = "__FUZZ_DEEP__";
const nested = (open: string, close: string, n: number, inner = "1"): string =>
  open.repeat(n) + inner + close.repeat(n);
const DEEP = {
  arrays5000: nested("[", "]", 5000),
  objects5000: nested('{"a":', "}", 5000),
  arrays100k: nested("[", "]", 100_000, ""),
};

/** Put in place of every field: each JSON type, and nesting 5000 and 100000 deep. */
const TYPE_SWAPS: readonly unknown[] = [
  "x",
  0,
  true,
  false,
  null,
  [],
  {},
  [1, "a", null],
  { a: 1 },
  [[[[[]]]]],
  DEEP_MARK + "arrays5000",
  DEEP_MARK + "objects5000",
  DEEP_MARK + "arrays100k",
];
/** Put in place of numbers (and amounts, which may be strings). */
const NUMBER_JUNK: readonly unknown[] = [
  "",
  -1,
  1.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 64,
  1e-300,
  "1e308",
  "NaN",
  "Infinity",
  "-1",
  "1.5",
  "0x1f",
  "18446744073709551616",
  "-0",
  "1_",
  "_1",
  "1__0",
  "٣",
  " 1",
];
/** Put in place of strings: bad hex, hashes and output references, bech32 and base58, unicode, size. */
const STRING_JUNK: readonly unknown[] = [
  "",
  " ",
  -1,
  1.5,
  1e308,
  "00",
  "zz",
  "0".repeat(55),
  "0".repeat(57),
  "G".repeat(56),
  "0".repeat(63) + "g",
  "0".repeat(64) + "#",
  "0".repeat(64) + "#-1",
  "0".repeat(64) + "#99999999999999999999",
  "ff".repeat(5000),
  "18446744073709551616",
  "-1",
  "addr1",
  "addr_test1qqqqqqqqqqqqqqqq",
  "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3y",
  "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
  "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw",
  "stake_test1",
  "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  "DdzFFzCqrhsw3prhfMFDNFowbzUku3QmrMwarfjUbWXRisodn97R436SHc1rimp4MhPNmbdYb1aTdqtGSJixMVMfpMyq2ZpDtvMvbE8",
  "💥🚀",
  "\u202Eabc\u202C",
  "a\u0000b",
  "\uD800",
  "\uFFFF",
  "é".repeat(100),
  "<script>alert(1)</script>",
  "'; DROP TABLE keys; --",
  "x".repeat(20_000),
];

/** The junk for one place, by the type of the value the sampled body has there. */
export function junkFor(value: unknown): readonly unknown[] {
  if (typeof value === "string") return [...TYPE_SWAPS, ...STRING_JUNK];
  if (typeof value === "number") return [...TYPE_SWAPS, ...NUMBER_JUNK];
  return [...TYPE_SWAPS, "", -1, 1e308];
}

/** Whole bodies that are not a JSON object of the right shape. */
const RAW_BODIES: readonly [string, string | Buffer][] = [
  ["null", "null"],
  ["array", "[]"],
  ["number", "0"],
  ["string", '"s"'],
  ["true", "true"],
  ["open brace", "{"],
  ["truncated", '{"a":'],
  ["close brace", "}"],
  ["trailing comma", '{"a":1,}'],
  ["single quotes", "{'a':1}"],
  ["NaN literal", '{"a":NaN}'],
  ["comment", '{/*c*/"a":1}'],
  ["two documents", "{}{}"],
  ["BOM", "\uFEFF{}"],
  ["invalid UTF-8", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])],
  ["NUL bytes", Buffer.from([0x7b, 0x00, 0x7d])],
  ["5000 nested arrays", DEEP.arrays5000],
  ["5000 nested objects", DEEP.objects5000],
  ["100000 nested arrays", DEEP.arrays100k],
  ["100000 numbers", `[${"1,".repeat(99_999)}1]`],
  ["__proto__", '{"__proto__":{"polluted":1}}'],
  ["constructor.prototype", '{"constructor":{"prototype":{"polluted":1}}}'],
];

const PATH_JUNK: readonly string[] = [
  "x",
  "-1",
  "1.5",
  "1e308",
  "18446744073709551616",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "%00",
  "%20",
  "%F0%9F%92%A5",
  "%E2%80%AEabc",
  "..%2F..%2Fetc%2Fpasswd",
  "%2F",
  "%23",
  "0".repeat(64) + "%230",
  "0".repeat(64),
  "zz".repeat(32),
  "addr1qqqq",
  "a".repeat(1000),
  "%C3%A9".repeat(100),
];

const QUERY_JUNK: readonly string[] = [
  "",
  "x",
  "-1",
  "0",
  "1.5",
  "1e308",
  "18446744073709551616",
  "NaN",
  "true",
  "null",
  "%00",
  "%F0%9F%92%A5",
  "%E0%A4%A",
  "%",
  "a".repeat(2000),
];

const API_KEY_JUNK: readonly string[] = [
  "x",
  " ",
  `testnet_${"A".repeat(40)}`,
  `mainnet_${"A".repeat(40)}`,
  `testnet_${"A".repeat(39)}!`,
  `testnet_${"é".repeat(40)}`,
];

/** A small deterministic PRNG (mulberry32), so that the cases and their order never change. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const STRING_CANDIDATES = [
  "00",
  "0".repeat(56),
  "0".repeat(64),
  `${"0".repeat(64)}#0`,
  "1",
  "a",
  "sig",
  "all",
  "inline",
  "utf8",
  "cip25",
  "simple",
  "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
  "x",
];

/** Values for properties (and path parameters) by name: real addresses, UTxO strings... */
export type Hints = Readonly<Record<string, unknown>>;

/**
 * A value that roughly satisfies `schema` (every property filled, or only the required ones), so
 * that mutating one field reaches that field's checks; `hints` give real values by property name.
 */
export function sample(
  document: OpenApiDocument,
  schema: Schema | undefined,
  depth = 0,
  hints: Hints = {},
  requiredOnly = false,
): unknown {
  if (!schema || typeof schema !== "object") return null;
  const again = (s: Schema | undefined) => sample(document, s, depth + 1, hints, requiredOnly);
  if (schema.$ref) return depth > 8 ? null : again(deref(document, schema));
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ["anyOf", "oneOf"] as const) if (Array.isArray(schema[key])) return again(schema[key][0]);
  if (Array.isArray(schema.allOf)) {
    const merged = {};
    for (const part of schema.allOf.map(again)) Object.assign(merged, part);
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern, "u") : undefined;
      const fits = (s: string) =>
        (!pattern || pattern.test(s)) &&
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Infinity);
      return STRING_CANDIDATES.find(fits) ?? "x".repeat(schema.minLength ?? 1);
    }
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      if (depth > 8) return [];
      const count = Math.max(schema.minItems ?? 0, schema.maxItems === 0 ? 0 : 1);
      const items = schema.items ?? {};
      return Array.from({ length: count }, () => again(typeof items === "object" ? items : undefined));
    }
    case "object":
    default: {
      if (!schema.properties) {
        // A map ({label: value}): one entry, so that its values get mutated too.
        const values = schema.additionalProperties ?? Object.values(schema.patternProperties ?? {})[0];
        if (values && typeof values === "object" && depth <= 8) return { "1": again(values) };
        return type === "object" ? {} : "x";
      }
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties)) {
        if ((depth > 8 || requiredOnly) && !(schema.required ?? []).includes(name)) continue;
        out[name] = name in hints ? structuredClone(hints[name]) : again(property);
      }
      return out;
    }
  }
}

export type PathStep = string | number;

export const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** The value one step into a JSON array or object (undefined in anything else). */
export const child = (node: unknown, step: PathStep): unknown =>
  isArray(node) ? (typeof step === "number" ? node[step] : undefined) : isRecord(node) ? node[step] : undefined;

/** Every place in a JSON value: the root, each property and each array element, recursively. */
function placesIn(value: unknown, at: PathStep[] = []): PathStep[][] {
  const out: PathStep[][] = [at];
  if (isArray(value)) value.forEach((item, i) => out.push(...placesIn(item, [...at, i])));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...placesIn(v, [...at, k]));
  return out;
}

function replaced(
  value: unknown,
  at: PathStep[],
  replacement: unknown,
  mode: "set" | "delete" | "extra" = "set",
): unknown {
  if (at.length === 0) return mode === "extra" && isRecord(value) ? { ...value, unexpectedField: 1 } : replacement;
  const copy = structuredClone(value);
  let node = copy;
  for (const step of at.slice(0, -1)) node = child(node, step);
  const last = at[at.length - 1]!;
  // `node` is the array or object that holds the place (placesIn found it there).
  if (mode === "delete") {
    if (isArray(node)) node.splice(last as number, 1);
    else if (isRecord(node)) delete node[last];
  } else if (mode === "extra") {
    const target = child(node, last);
    if (isRecord(target)) target["unexpectedField"] = 1;
  } else if (isArray(node) && typeof last === "number") node[last] = replacement;
  else if (isRecord(node)) node[last] = replacement;
  return copy;
}

const jsonBody = (value: unknown): Buffer => {
  let text = JSON.stringify(value) ?? "null";
  for (const [name, raw] of Object.entries(DEEP)) text = text.replaceAll(`"${DEEP_MARK}${name}"`, raw);
  return Buffer.from(text);
};

const JSON_HEADERS = { "content-type": "application/json" };
const where = (at: PathStep[]) => (at.length === 0 ? "body" : `body.${at.join(".")}`);
const show = (v: unknown) => {
  const text = typeof v === "string" && v.startsWith(DEEP_MARK) ? v.slice(DEEP_MARK.length) : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
};

/** Every malformed request for one operation. `bodyLimit` is the service's, for the 413 case. */
export function casesFor(
  document: OpenApiDocument,
  operation: Operation,
  bodyLimit: number,
  hints: Hints = {},
): FuzzCase[] {
  const { method } = operation;
  const pathParams = parameters(operation, "path");
  const queryParams = parameters(operation, "query");
  const baseParams = Object.fromEntries(
    pathParams.map((p) => [
      p.name,
      encodeURIComponent(String(p.name in hints ? hints[p.name] : sample(document, p.schema))),
    ]),
  );
  const urlFor = (params: Record<string, string>, query = "") =>
    operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? "x") + (query ? `?${query}` : "");
  const baseQuery = queryParams
    .map((p) => `${p.name}=${encodeURIComponent(String(p.name in hints ? hints[p.name] : sample(document, p.schema)))}`)
    .join("&");
  const basePath = urlFor(baseParams, baseQuery);
  const schema = requestSchema(operation);
  const cases: FuzzCase[] = [];
  const add = (label: string, c: Omit<FuzzCase, "label" | "method"> & { method?: string }) =>
    cases.push({ method, ...c, label });

  if (schema) {
    // Two bases: every property filled, and only the required ones (which often gets further
    // into the domain code: a build with just a funded change address succeeds).
    const base = sample(document, schema, 0, hints);
    const minimal = sample(document, schema, 0, hints, true);
    const bases: [string, unknown][] = [["", base]];
    if (JSON.stringify(minimal) !== JSON.stringify(base)) bases.push(["required only: ", minimal]);
    for (const [prefix, value] of bases) {
      add(`${prefix}sampled body`, { path: basePath, headers: JSON_HEADERS, body: jsonBody(value) });
      for (const at of placesIn(value)) {
        const label = `${prefix}${where(at)}`;
        const here = at.reduce<unknown>(child, value);
        for (const junk of junkFor(here))
          add(`${label} = ${show(junk)}`, {
            path: basePath,
            headers: JSON_HEADERS,
            body: jsonBody(replaced(value, at, junk)),
          });
        if (at.length > 0)
          add(`${label} removed`, {
            path: basePath,
            headers: JSON_HEADERS,
            body: jsonBody(replaced(value, at, null, "delete")),
          });
        add(`${label} with an unknown field`, {
          path: basePath,
          headers: JSON_HEADERS,
          body: jsonBody(replaced(value, at, null, "extra")),
        });
      }
    }
    // fast-check, seeded per operation: random JSON (unicode strings, big numbers) at random places.
    const places = placesIn(base);
    const random = fc.sample(fc.tuple(fc.nat(), fc.jsonValue({ maxDepth: 4 })), {
      seed: seedOf(`${method} ${operation.path}`),
      numRuns: 60,
    });
    for (const [i, value] of random) {
      const at = places[i % places.length]!;
      add(`${where(at)} = random ${show(value)}`, {
        path: basePath,
        headers: JSON_HEADERS,
        body: jsonBody(replaced(base, at, value)),
      });
    }
    for (const [label, raw] of RAW_BODIES)
      add(`raw body: ${label}`, { path: basePath, headers: JSON_HEADERS, body: Buffer.from(raw) });
    add("no body", { path: basePath, headers: {} });
    add("empty JSON body", { path: basePath, headers: JSON_HEADERS, body: Buffer.alloc(0) });
    const text = jsonBody(base);
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/cbor",
      "application/xml",
      "application/json-patch+json",
    ]) {
      add(`content-type ${type}`, { path: basePath, headers: { "content-type": type }, body: text, expectStatus: 415 });
    }
    add("body without content-type", { path: basePath, headers: {}, body: text, expectStatus: 415 });
    add("JSON with charset", {
      path: basePath,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: text,
    });
    const padding = "x".repeat(bodyLimit + 1);
    add("chunked body over the limit", {
      path: basePath,
      headers: JSON_HEADERS,
      body: jsonBody({ ...(base && typeof base === "object" ? base : {}), padding }),
      expectStatus: 413,
      chunked: true,
    });
    add("chunked body", { path: basePath, headers: JSON_HEADERS, body: jsonBody(base), chunked: true });
    add("body over the limit", {
      path: basePath,
      headers: JSON_HEADERS,
      body: jsonBody({ ...(base && typeof base === "object" ? base : {}), padding }),
      expectStatus: 413,
    });
  }

  const body = schema ? jsonBody(sample(document, schema, 0, hints, true)) : undefined;
  const headers = schema ? JSON_HEADERS : {};
  if (!schema) add("sampled request", { path: basePath, headers });
  for (const param of pathParams) {
    for (const junk of PATH_JUNK)
      add(`path ${param.name} = ${junk.slice(0, 30)}`, {
        path: urlFor({ ...baseParams, [param.name]: junk }, baseQuery),
        headers,
        ...(body && { body }),
      });
    add(`path ${param.name} malformed percent-encoding`, {
      path: urlFor({ ...baseParams, [param.name]: "%E0%A4%A" }, baseQuery),
      headers,
      ...(body && { body }),
      expectStatus: 400,
    });
    add(`path ${param.name} of 2000 characters`, {
      path: urlFor({ ...baseParams, [param.name]: "a".repeat(2000) }, baseQuery),
      headers,
      ...(body && { body }),
      expectStatus: 414,
    });
  }
  for (const param of queryParams) {
    const others = queryParams
      .filter((p) => p !== param)
      .map(
        (p) => `${p.name}=${encodeURIComponent(String(p.name in hints ? hints[p.name] : sample(document, p.schema)))}`,
      );
    for (const junk of QUERY_JUNK)
      add(`query ${param.name} = ${junk.slice(0, 30)}`, {
        path: urlFor(baseParams, [...others, `${param.name}=${junk}`].join("&")),
        headers,
        ...(body && { body }),
      });
    add(`query ${param.name} repeated`, {
      path: urlFor(baseParams, [...others, `${param.name}=1`, `${param.name}=2`].join("&")),
      headers,
      ...(body && { body }),
    });
  }
  add("unknown query parameter", {
    path: urlFor(baseParams, [baseQuery, "unexpected=1"].filter(Boolean).join("&")),
    headers,
    ...(body && { body }),
  });
  add("query of 8000 characters", {
    path: urlFor(baseParams, `q=${"a".repeat(8000)}`),
    headers,
    ...(body && { body }),
  });
  for (const key of API_KEY_JUNK)
    add(`X-Api-Key ${key.slice(0, 12)}…`, {
      path: basePath,
      headers: { ...headers, "x-api-key": key },
      ...(body && { body }),
    });
  for (const other of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => m !== method)) {
    add(`method ${other}`, { method: other, path: basePath, headers: JSON_HEADERS, body: Buffer.from("{}") });
  }
  return cases;
}
