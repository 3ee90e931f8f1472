// Starts the real service on an ephemeral loopback port with its own temporary DATA_DIR,
// so that tests go through real HTTP and real SQLite files; and the two ways tests talk to it:
// JSON requests (jsonRequest), and raw bytes for what is not valid HTTP (rawExchange).
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { build, type BuildOptions } from "../../src/server/app.js";
import { loadConfig, type Config } from "../../src/config.js";
import type { AnswerOf, Named } from "./api.js";

export interface RunningService {
  readonly url: string;
  readonly base: string;
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly dataDir: string;
  close(): Promise<void>;
  /**
   * JSON request against the base path; returns status, headers and parsed body. Name the operation
   * (`request<"getTournament">(…)`) to read the body as the OpenAPI document types it (./api.ts).
   */
  request<K extends Named = never>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<[K] extends [never] ? JsonResponse : AnswerOf<K>>;
}

/** An answer read without naming its operation: its body is unknown until the test narrows it. */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface StartOptions extends BuildOptions {
  /** Use this DATA_DIR and keep it on close (default: a fresh temporary one, removed on close). */
  dataDir?: string;
  /** Runs after build() and before listen(): register test-only routes here. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

export async function startService(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "txsvc-"));
  // Every keyless request of a test comes from 127.0.0.1: the per-IP bucket is opened wide unless the test sets it.
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    KEYLESS_PER_SECOND: "1000000",
    KEYLESS_BURST: "1000000",
    ...env,
    PORT: "0",
    HOST: "127.0.0.1",
  });
  const app = await build(config, options);
  await options.beforeListen?.(app);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `${url}/v2/services`;
  return {
    url,
    base,
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    request: <K extends Named = never>(
      method: string,
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) => jsonRequest<K>(`${base}${path}`, method, body, headers),
  };
}

/** A JSON request to `url`; name the operation (`jsonRequest<"getHealth">(…)`) to read the body as documented. */
export async function jsonRequest<K extends Named = never>(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<[K] extends [never] ? JsonResponse : AnswerOf<K>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    // leave the text as it is: the caller asserts on it
  }
  // Typed as the document says (api.ts): the service serializes each answer through its route's response schema, from which the document is generated.
  return { status: response.status, headers: response.headers, body: parsed } as [K] extends [never]
    ? JsonResponse
    : AnswerOf<K>;
}

/** Writes raw bytes to the service at `origin` and reads until it closes the connection: the answer's text. */
export function rawExchange(origin: string, bytes: string): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error),
    );
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
  });
}
