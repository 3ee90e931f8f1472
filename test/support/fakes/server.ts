// What the fake Blockfrost, Ogmios and Kupo servers share: a loopback HTTP server that records
// every request and can be told to be slow, to fail, to throttle, or to refuse connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");
/** A fixture's text, as recorded (big numbers stay exact when it is sent as is). */
export const fixtureText = (path: string): string => readFileSync(join(FIXTURES, path), "utf8");
export const fixture = <T = unknown>(path: string): T => JSON.parse(fixtureText(path)) as T;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: Buffer;
  readonly at: number;
}

/** How the server misbehaves; `times` bounds it to the next N requests (default: until changed). */
export type Behaviour =
  | { readonly kind: "normal" }
  | { readonly kind: "slow"; readonly delayMs: number; readonly times?: number }
  | { readonly kind: "fail"; readonly status: 500 | 502 | 503; readonly times?: number }
  | { readonly kind: "throttle"; readonly retryAfterSeconds: number; readonly times?: number };

export interface Reply {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** Answers a request (a recorded answer, or one computed from a live ledger); undefined is a 404. */
export type Handler = (request: RecordedRequest, url: URL) => Reply | undefined | Promise<Reply | undefined>;

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  /** Errors the route itself threw (a bug in the fake or its ledger), answered as 500. */
  readonly faults: unknown[] = [];
  #behaviour: Behaviour = { kind: "normal" };
  #remaining = Number.POSITIVE_INFINITY;
  #port = 0;
  readonly server: Server;

  constructor(
    private readonly route: Handler,
    private readonly failureBody: (status: number) => string,
  ) {
    this.server = createServer((req, res) => void this.#serve(req, res));
    // The fakes share their process with the test and its clients. After a long synchronous step
    // of the test (compiling a big JSON schema on a loaded machine), the server's 5 s keep-alive
    // timer and the client's next request on that socket come due together, and the timer can
    // win: ECONNRESET. Idle sockets are the clients' to close here (undici closes them after 4 s).
    this.server.keepAliveTimeout = 0;
  }

  async listen(port = this.#port): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    this.#port = (this.server.address() as AddressInfo).port;
  }

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  behave(behaviour: Behaviour): void {
    this.#behaviour = behaviour;
    this.#remaining =
      "times" in behaviour && behaviour.times !== undefined ? behaviour.times : Number.POSITIVE_INFINITY;
  }

  /** Stops listening (connections are refused) but keeps the port for accept(). */
  async refuse(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async accept(): Promise<void> {
    await this.listen(this.#port);
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The behaviour that applies to this request, counted down. */
  take(): Behaviour {
    const behaviour = this.#behaviour;
    if (behaviour.kind === "normal") return behaviour;
    this.#remaining -= 1;
    if (this.#remaining <= 0) this.#behaviour = { kind: "normal" };
    return behaviour;
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", this.url);
    const request: RecordedRequest = {
      method: req.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
      body: Buffer.concat(chunks),
      at: Date.now(),
    };
    this.requests.push(request);
    const behaviour = this.take();
    if (behaviour.kind === "slow") await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.kind === "fail") return send(res, behaviour.status, this.failureBody(behaviour.status));
    if (behaviour.kind === "throttle") {
      return send(res, 429, this.failureBody(429), { "retry-after": String(behaviour.retryAfterSeconds) });
    }
    let answer: Reply | undefined;
    try {
      answer = await this.route(request, url);
    } catch (error) {
      // A fake that cannot answer: a 500 naming why, and kept in `faults` for the test to check.
      this.faults.push(error);
      const message = `fake backend failure: ${(error as Error).message}`;
      return send(
        res,
        500,
        JSON.stringify({ status_code: 500, error: "Internal Server Error", message, hint: message }),
      );
    }
    if (!answer) return send(res, 404, this.failureBody(404));
    send(res, answer.status, answer.body, answer.headers);
  }
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}
