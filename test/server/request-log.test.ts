// The request's log lines, read from a real service's pino output: a successful submit logs its
// transaction hash with the request id on every submit path (POST /transactions/submit, POST
// /tournaments/submit-tx, the devnet's Blockfrost-compatible POST /tx/submit), and a 4xx's lines
// sit at info, below a 5xx's at error, in Fastify's structured form.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ChainUnavailableError } from "../../src/errors.js";
import { BLOCKFROST_PREFIX } from "../../src/server/routes/blockfrost/http.js";
import { startService, type RunningService } from "../support/service.js";
import { build } from "../support/transactions-api.js";
import { fundedWallet, newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

type Line = Record<string, unknown>;
const INFO = 30;
const ERROR = 50;

let service: RunningService;
const lines: Line[] = [];

before(async () => {
  service = await startService(
    { LOG_LEVEL: "info" },
    {
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
      beforeListen: (app) => {
        app.get("/test/backend-down", async () => {
          throw new ChainUnavailableError("The chain backend does not answer.");
        });
      },
    },
  );
});
after(() => service.close());

/**
 * The line `msg` of request `reqId`. A request's last lines are written once its answer has left,
 * so they may follow the answer by a turn of the event loop: wait for them (up to 5 s).
 */
async function lineOf(reqId: string, msg: string): Promise<Line> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const line = lines.find((l) => l["reqId"] === reqId && l["msg"] === msg);
    if (line) return line;
    if (Date.now() > deadline) {
      const seen = lines.filter((l) => l["reqId"] === reqId).map((l) => l["msg"]);
      assert.fail(`no "${msg}" line for request ${reqId}; its lines: ${JSON.stringify(seen)}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A payment from a fresh funded key, built by the service: the transaction and the key that signs it. */
async function payment(): Promise<{ complete: string; hash: string; payer: TestWallet }> {
  const [payer, payee] = await Promise.all([fundedWallet(service, 10_000_000), newEnterpriseWallet()]);
  const built = await build(service, {
    changeAddress: payer.address,
    outputs: [{ address: payee.address, lovelace: 2_000_000 }],
  });
  return { complete: built.complete, hash: built.hash, payer };
}

describe("a successful submit logs its transaction hash with the request id", () => {
  for (const path of ["/transactions/submit", "/tournaments/submit-tx"])
    it(`POST ${path}`, async () => {
      const { complete, hash, payer } = await payment();
      const response = await service.request<"submitTransaction" | "submitTournamentTransaction">("POST", path, {
        transaction: complete,
        signatures: [await payer.witnessSet(complete)],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.txHash, hash);
      const reqId = response.headers.get("x-request-id") ?? "";
      const line = await lineOf(reqId, "transaction submitted");
      assert.deepEqual({ level: line["level"], txHash: line["txHash"] }, { level: INFO, txHash: hash });
    });

  it("POST /tx/submit of the Blockfrost-compatible API", async () => {
    const { complete, hash, payer } = await payment();
    const response = await fetch(`${service.url}${BLOCKFROST_PREFIX}/tx/submit`, {
      method: "POST",
      headers: { "content-type": "application/cbor", "x-request-id": "bf-submit-1" },
      body: Buffer.from(await payer.sign(complete), "hex"),
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(await response.json(), hash);
    assert.equal(response.headers.get("x-request-id"), "bf-submit-1");
    const line = await lineOf("bf-submit-1", "transaction submitted");
    assert.deepEqual({ level: line["level"], txHash: line["txHash"] }, { level: INFO, txHash: hash });
  });

  it("a refused submit logs no transaction hash", async () => {
    const response = await service.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: "00",
      signatures: [],
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    const reqId = response.headers.get("x-request-id") ?? "";
    await lineOf(reqId, "request completed");
    assert.equal(
      lines.find((l) => l["reqId"] === reqId && l["msg"] === "transaction submitted"),
      undefined,
    );
  });
});

describe("a request's lines: a 4xx at info, below a 5xx at error", () => {
  /** The level and fields of a request's "request failed" and "request completed" lines. */
  async function linesOf(reqId: string) {
    const failed = await lineOf(reqId, "request failed");
    const completed = await lineOf(reqId, "request completed");
    return {
      failed: { level: failed["level"], statusCode: failed["statusCode"], code: failed["code"] },
      completed: {
        level: completed["level"],
        res: completed["res"],
        timed: typeof completed["responseTime"] === "number",
      },
    };
  }

  it("a 2xx: request completed at info", async () => {
    const response = await service.request<"getHealth">("GET", "/health");
    assert.equal(response.status, 200);
    const completed = await lineOf(response.headers.get("x-request-id") ?? "", "request completed");
    assert.deepEqual({ level: completed["level"], res: completed["res"] }, { level: INFO, res: { statusCode: 200 } });
  });

  it("a 4xx (the client's mistake): request failed and request completed at info", async () => {
    const response = await service.request<"submitTransaction">("POST", "/transactions/submit", {});
    assert.equal(response.status, 400);
    assert.deepEqual(await linesOf(response.headers.get("x-request-id") ?? ""), {
      failed: { level: INFO, statusCode: 400, code: "SVC_ERR_VALIDATION" },
      completed: { level: INFO, res: { statusCode: 400 }, timed: true },
    });
  });

  it("a 5xx (the service failed): request failed and request completed at error", async () => {
    const response = await fetch(`${service.url}/test/backend-down`);
    assert.equal(response.status, 503);
    assert.deepEqual(await linesOf(response.headers.get("x-request-id") ?? ""), {
      failed: { level: ERROR, statusCode: 503, code: "CHAIN_ERR_UNAVAILABLE" },
      completed: { level: ERROR, res: { statusCode: 503 }, timed: true },
    });
  });

  it("the Blockfrost-compatible API alike: a 4xx at info", async () => {
    const response = await fetch(`${service.url}${BLOCKFROST_PREFIX}/tx/submit`, {
      method: "POST",
      headers: { "content-type": "application/cbor" },
      body: Buffer.alloc(0),
    });
    assert.equal(response.status, 400);
    const reqId = response.headers.get("x-request-id") ?? "";
    const failed = await lineOf(reqId, "request failed");
    const completed = await lineOf(reqId, "request completed");
    assert.deepEqual([failed["level"], failed["statusCode"], completed["level"]], [INFO, 400, INFO]);
  });
});
