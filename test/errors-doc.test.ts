// docs/errors.md and the registry of error codes (src/errors.ts) list the same codes with the same
// statuses, and nothing else can put a code in an answer: the handler's table of Fastify codes,
// the throwable errors, the ErrorBody schema and every code string in src/ use registry codes.
// Adding a code without documenting it, or documenting one that does not exist, fails here.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { errorCodes } from "fastify";
import * as registry from "../src/errors.js";
import { ERROR_CODE_LIST, ERROR_CODES, isErrorCode } from "../src/errors.js";
import { FASTIFY_CODES } from "../src/server/plugins/errors.js";
import { ErrorBody } from "../src/server/schemas.js";

const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

/** `| \`CODE\` | 400 | when | what to do |` rows of docs/errors.md: code → status ("4xx" for a varying one). */
function documented(): Map<string, number | "4xx"> {
  const rows = new Map<string, number | "4xx">();
  for (const line of read("docs/errors.md").split("\n")) {
    const match = /^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|\s*(\d{3}|4xx)\s*\|(.*)\|\s*$/.exec(line);
    if (!match) continue;
    const [, code, status, rest] = match as unknown as [string, string, string, string];
    assert.ok(!rows.has(code), `${code} is listed once`);
    const cells = rest.split(/(?<!\\)\|/).map((cell) => cell.trim());
    assert.equal(cells.length, 2, `${code}: the row has a "when" and a "what the client should do"`);
    assert.ok(
      cells.every((cell) => cell.length > 10),
      `${code}: both cells say something`,
    );
    rows.set(code, status === "4xx" ? "4xx" : Number(status));
  }
  return rows;
}

/** Every .ts file under a folder of the repository. */
function sources(dir: string): string[] {
  const path = new URL(dir, root).pathname;
  return readdirSync(path).flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? sources(`${dir}/${name}`) : name.endsWith(".ts") ? [full] : [];
  });
}

describe("docs/errors.md and the registry of error codes", () => {
  const docs = documented();

  it("lists every code of the registry with its status, and no other", () => {
    assert.ok(ERROR_CODE_LIST.length >= 20, "the registry was read");
    for (const code of ERROR_CODE_LIST) {
      assert.ok(
        docs.has(code),
        `docs/errors.md lists ${code} (add a row: | \`${code}\` | ${ERROR_CODES[code]} | when | what to do |)`,
      );
      assert.equal(docs.get(code), ERROR_CODES[code], `${code} is documented with its status ${ERROR_CODES[code]}`);
    }
    for (const code of docs.keys()) assert.ok(isErrorCode(code), `${code} (documented) is a code of src/errors.ts`);
  });

  it("names codes AREA_ERR_WHAT, and documents no Fastify or Node code as a public one", () => {
    for (const code of ERROR_CODE_LIST)
      assert.match(code, /^(SVC|HTTP|AUTH|CHAIN|STORE|TX|DEVNET)_ERR_[A-Z]+(_[A-Z]+)*$/);
    for (const code of docs.keys()) assert.ok(!/^(FST|HPE|ERR)_/.test(code), `${code} is not a public code`);
  });

  it("gives each throwable error of the registry its registry code and status", () => {
    let throwable = 0;
    for (const [name, value] of Object.entries(registry)) {
      if (typeof value !== "function" || !/Error$/.test(name)) continue;
      const error = new (value as new (...args: string[]) => { code?: unknown; statusCode?: unknown })("probe");
      assert.ok(isErrorCode(error.code), `${name} throws ${String(error.code)}, a registry code`);
      assert.equal(error.statusCode, ERROR_CODES[error.code], `${name} answers ${ERROR_CODES[error.code]}`);
      throwable++;
    }
    assert.ok(throwable >= 9, "the throwable errors were read");
  });

  it("maps Fastify's errors to registry codes of the same status, and every 4xx Fastify raises while serving", () => {
    const fastify = errorCodes as unknown as Record<string, new () => { statusCode?: number }>;
    for (const [fst, code] of FASTIFY_CODES) {
      const Constructor = fastify[fst];
      assert.ok(Constructor, `${fst} is a Fastify error code`);
      assert.ok(isErrorCode(code), `${fst} maps to ${code}, a registry code`);
      assert.equal(new Constructor().statusCode, ERROR_CODES[code], `${fst} and ${code} have the same status`);
    }
    // 4xx codes that Fastify raises only while routes are declared or the server is set up.
    const setupOnly = new Set([
      "FST_ERR_CTP_INSTANCE_ALREADY_STARTED",
      "FST_ERR_INVALID_URL",
      "FST_ERR_ROUTE_MISSING_CONTENT",
      "FST_ERR_ROUTE_MISSING_CONTENT_TYPE",
    ]);
    for (const [fst, Constructor] of Object.entries(fastify)) {
      let status: number | undefined;
      try {
        status = new Constructor().statusCode;
      } catch {
        continue;
      }
      if (status === undefined || status < 400 || status >= 500 || setupOnly.has(fst) || fst === "FST_ERR_VALIDATION")
        continue;
      assert.ok(FASTIFY_CODES.has(fst), `${fst} (${status}) has a public code in FASTIFY_CODES`);
    }
  });

  it("declares the registry as the enum of ErrorBody.code", () => {
    const code = (
      ErrorBody as unknown as { properties: { code: { enum: string[]; type: string } }; required: string[] }
    ).properties.code;
    assert.deepEqual(code.enum, ERROR_CODE_LIST);
    assert.equal(code.type, "string");
    assert.ok((ErrorBody as unknown as { required: string[] }).required.includes("code"));
  });

  it("uses only registry codes where src/ names a code", () => {
    for (const file of sources("src")) {
      for (const match of readFileSync(file, "utf8").matchAll(
        /["'`]((?:SVC|HTTP|AUTH|CHAIN|STORE|TX)_ERR_[A-Z0-9_]+)["'`]/g,
      )) {
        assert.ok(isErrorCode(match[1]), `${file} names ${match[1]}, which is not a code of src/errors.ts`);
      }
    }
  });
});
