// No input may produce a 5xx. For every operation of the running service's OpenAPI document (so
// routes added later are covered too), malformed requests (test/support/fuzz-cases.ts) go through
// real HTTP to the devnet service. Every answer must be below 500 (503 only when the service has
// no chain backend, saying so), every error body exactly {statusCode, error, code, message} with the
// HTTP status, and every error status one the operation documents. A second service, with a
// fixture route built from the shared schemas, checks the shared plumbing the same way.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import http, { STATUS_CODES } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { build } from "../../src/server/app.js";
import { loadConfig } from "../../src/config.js";
import { parseAmount } from "../../src/cardano/amount.js";
import { Amount, errorResponses, Hash28, Hash32, Hex, SignedAmount } from "../../src/server/schemas.js";
import { casesFor, type FuzzCase, type Hints } from "../support/fuzz-cases.js";
import { operationsOf, type OpenApiAnswer, type OpenApiDocument, type Operation } from "../support/openapi.js";
import { rawExchange, startService, type RunningService } from "../support/service.js";

interface Answer {
  status: number;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function send(origin: string, c: FuzzCase): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...c.headers };
    if (c.body !== undefined && !c.chunked) headers["content-length"] = c.body.length;
    const request = http.request(
      { host: url.hostname, port: url.port, method: c.method, path: c.path, headers, agent, timeout: 30_000 },
      (response) => {
        // A stream (GET /events) that opened answered: it would otherwise run until the timeout.
        if (String(response.headers["content-type"]).startsWith("text/event-stream")) {
          response.destroy();
          resolve({ status: response.statusCode ?? 0, text: "" });
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
    // The server may answer (413) and close before the whole body is written: the client then
    // sees EPIPE or ECONNRESET while writing, and still reads the answer, which counts.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") setTimeout(() => reject(error), 2_000).unref();
      else reject(error);
    });
    if (c.body !== undefined && c.chunked) {
      for (let i = 0; i < c.body.length; i += 65_536) request.write(c.body.subarray(i, i + 65_536));
      request.end();
    } else if (c.body !== undefined) request.end(c.body);
    else request.end();
  });
}

async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

const ROUTER_404 = /is incorrect: every endpoint lives under/;
const CHAIN_MISSING = /chain backend|No chain backend is configured/i;
const isHealth = (op: Operation) => op.path === "/health" || op.path === "/v2/services/health";

/** What is wrong with one answer (empty when nothing). */
function problemsOf(op: Operation, c: FuzzCase, answer: Answer, chainMissing: boolean): string[] {
  const problems: string[] = [];
  const { status } = answer;
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    // reported below when it matters
  }
  if (c.expectStatus !== undefined && status !== c.expectStatus)
    problems.push(`status ${status}, expected ${c.expectStatus}`);
  const message = typeof body?.["message"] === "string" ? (body["message"] as string) : "";
  if (status >= 500 && !(status === 503 && chainMissing && (CHAIN_MISSING.test(message) || isHealth(op)))) {
    problems.push(`status ${status}: ${answer.text.slice(0, 200)}`);
  }
  if (status >= 400 && !(isHealth(op) && status === 503)) {
    if (!body || typeof body !== "object")
      problems.push(`status ${status} with a body that is not JSON: ${answer.text.slice(0, 120)}`);
    else {
      const keys = Object.keys(body)
        .filter((key) => key !== "detail")
        .sort()
        .join(",");
      if (keys !== "code,error,message,requestId,statusCode") problems.push(`error body has the keys ${keys}`);
      if (body["statusCode"] !== status)
        problems.push(`statusCode ${String(body["statusCode"])} in a ${status} answer`);
      if (body["error"] !== STATUS_CODES[status])
        problems.push(`error "${String(body["error"])}" in a ${status} answer`);
      if (!message.trim()) problems.push(`empty message in a ${status} answer`);
    }
    const sameOperation = c.method === op.method;
    const routerAnswer = status === 404 && ROUTER_404.test(message);
    if (sameOperation && !routerAnswer && c.expectStatus === undefined && !op.op.responses?.[String(status)]) {
      problems.push(`status ${status} is not documented for this operation ("${message.slice(0, 100)}")`);
    }
  }
  return problems;
}

interface FuzzResult {
  failures: string[];
  /** How many answers of each status, e.g. "400×812 415×7". */
  statuses: string;
}

async function fuzzOperation(
  origin: string,
  document: OpenApiDocument,
  op: Operation,
  bodyLimit: number,
  chainMissing: boolean,
  hints: Hints = {},
  select: (c: FuzzCase) => boolean = () => true,
): Promise<FuzzResult> {
  const cases = casesFor(document, op, bodyLimit, hints).filter(select);
  const failures: string[] = [];
  const counts = new Map<number, number>();
  await pool(cases, 16, async (c) => {
    let answer: Answer;
    try {
      answer = await send(origin, c);
    } catch (error) {
      failures.push(`${c.label}: no answer (${(error as Error).message})`);
      return;
    }
    counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    for (const problem of problemsOf(op, c, answer, chainMissing)) failures.push(`${c.label}: ${problem}`);
  });
  const statuses = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  return { failures, statuses };
}

/** The CIP-19 testnet enterprise address test vector. */
const ADDRESS = "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz";

/**
 * Real values by property name, so that the sampled bodies get past the first domain check and
 * the mutations reach deep into the domain code: a devnet-funded address, its UTxO strings, a
 * transaction built from them. Without a chain (or a faucet) only the static ones.
 */
async function realValues(service: RunningService): Promise<Hints> {
  const hints: Record<string, unknown> = {
    address: ADDRESS,
    changeAddress: ADDRESS,
    destAddress: ADDRESS,
    adminAddress: ADDRESS,
    registererAddress: ADDRESS,
    lovelace: "2_000_000",
    message: "hello",
    script: `8200581c${"00".repeat(28)}`,
    slot: 1000,
    time: Date.UTC(2100, 0, 1),
    // GET /transactions/{hash}/wait on a hash the chain never sees waits out its timeout: 1 s, not the default minute.
    timeout: 1,
  };
  const faucet = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
    address: ADDRESS,
    lovelace: "1_000_000_000",
  });
  if (faucet.status !== 200) return hints;
  const txHash = faucet.body.txHash as string;
  const utxos = (await service.request<"getAddressUtxos">("GET", `/addresses/${ADDRESS}/utxos`)).body?.utxos as
    string[] | undefined;
  Object.assign(hints, { txHash, referenceInputs: [`${txHash}#0`] });
  if (utxos?.length) Object.assign(hints, { utxos, requiredInputs: utxos.slice(0, 1) });
  const built = await service.request<"buildTransaction">("POST", "/transactions/build", {
    changeAddress: ADDRESS,
    outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
  });
  if (built.status === 200) hints["transaction"] = built.body.complete;
  return hints;
}

const report = (failures: string[]) =>
  failures.length === 0 ? [] : [`${failures.length} failing requests`, ...failures.slice(0, 25)];

describe("no input produces a 5xx: every operation of the devnet service", () => {
  let service: RunningService;
  let document: OpenApiDocument;
  let hints: Hints;
  before(async () => {
    service = await startService();
    document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
    hints = await realValues(service);
  });
  after(async () => {
    await service.close();
  });

  it("answers every malformed request with a documented 4xx in the error shape", async (t) => {
    const chainMissing = !service.app.chainConfigured;
    if (chainMissing) t.diagnostic("the devnet has no chain backend yet: 503 saying so is tolerated");
    const operations = operationsOf(document);
    assert.ok(operations.length > 0);
    for (const op of operations) {
      await t.test(`${op.method} ${op.path}`, async () => {
        const { failures, statuses } = await fuzzOperation(
          service.url,
          document,
          op,
          service.config.bodyLimit,
          chainMissing,
          hints,
        );
        t.diagnostic(`${op.method} ${op.path}: ${statuses}`);
        assert.deepEqual(report(failures), []);
      });
    }
  });

  it("routes a path parameter as long as a testnet base address (108 characters)", async () => {
    const base =
      "addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae";
    assert.equal(base.length, 108);
    const answer = await service.request<"getAddressUtxos">("GET", `/addresses/${base}/utxos`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { utxos: [], cursor: null });
  });

  it("answers unknown routes with 404 in the error shape", async () => {
    for (const path of [
      "/",
      "/v2",
      "/v2/services",
      "/v2/services/nope",
      "/v2/services/%E2%80%AE",
      `/v2/services/${"a".repeat(3000)}`,
      "/v2/services/utils/../health/x",
    ]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const answer = await send(service.url, {
          label: path,
          method,
          path,
          headers: { "content-type": "application/json" },
          body: Buffer.from("{}"),
        });
        assert.equal(answer.status, 404, `${method} ${path}`);
        const body = JSON.parse(answer.text) as Record<string, unknown>;
        assert.deepEqual(Object.keys(body).sort(), ["code", "error", "message", "requestId", "statusCode"]);
        assert.equal(body["statusCode"], 404);
      }
    }
  });
});

describe("no input produces a 5xx: a real network without a chain backend", () => {
  // Preview with no backend configured: chain-dependent operations answer 503 saying what to
  // configure (and must document it), devnet-only ones 404; nothing else is a 5xx.
  let service: RunningService;
  let document: OpenApiDocument;
  before(async () => {
    service = await startService({ NETWORK: "preview", AUTH: "optional" });
    document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
  });
  after(() => service.close());

  it("answers the sampled requests of every operation with a documented status, 503 only for the missing chain", async (t) => {
    assert.equal(service.app.chainConfigured, false);
    const hints: Hints = {
      address: "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
      changeAddress: "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
    };
    for (const op of operationsOf(document)) {
      await t.test(`${op.method} ${op.path}`, async () => {
        const { failures, statuses } = await fuzzOperation(
          service.url,
          document,
          op,
          service.config.bodyLimit,
          true,
          hints,
          (c) => /sampled (body|request)$|^path \S+ = x$|^query \S+ = x$/.test(c.label),
        );
        t.diagnostic(`${op.method} ${op.path}: ${statuses}`);
        assert.deepEqual(report(failures), []);
      });
    }
  });
});

describe("no input produces a 5xx: requests that are not valid HTTP", () => {
  let service: RunningService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  for (const [label, bytes, status] of [
    ["garbage", "GARBAGE\r\n\r\n", 400],
    ["a bad header line", "GET /v2/services/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400],
    [
      "a bad Content-Length",
      "POST /v2/services/utils/addresses/parse HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
      400,
    ],
    ["headers of 40 kB", `GET /v2/services/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`, 431],
  ] as const) {
    it(`answers ${label} with ${status} in the error shape`, async () => {
      const answer = await rawExchange(service.url, bytes);
      assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `), answer.slice(0, 200));
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(body).sort(), ["code", "error", "message", "requestId", "statusCode"]);
      assert.equal(body["statusCode"], status);
      assert.equal(body["error"], STATUS_CODES[status]);
      assert.ok(!/Client Error/.test(String(body["message"])), "the message is a sentence");
    });
  }
});

describe("no input produces a 5xx: the shared plumbing, through a fixture route", () => {
  // A route as colleagues write them (shared schemas, a $ref to an addSchema'd schema, a recursive
  // schema, a handler that parses amounts and walks nested data recursively), added to a real build().
  let app: FastifyInstance;
  let origin: string;
  let document: OpenApiDocument;
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-fuzz-"));
  before(async () => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      NETWORK: "preview",
      AUTH: "optional",
      DATA_DIR: dataDir,
      KEYLESS_PER_SECOND: "1000000",
      KEYLESS_BURST: "1000000",
    });
    app = await build(config, { chain: null });
    app.addSchema(
      Type.Object(
        { policyId: Hash28("Policy ID."), quantity: SignedAmount("Quantity.") },
        { $id: "FuzzAsset", description: "An asset." },
      ),
    );
    const Node = Type.Cyclic(
      {
        Node: Type.Union([
          Type.Object({ int: Type.Integer({ description: "An integer." }) }, { additionalProperties: false }),
          Type.Object(
            { list: Type.Array(Type.Ref("Node"), { description: "Children." }) },
            { additionalProperties: false },
          ),
        ]),
      },
      "Node",
    );
    app.post(
      "/v2/services/fuzz-fixture/:ref",
      {
        schema: {
          summary: "Fixture",
          description: "Shared schemas under fuzz.",
          tags: ["Utilities"],
          params: Type.Object({ ref: Hash32("A transaction hash.") }),
          querystring: Type.Object({
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: "Page size." })),
          }),
          body: Type.Object(
            {
              lovelace: Amount("Lovelace."),
              script: Type.Optional(Hex("CBOR.", { maxLength: 200 })),
              assets: Type.Optional(Type.Array(Type.Ref("FuzzAsset"), { description: "Assets.", maxItems: 10 })),
              data: Type.Optional({ ...Node, description: "Nested data." }),
              metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "Any JSON." })),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({ total: Type.String({ description: "Sum." }) }, { description: "The sum." }),
            ...errorResponses(404),
          },
        },
      },
      async (request) => {
        const body = request.body as {
          lovelace: number | string;
          assets?: { quantity: number | string }[];
          data?: unknown;
          metadata?: unknown;
        };
        let total = parseAmount(body.lovelace, "body.lovelace");
        for (const [i, asset] of (body.assets ?? []).entries())
          total += parseAmount(asset.quantity, `body.assets[${i}].quantity`, { signed: true });
        const depth = (x: unknown): number =>
          x && typeof x === "object" ? 1 + Math.max(0, ...Object.values(x).map(depth)) : 0;
        return { total: String(total + BigInt(depth(body.data) + depth(body.metadata))) };
      },
    );
    // And one broken on purpose, to show that the fuzzer reports what it should.
    app.post(
      "/v2/services/fuzz-broken",
      {
        schema: {
          summary: "Broken on purpose",
          description: "Throws on long text, answers an undocumented status with a hand-made body on empty text.",
          tags: ["Utilities"],
          body: Type.Object({ text: Type.String({ description: "Any text." }) }),
          response: {
            200: Type.Object({ ok: Type.Boolean({ description: "True." }) }, { description: "Fine." }),
            ...errorResponses(),
          },
        },
      },
      async (request, reply) => {
        const { text } = request.body as { text: string };
        if (text.length > 1000) throw new Error("boom");
        if (text === "") return reply.code(409 as never).send({ oops: true } as never);
        return { ok: true };
      },
    );
    origin = await app.listen({ port: 0, host: "127.0.0.1" });
    document = app.swagger() as unknown as OpenApiDocument;
  });
  after(async () => {
    await app.close();
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every malformed request with a documented 4xx in the error shape", async (t) => {
    const op = operationsOf(document).find((o) => o.path === "/v2/services/fuzz-fixture/{ref}");
    assert.ok(op);
    const { failures, statuses } = await fuzzOperation(
      origin,
      document,
      op,
      app.initialConfig.bodyLimit ?? 1024 * 1024,
      true,
    );
    t.diagnostic(`fixture: ${statuses}`);
    assert.deepEqual(report(failures), []);
    assert.match(statuses, /200×/, "some cases pass validation and reach the handler");
  });

  it("reports a broken route (the fuzzer can fail)", async () => {
    const op = operationsOf(document).find((o) => o.path === "/v2/services/fuzz-broken");
    assert.ok(op);
    const { failures } = await fuzzOperation(origin, document, op, app.initialConfig.bodyLimit ?? 1024 * 1024, false);
    const text = failures.join("\n");
    assert.match(text, /body\.text = "xxx.*: status 500: .*this is a bug/, "a plain Error in the handler is a 500");
    assert.match(text, /body\.text = "": error body has the keys oops/, "a hand-made error body is reported");
    assert.match(text, /body\.text = "": status 409 is not documented/, "an undocumented status is reported");
  });

  it("accepts the well-formed request (the cases really reach the handler)", async () => {
    const answer = await send(origin, {
      label: "valid",
      method: "POST",
      path: `/v2/services/fuzz-fixture/${"0".repeat(64)}?limit=2`,
      headers: { "content-type": "application/json" },
      body: Buffer.from(
        JSON.stringify({
          lovelace: "5_000_000",
          assets: [{ policyId: "0".repeat(56), quantity: -1 }],
          data: { list: [{ int: 1 }] },
        }),
      ),
    });
    assert.equal(answer.status, 200, answer.text);
    assert.equal((JSON.parse(answer.text) as { total?: unknown }).total, "5000002");
  });
});
