// One long-lived Ogmios WebSocket through the official client (@cardano-ogmios/client): opened
// on first use, reopened on the next call after it closes, and every client failure classified
// into a BackendError or, for submit and evaluate, the ledger's own refusal.
import {
  createConnectionObject,
  createInteractionContext,
  getServerHealth,
  JSONRPCError,
  ServerNotReady,
  type ConnectionConfig,
  type InteractionContext,
} from "@cardano-ogmios/client";
import type { Network } from "../../config.js";
import { LedgerRejectedError } from "../../errors.js";
import { BackendError } from "../resilience/backend-error.js";
import { describeUrl } from "../../url-display.js";
import { ogmiosFailureReason } from "../shared/ogmios-wire.js";

export const BACKEND = "ogmios-kupo";

/** What a call does, which decides how its failures read. */
export type OgmiosOperation = "query" | "submit" | "evaluate";

/** OGMIOS_URL (ws://, wss://, http://, https://) → the client's connection config. */
export function connectionOf(url: string): ConnectionConfig {
  const parsed = new URL(url);
  const tls = parsed.protocol === "wss:" || parsed.protocol === "https:";
  if (parsed.pathname !== "/" && parsed.pathname !== "") {
    throw new Error(`OGMIOS_URL ${describeUrl(url)} has a path; the Ogmios client connects to host and port only.`);
  }
  const port = parsed.port === "" ? (tls ? 443 : 80) : Number(parsed.port);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ""), port, tls, maxPayload: 128 * 1024 * 1024 };
}

const EVALUATION_RETRYABLE = new Set([3003]); // NodeTipTooOld: the node is still syncing

/** Maps an error of the Ogmios client to ours. */
export function fromOgmiosError(what: string, operation: OgmiosOperation, error: unknown): Error {
  if (error instanceof LedgerRejectedError || error instanceof BackendError) return error;
  const rpc =
    error instanceof JSONRPCError
      ? error
      : typeof error === "object" && error !== null
        ? (JSONRPCError.tryFrom(error) ?? undefined)
        : undefined;
  if (rpc) {
    if (rpc.code === -32000)
      return new BackendError(BACKEND, "unreachable", `${what}: the Ogmios connection closed before an answer`, {
        cause: error,
      });
    const reason = ogmiosFailureReason(rpc);
    const ledgerCode = rpc.code >= 3000 && rpc.code < 4000;
    if (operation === "submit" && (ledgerCode || rpc.code === -32602))
      return new LedgerRejectedError(reason, { cause: error });
    if (operation === "evaluate" && ((ledgerCode && !EVALUATION_RETRYABLE.has(rpc.code)) || rpc.code === -32602)) {
      return new LedgerRejectedError(reason, { cause: error });
    }
    return new BackendError(BACKEND, "server", `${what}: Ogmios answered error ${rpc.code}: ${reason}`, {
      status: rpc.code,
      cause: error,
    });
  }
  const message = (error as Error)?.message ?? String(error);
  if (message === "WebSocket is closed")
    return new BackendError(BACKEND, "unreachable", `${what}: the Ogmios connection is closed`, {
      sent: false,
      cause: error,
    });
  return new BackendError(BACKEND, "server", `${what}: ${message}`, { cause: error });
}

export class OgmiosConnection {
  readonly #connection: ConnectionConfig;
  readonly #network: Network;
  #context: Promise<InteractionContext> | undefined;
  #generation = 0;
  #closed = false;

  constructor(url: string, network: Network) {
    this.#connection = connectionOf(url);
    this.#network = network;
  }

  /** Runs one client call on the open connection (opening it first when needed). */
  async run<T>(
    what: string,
    operation: OgmiosOperation,
    call: (context: InteractionContext) => Promise<T>,
  ): Promise<T> {
    const context = await this.#open(what);
    try {
      return await call(context);
    } catch (error) {
      throw fromOgmiosError(`Ogmios ${what}`, operation, error);
    }
  }

  #open(what: string): Promise<InteractionContext> {
    if (this.#closed)
      return Promise.reject(
        new BackendError(BACKEND, "refused", `Ogmios ${what}: the backend is closed`, { sent: false }),
      );
    if (!this.#context) {
      const generation = ++this.#generation;
      const forget = (): void => {
        if (this.#generation === generation) this.#context = undefined;
      };
      this.#context = this.#connect(forget).catch((error: unknown) => {
        forget();
        throw error;
      });
    }
    return this.#context;
  }

  async #connect(forget: () => void): Promise<InteractionContext> {
    const connection = createConnectionObject(this.#connection);
    const address = connection.address.webSocket;
    try {
      const health = await getServerHealth({ connection });
      const known = ["mainnet", "preprod", "preview"];
      if (known.includes(health.network) && health.network !== this.#network) {
        throw new BackendError(
          BACKEND,
          "refused",
          `Ogmios at ${address} serves ${health.network} but NETWORK is ${this.#network}`,
          { sent: false },
        );
      }
      const context = await createInteractionContext(
        () => forget(), // a socket error is followed by a close; the next call reconnects
        () => forget(),
        { connection: this.#connection, maxEventListeners: 1000 },
      );
      if (this.#closed) context.socket.close();
      return context;
    } catch (error) {
      if (error instanceof BackendError) throw error;
      if (error instanceof ServerNotReady) {
        throw new BackendError(BACKEND, "server", `Ogmios at ${address} is not ready: ${error.message}`, {
          sent: false,
          cause: error,
        });
      }
      const code = (error as { code?: string }).code;
      throw new BackendError(
        BACKEND,
        "unreachable",
        `Ogmios at ${address} cannot be reached: ${code ?? (error as Error).message}`,
        { sent: false, cause: error },
      );
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pending = this.#context;
    this.#context = undefined;
    if (!pending) return;
    try {
      const context = await pending;
      if (
        context.socket.readyState === context.socket.OPEN ||
        context.socket.readyState === context.socket.CONNECTING
      ) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            context.socket.terminate?.();
            resolve();
          }, 1000);
          context.socket.once("close", () => {
            clearTimeout(timer);
            resolve();
          });
          context.socket.close();
        });
      }
    } catch {
      // it never opened: nothing to close
    }
  }
}
