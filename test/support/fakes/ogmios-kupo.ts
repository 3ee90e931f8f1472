// Ogmios (HTTP /health + JSON-RPC over WebSocket, the official client's two channels) and Kupo
// (HTTP) on loopback, answering the recorded answers of test/fixtures/ogmios and
// test/fixtures/kupo, or, started with a LiveLedger, answering from that ledger in the same
// shapes (./live-ogmios-kupo.ts). Either server can be made slow, failing, throttling (Kupo) or
// refusing.
import WebSocket from "ws";
import { FakeServer, fixtureText, type RecordedRequest } from "./server.js";
import type { LiveLedger } from "./live-ledger.js";
import { liveKupoWithHeaders, liveOgmios, liveOgmiosHealth, type ChainSyncSession } from "./live-ogmios-kupo.js";

export type { Behaviour } from "./server.js";

/** A WebSocket frame's text: ws hands a string, one Buffer, fragments, or an ArrayBuffer. */
export function wsText(data: WebSocket.Data): string {
  if (typeof data === "string") return data;
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString("utf8");
}

/** The JSON-RPC requests the fake Ogmios received, parsed. */
export interface RpcRequest {
  readonly method: string;
  readonly params?: unknown;
  readonly id: unknown;
  readonly raw: string;
}

/** Which recorded answer each Ogmios method gets (file under test/fixtures/ogmios). */
export const DEFAULT_ANSWERS: Record<string, string> = {
  "queryNetwork/tip": "network-tip.json",
  "queryNetwork/startTime": "network-start-time-preprod.json",
  "queryLedgerState/eraSummaries": "era-summaries-preprod.json",
  "queryLedgerState/epoch": "epoch.json",
  "queryLedgerState/protocolParameters": "protocol-parameters.json",
  "queryLedgerState/utxo": "utxo.json",
  evaluateTransaction: "evaluate-docs.json",
  submitTransaction: "submit-success.json",
  findIntersection: "find-intersection.json",
  nextBlock: "next-block.json",
};

/** A recorded answer with the request's id put in, its text otherwise untouched (big numbers stay exact). */
function withId(text: string, id: unknown): string {
  const body = text.trim().replace(/,\s*"id"\s*:\s*(null|"[^"]*"|\{[^{}]*\})\s*\}$/, "}");
  return `${body.slice(0, -1)},"id":${JSON.stringify(id ?? null)}}`;
}

export class FakeOgmiosKupo {
  readonly rpc: RpcRequest[] = [];
  /** Method → fixture file; change per test. */
  readonly answers: Record<string, string> = { ...DEFAULT_ANSWERS };
  /** Methods that get no answer at all (the socket stays open). */
  readonly silent = new Set<string>();
  /** Method → the answer's text given its params, ahead of the ledger's or the recorded one (change per test). */
  readonly replies = new Map<string, (params: unknown) => string | Promise<string>>();
  /** Kupo answers (JSON-encoded) ahead of the ledger's or the recorded ones, first match wins (change per test). */
  readonly kupoReplies: ((
    url: URL,
  ) => { status: number; body: unknown; headers?: Record<string, string> } | undefined)[] = [];
  #sockets = new Set<WebSocket>();
  /** Each connection's chain-synchronisation cursor (live mode). */
  readonly #sessions = new WeakMap<WebSocket, ChainSyncSession>();
  #wss!: WebSocket.Server;

  private constructor(
    readonly ogmios: FakeServer,
    readonly kupo: FakeServer,
    readonly ledger: LiveLedger | undefined,
  ) {}

  /**
   * Answers the recorded answers, or, given a ledger, answers from it; `network` is what Ogmios's
   * /health says it serves in live mode (the adapter checks it against NETWORK).
   */
  static async start(options: { ledger?: LiveLedger; network?: string } = {}): Promise<FakeOgmiosKupo> {
    const { ledger, network = "preprod" } = options;
    const ogmios = new FakeServer(
      async (request) => {
        if (request.method !== "GET" || request.path !== "/health") return undefined;
        return {
          status: 200,
          body: ledger ? await liveOgmiosHealth(ledger, network) : fixtureText("ogmios/health.json"),
        };
      },
      (status) => JSON.stringify({ error: `status ${status}` }),
    );
    let fake: FakeOgmiosKupo | undefined;
    const kupo = new FakeServer(
      (request, url) => {
        for (const override of fake?.kupoReplies ?? []) {
          const reply = override(url);
          if (reply)
            return {
              status: reply.status,
              body: JSON.stringify(reply.body),
              ...(reply.headers ? { headers: reply.headers } : {}),
            };
        }
        return ledger
          ? request.method === "GET"
            ? liveKupoWithHeaders(ledger, url, request.headers["accept"])
            : undefined
          : FakeOgmiosKupo.kupoRoute(request, url);
      },
      (status) =>
        JSON.stringify({ hint: status === 429 ? "Too many requests." : `Kupo failed with status ${status}.` }),
    );
    fake = new FakeOgmiosKupo(ogmios, kupo, ledger);
    fake.#attachWebSocket();
    await ogmios.listen();
    await kupo.listen();
    return fake;
  }

  get ogmiosUrl(): string {
    return `ws://127.0.0.1:${this.ogmios.port}`;
  }

  get kupoUrl(): string {
    return this.kupo.url;
  }

  /** Closes every open Ogmios socket (the client must reconnect on its next call). */
  dropConnections(): void {
    for (const socket of this.#sockets) socket.terminate();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
    await this.ogmios.close();
    await this.kupo.close();
  }

  #attachWebSocket(): void {
    this.#wss = new WebSocket.Server({ server: this.ogmios.server });
    this.#wss.on("connection", (socket: WebSocket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
      socket.on("message", (data: WebSocket.Data) => void this.#answer(socket, wsText(data)));
    });
  }

  async #answer(socket: WebSocket, raw: string): Promise<void> {
    const message = JSON.parse(raw) as { method: string; params?: unknown; id?: unknown };
    this.rpc.push({ method: message.method, params: message.params, id: message.id, raw });
    const behaviour = this.ogmios.take();
    if (behaviour.kind === "slow") await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.kind === "fail") {
      // An Ogmios that fails mid-request: the connection goes away.
      socket.terminate();
      return;
    }
    if (this.silent.has(message.method)) return;
    const unknown = JSON.stringify({
      jsonrpc: "2.0",
      method: message.method,
      error: { code: -32601, message: "Unknown method." },
    });
    let text: string;
    const reply = this.replies.get(message.method);
    if (reply) {
      text = await reply(message.params);
    } else if (this.ledger) {
      try {
        let session = this.#sessions.get(socket);
        if (!session) this.#sessions.set(socket, (session = {}));
        text =
          (await liveOgmios(
            this.ledger,
            message.method,
            message.params as Record<string, unknown> | undefined,
            session,
          )) ?? unknown;
      } catch (error) {
        // A fault of the fake or its ledger: Ogmios's internal error, and kept for the test to see.
        this.ogmios.faults.push(error);
        text = JSON.stringify({
          jsonrpc: "2.0",
          method: message.method,
          error: { code: -32603, message: `fake Ogmios failure: ${(error as Error).message}` },
        });
      }
    } else {
      const file = this.answers[message.method];
      text = file ? fixtureText(`ogmios/${file}`) : unknown;
    }
    if (socket.readyState === socket.OPEN) socket.send(withId(text, message.id));
  }

  static kupoRoute(request: RecordedRequest, url: URL): { status: number; body: string } | undefined {
    if (request.method !== "GET") return undefined;
    if (/^\/checkpoints\/\d+$/.test(url.pathname)) return { status: 200, body: fixtureText("kupo/checkpoint.json") };
    if (url.pathname.startsWith("/matches/*@")) {
      const txId = url.pathname.slice("/matches/*@".length);
      const matches = JSON.parse(fixtureText("kupo/matches.json")) as { transaction_id: string }[];
      return { status: 200, body: JSON.stringify(matches.filter((m) => m.transaction_id === txId)) };
    }
    if (url.pathname.startsWith("/matches/")) return { status: 200, body: fixtureText("kupo/matches.json") };
    return undefined;
  }
}
