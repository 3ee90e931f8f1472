// A webhook receiver on loopback for the tests: answers each path from a script (the last answer
// repeats), records every request as received (raw body, headers), and waits for what a test
// expects to arrive.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

export interface Answer {
  readonly status: number;
  readonly body?: string;
  /** Holds the answer this long (ms): a timeout. */
  readonly delayMs?: number;
  readonly headers?: Record<string, string>;
}

export class Receiver {
  readonly received: Received[] = [];
  readonly #scripts = new Map<string, Answer[]>();
  readonly #server: Server;
  #waiters: Array<() => void> = [];
  url = "";

  private constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "/";
        this.received.push({
          path,
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        const script = this.#scripts.get(path) ?? [{ status: 200 }];
        const answer = script.length > 1 ? script.shift()! : script[0]!;
        const reply = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body ?? "");
        };
        if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
        else reply();
        for (const wake of this.#waiters.splice(0)) wake();
      });
    });
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, "127.0.0.1", resolve));
    receiver.url = `http://127.0.0.1:${(receiver.#server.address() as AddressInfo).port}`;
    return receiver;
  }

  /** Answers requests to `path` with these, in order (the last repeats). */
  script(path: string, ...answers: Answer[]): void {
    this.#scripts.set(path, [...answers]);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once `done` holds of what was received; rejects after `ms`, saying what arrived. */
  async until(done: (received: readonly Received[]) => boolean, ms = 30_000): Promise<Received[]> {
    const deadline = Date.now() + ms;
    while (!done(this.received)) {
      if (Date.now() > deadline)
        throw new Error(
          `The receiver did not get what was expected within ${ms} ms; it got: ${JSON.stringify(this.received.map((r) => [r.path, r.headers["webhook-id"]]))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
