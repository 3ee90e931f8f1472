// Receivers that misbehave, through the running service on the devnet with real events: one that
// does not answer within WEBHOOK_TIMEOUT_SECONDS (retried, then delivered), one that answers 429
// (retried), one that redirects (failed, the redirect not followed), one that answers 200 and then
// streams without end (delivered at once: its answer is read no further than a kilobyte). And the
// secret never reaches a log line, at the most verbose level.
import assert from "node:assert/strict";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";
import { fund, newEnterpriseWallet } from "../support/wallets.js";

interface Log {
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

describe("webhooks against hostile receivers", () => {
  let service: RunningService;
  let server: Server;
  let base: string;
  let headers: Record<string, string>;
  const hits = new Map<string, number>();
  const lines: string[] = [];
  /** Responses left open by the endless receiver, ended at the close. */
  const open: ServerResponse[] = [];

  before(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? "/";
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      req.resume();
      if (path === "/slow") {
        if (n === 1) setTimeout(() => !res.destroyed && res.writeHead(200).end(), 3_000).unref();
        else res.writeHead(200).end();
      } else if (path === "/throttled") {
        if (n === 1) res.writeHead(429, { "retry-after": "1" }).end("slow down");
        else res.writeHead(202).end();
      } else if (path === "/moved") res.writeHead(301, { location: `${base}/target` }).end();
      else if (path === "/endless") {
        res.writeHead(200, { "content-type": "text/plain" });
        open.push(res);
        const chunk = "x".repeat(64 * 1024);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
      } else res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    service = await startService(
      { WEBHOOK_TIMEOUT_SECONDS: "1", WEBHOOK_RETRY_BASE_MS: "40", LOG_LEVEL: "trace" },
      { webhooks: { pollMs: 40 }, logStream: { write: (line: string) => void lines.push(line) } },
    );
    headers = { "x-api-key": (await service.app.stores.keys.create({ name: "h", env: "testnet" })).key };
  });
  after(async () => {
    for (const res of open) res.destroy();
    await service?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("retries a timeout and a 429, fails a redirect without following it, and reads an endless answer no further than needed", async () => {
    const wallet = await newEnterpriseWallet();
    const created: Record<string, { id: string; secret: string }> = {};
    for (const path of ["/slow", "/throttled", "/moved", "/endless"]) {
      const answer = await service.request(
        "POST",
        "/webhooks",
        { url: `${base}${path}`, types: ["address.received"], address: wallet.address },
        headers,
      );
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      created[path] = answer.body as { id: string; secret: string };
    }
    await fund(service, wallet.address, 2_000_000);
    const logOf = async (path: string): Promise<Log> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const answer = await service.request("GET", `/webhooks/${created[path]!.id}/deliveries`, undefined, headers);
        const [log] = (answer.body as { deliveries: Log[] }).deliveries;
        if (log !== undefined && log.state !== "pending") return log;
        if (Date.now() > deadline) throw new Error(`${path}: ${JSON.stringify(log)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    assert.deepEqual(await logOf("/slow"), {
      ...(await logOf("/slow")),
      state: "delivered",
      attempts: 2,
      lastStatus: 200,
      lastError: null,
    });
    assert.equal(hits.get("/slow"), 2, "the first attempt timed out after 1 s (its answer would have come at 3 s)");
    assert.deepEqual(await logOf("/throttled"), {
      ...(await logOf("/throttled")),
      state: "delivered",
      attempts: 2,
      lastStatus: 202,
    });
    assert.deepEqual(await logOf("/moved"), {
      ...(await logOf("/moved")),
      state: "failed",
      attempts: 1,
      lastStatus: 301,
      lastError: "HTTP 301: redirects are not followed; give the final URL.",
    });
    assert.equal(hits.get("/target"), undefined, "the redirect was not followed");
    assert.deepEqual(await logOf("/endless"), {
      ...(await logOf("/endless")),
      state: "delivered",
      attempts: 1,
      lastStatus: 200,
    });

    // The secrets appear in no log line (LOG_LEVEL=trace: every request's lines, the worker's).
    assert.ok(lines.length > 0, "the service logged");
    for (const { secret } of Object.values(created))
      assert.ok(!lines.some((line) => line.includes(secret)), "no log line holds a webhook's secret");
  });
});
