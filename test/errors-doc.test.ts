// docs/errors.md lists every error code: each code of src/errors.ts with its status, and each
// Fastify code the error handling maps. Adding a code without documenting it fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { errorCodes } from "fastify";
import * as registry from "../src/errors.js";

const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

/** `| \`CODE\` | 400 | meaning |` rows of docs/errors.md. */
function documented(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const line of read("docs/errors.md").split("\n")) {
    const match = /^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|\s*(\d{3})\s*\|\s*\S.*\|\s*$/.exec(line);
    if (!match) continue;
    assert.ok(!rows.has(match[1]!), `${match[1]} is listed once`);
    rows.set(match[1]!, Number(match[2]));
  }
  return rows;
}

/** Every coded error of src/errors.ts: its exports, and any createError call in the source. */
function registryCodes(): Map<string, number> {
  const codes = new Map<string, number>();
  for (const value of Object.values(registry)) {
    if (typeof value !== "function") continue;
    const error = new (value as new (...args: string[]) => { code?: unknown; statusCode?: unknown })("probe");
    if (typeof error.code === "string" && typeof error.statusCode === "number") codes.set(error.code, error.statusCode);
  }
  for (const match of read("src/errors.ts").matchAll(/createError\(\s*"([A-Z0-9_]+)"[\s\S]*?,\s*(\d{3})\s*[,)]/g)) {
    if (!codes.has(match[1]!)) codes.set(match[1]!, Number(match[2]));
  }
  return codes;
}

describe("docs/errors.md", () => {
  const docs = documented();

  it("lists every code of src/errors.ts with its status", () => {
    const codes = registryCodes();
    assert.ok(codes.size >= 9, "the registry was read");
    for (const [code, status] of codes) {
      assert.ok(docs.has(code), `docs/errors.md lists ${code} (add a row: | \`${code}\` | ${status} | meaning |)`);
      assert.equal(docs.get(code), status, `${code} is documented with its status ${status}`);
    }
  });

  it("lists the Fastify codes we map: validation, bad JSON, empty body, media type, body too large, bad URL, 404", () => {
    const handled = [...read("src/server/plugins/errors.ts").matchAll(/"(FST_ERR_[A-Z_]+)"/g)].map((m) => m[1]!);
    const required = new Set([
      ...handled,
      "FST_ERR_VALIDATION",
      "FST_ERR_CTP_BODY_TOO_LARGE",
      "FST_ERR_CTP_INVALID_JSON_BODY",
      "FST_ERR_CTP_EMPTY_JSON_BODY",
      "FST_ERR_CTP_INVALID_MEDIA_TYPE",
      "FST_ERR_NOT_FOUND",
    ]);
    for (const code of required) assert.ok(docs.has(code), `docs/errors.md lists ${code}`);
  });

  it("lists no code that does not exist, and Fastify codes with Fastify's status", () => {
    const codes = registryCodes();
    const fastify = errorCodes as unknown as Record<string, new () => { statusCode?: number }>;
    for (const [code, status] of docs) {
      if (code.startsWith("FST_")) {
        const Constructor = fastify[code];
        assert.ok(Constructor, `${code} is a Fastify error code`);
        assert.equal(new Constructor().statusCode, status, `${code} is documented with Fastify's status`);
      } else {
        assert.ok(codes.has(code), `${code} is a code of src/errors.ts`);
      }
    }
  });
});
