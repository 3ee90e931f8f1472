// Slow clients are dropped, normal ones are not slowed: with short timeouts from the environment
// (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS), raw sockets that trickle their
// headers or body a byte at a time are answered 408 and closed, an idle keep-alive connection is
// closed, while requests from a normal client in parallel all succeed; and a wait on a
// transaction, which holds its answer longer than REQUEST_TIMEOUT_MS once asked, is not cut.
// Bounds are generous (the machine is shared): they tell "dropped" from "held for good".
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";

const HEADERS_MS = 1_000;
const REQUEST_MS = 2_000;
const KEEP_ALIVE_MS = 500;

interface Trickle {
  /** Everything the server sent, once it closed the connection. */
  readonly closed: Promise<string>;
  stop(): void;
}

/** Opens a connection that sends `prefix` at once, then one byte of `rest` every `everyMs`. */
function trickle(origin: string, prefix: string, rest: string, everyMs = 200): Trickle {
  const url = new URL(origin);
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
  let received = "";
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<string>((resolve) => {
    socket.on("data", (d: Buffer) => (received += d.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve(received);
    });
  });
  socket.once("connect", () => {
    socket.write(prefix);
    let i = 0;
    timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) return clearInterval(timer);
      socket.write(rest[i % rest.length] ?? "x");
      i++;
    }, everyMs);
  });
  return { closed, stop: () => (clearInterval(timer), socket.destroy()) };
}

/** Resolves to `value` or to "still open" after `ms`. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | "still open"> =>
  Promise.race([promise, new Promise<"still open">((r) => setTimeout(() => r("still open"), ms).unref())]);

describe("slow clients", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({
      AUTH: "optional",
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    });
  });
  after(() => service.close());

  it("drops 20 connections trickling their headers with 408 while a normal client's requests succeed", async () => {
    const host = new URL(service.url).host;
    const slow = Array.from({ length: 20 }, () =>
      trickle(
        service.url,
        `GET /health HTTP/1.1\r\nHost: ${host}\r\n`,
        "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      ),
    );
    try {
      // A normal client meanwhile: every request answered, on a server busy holding twenty slow ones.
      const normal: number[] = [];
      for (let i = 0; i < 10; i++) normal.push((await service.request<"getHealth">("GET", "/health")).status);
      assert.deepEqual(normal, Array(10).fill(200));
      const answers = await Promise.all(slow.map((s) => within(s.closed, 15_000)));
      for (const answer of answers)
        assert.match(
          String(answer),
          /^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*"code":"HTTP_ERR_TIMEOUT"/,
          String(answer),
        );
      assert.equal((await service.request<"getHealth">("GET", "/health")).status, 200);
    } finally {
      for (const s of slow) s.stop();
    }
  });

  it("drops a connection trickling its body with 408", async () => {
    const host = new URL(service.url).host;
    const body = JSON.stringify({ address: "addr_test1vpc8d2d0mde78amck0rqzaqq3l9zdvz4plhvaynrg94m89q70x2nj" }).padEnd(
      400,
      " ",
    );
    const slow = trickle(
      service.url,
      `POST /v2/services/devnet/faucet HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    try {
      const answer = await within(slow.closed, 15_000);
      assert.match(String(answer), /^HTTP\/1\.1 408 Request Timeout\r\n/, String(answer));
    } finally {
      slow.stop();
    }
  });

  it("closes an idle keep-alive connection", async () => {
    const host = new URL(service.url).host;
    const idle = trickle(service.url, `GET /health HTTP/1.1\r\nHost: ${host}\r\n\r\n`, "", 60_000);
    try {
      const answer = await within(idle.closed, 10_000);
      // Answered, then closed by the server (a connection held for good would still be open).
      assert.match(String(answer), /^HTTP\/1\.1 200 OK\r\n/, String(answer));
    } finally {
      idle.stop();
    }
  });

  it("does not cut a wait that outlasts REQUEST_TIMEOUT_MS once the request has arrived", async () => {
    const txHash = "ab".repeat(32);
    const seconds = Math.ceil((REQUEST_MS * 2) / 1000);
    const answer = await service.request<"waitForTransaction">(
      "GET",
      `/transactions/${txHash}/wait?timeout=${seconds}`,
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { txHash, status: "unknown", timedOut: true });
  });
});
