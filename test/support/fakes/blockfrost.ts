// A Blockfrost API on loopback answering the recorded examples of test/fixtures/blockfrost
// (from @blockfrost/openapi), or, started with a LiveLedger, answering from that ledger in the
// same shapes (./live-blockfrost.ts). Tests may replace any route's answer with `answer()`, and
// make the whole server slow, failing (500/503), throttling (429 + Retry-After) or refusing.
import { FakeServer, fixture, fixtureText, type RecordedRequest, type Reply } from "./server.js";
import { liveBlockfrost } from "./live-blockfrost.js";
import type { LiveLedger } from "./live-ledger.js";

export type { Behaviour, RecordedRequest } from "./server.js";

const ERRORS: Record<number, string> = {
  400: "blockfrost/error-400.json",
  403: "blockfrost/error-403.json",
  404: "blockfrost/error-404.json",
  429: "blockfrost/error-429.json",
  500: "blockfrost/error-500.json",
};

/** Blockfrost's error body for a status (the recorded example where there is one). */
export function blockfrostError(status: number): string {
  const path = ERRORS[status];
  if (path) return fixtureText(path);
  return JSON.stringify({
    status_code: status,
    error: status === 503 ? "Service Unavailable" : "Error",
    message: `Status ${status}.`,
  });
}

/** The recorded transaction: /txs/{hash} knows only this one. */
export const KNOWN_TX = fixture<{ hash: string }>("blockfrost/txs.json").hash;

export interface Answer {
  status: number;
  /** JSON-encoded unless `raw`, or a string error body (status >= 400). */
  body: unknown;
  raw?: boolean;
  headers?: Record<string, string>;
}

type Override = (request: RecordedRequest, url: URL) => Answer | undefined;

export class FakeBlockfrost extends FakeServer {
  readonly #overrides: { method: string; pattern: RegExp; answer: Override }[] = [];

  private constructor(readonly ledger: LiveLedger | undefined) {
    super((request, url) => this.#route(request, url), blockfrostError);
  }

  /** Answers the recorded examples, or, given a ledger, answers from it. */
  static async start(options: { ledger?: LiveLedger } = {}): Promise<FakeBlockfrost> {
    const fake = new FakeBlockfrost(options.ledger);
    await fake.listen();
    return fake;
  }

  /** The base URL, as BLOCKFROST_URL takes it. */
  get apiUrl(): string {
    return `${this.url}/api/v0`;
  }

  /** Back to the recorded answers only, normal behaviour, no requests remembered. */
  reset(): void {
    this.#overrides.length = 0;
    this.requests.length = 0;
    this.behave({ kind: "normal" });
  }

  /** Answers `method` requests whose path (after /api/v0) matches `pattern` with `answer`, ahead of the recorded ones. */
  answer(method: string, pattern: RegExp, answer: Answer | Override): void {
    this.#overrides.unshift({ method, pattern, answer: typeof answer === "function" ? answer : () => answer });
  }

  #route(request: RecordedRequest, url: URL): Reply | undefined | Promise<Reply | undefined> {
    if (!url.pathname.startsWith("/api/v0/")) return undefined;
    if (!request.headers["project_id"]) return { status: 403, body: fixtureText("blockfrost/error-403.json") };
    const path = url.pathname.slice("/api/v0".length);
    for (const override of this.#overrides) {
      if (override.method === request.method && override.pattern.test(path)) {
        const answer = override.answer(request, url);
        if (answer) {
          const raw = answer.raw === true || (typeof answer.body === "string" && answer.status >= 400);
          return {
            status: answer.status,
            body: raw ? String(answer.body) : JSON.stringify(answer.body),
            ...(answer.headers ? { headers: answer.headers } : {}),
          };
        }
      }
    }
    if (request.method === "POST" && path === "/tx/submit" && request.headers["content-type"] !== "application/cbor") {
      return { status: 400, body: fixtureText("blockfrost/error-400.json") };
    }
    if (this.ledger) return liveBlockfrost(this.ledger, request.method, path, url, request.body);
    const ok = (file: string) => ({ status: 200, body: fixtureText(`blockfrost/${file}`) });
    const get = request.method === "GET";
    let m: RegExpExecArray | null;
    if (get && path === "/blocks/latest") return ok("blocks-latest.json");
    if (get && path === "/epochs/latest") return ok("epochs-latest.json");
    if (get && path === "/epochs/latest/parameters") return ok("epochs-latest-parameters.json");
    if (get && /^\/addresses\/[^/]+\/utxos$/.test(path)) {
      return (url.searchParams.get("page") ?? "1") === "1" ? ok("addresses-utxos.json") : { status: 200, body: "[]" };
    }
    if (get && (m = /^\/txs\/([0-9a-f]{64})\/utxos$/.exec(path)))
      return m[1] === KNOWN_TX ? ok("txs-utxos.json") : undefined;
    if (get && (m = /^\/txs\/([0-9a-f]{64})$/.exec(path))) return m[1] === KNOWN_TX ? ok("txs.json") : undefined;
    if (get && (m = /^\/txs\/([0-9a-f]{64})\/redeemers$/.exec(path)))
      return m[1] === KNOWN_TX ? ok("txs-redeemers.json") : undefined;
    if (get && /^\/assets\/[0-9a-f]{56,120}\/transactions$/.test(path)) return ok("assets-transactions.json");
    if (get && /^\/scripts\/datum\/[0-9a-f]{64}\/cbor$/.test(path)) return ok("scripts-datum-cbor.json");
    if (get && /^\/scripts\/[0-9a-f]{56}$/.test(path)) return ok("scripts.json");
    if (get && /^\/scripts\/[0-9a-f]{56}\/cbor$/.test(path)) return ok("scripts-cbor.json");
    if (get && /^\/scripts\/[0-9a-f]{56}\/json$/.test(path)) return ok("scripts-json.json");
    if (request.method === "POST" && path === "/tx/submit") return ok("tx-submit.json");
    // Blockfrost's evaluation answer is Ogmios's own (version=6): the Ogmios documentation's example.
    if (request.method === "POST" && /^\/utils\/txs\/evaluate(\/utxos)?$/.test(path))
      return { status: 200, body: fixtureText("ogmios/evaluate-docs.json") };
    return undefined;
  }
}
