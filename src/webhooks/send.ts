// One POST of a delivery to a webhook's target: the target checked and its addresses pinned
// (./target.ts), the whole exchange bounded by a timeout, no redirect followed (node:http follows
// none), and at most READ_LIMIT bytes of the answer read, for the delivery log's excerpt: a
// receiver that answers a gigabyte costs us a kilobyte. What it answered is classified by
// ./retry.ts; this module only says what happened.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkedAddresses, LookupStopped, TargetError, type Resolver } from "./target.js";

/** The most of a receiver's answer that is read (its excerpt goes into the delivery log). */
export const READ_LIMIT = 1024;
/** The longest excerpt of an answer the log keeps. */
const EXCERPT = 200;

export interface SendRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly resolve: Resolver;
  readonly allowPrivate: boolean;
  /** Aborts the attempt (the instance closing). */
  readonly signal?: AbortSignal;
}

/** What an attempt met: the receiver's status (null when none came), or why none did. */
export interface SendResult {
  readonly status: number | null;
  /** Why the attempt did not end in a status; or, with a status, an excerpt of what the receiver answered. */
  readonly error: string | null;
  /** The target was refused (a non-public address): not worth retrying. */
  readonly refused: boolean;
  /** The DNS lookup failed, the connection was refused or reset, or the timeout passed: worth retrying. */
  readonly transient: boolean;
}

const printable = (text: string): string =>
  text
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .trim()
    .slice(0, EXCERPT);

const STOPPED = "The attempt was stopped: the instance is closing.";

export async function send(request: SendRequest): Promise<SendResult> {
  // One budget for the whole attempt: the lookup's time is taken from the exchange's.
  const deadline = Date.now() + request.timeoutMs;
  let addresses;
  try {
    addresses = await checkedAddresses(request.url, request.resolve, request.allowPrivate, {
      timeoutMs: request.timeoutMs,
      ...(request.signal && { signal: request.signal }),
    });
  } catch (error) {
    if (error instanceof LookupStopped) return { status: null, error: STOPPED, refused: false, transient: true };
    if (!(error instanceof TargetError)) throw error;
    return { status: null, error: `The URL ${error.message}`, refused: !error.transient, transient: error.transient };
  }
  // The connection goes to the addresses just checked, whatever DNS answers now.
  const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all === true) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
  const lib = request.url.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
      req.destroy();
      resolve(result);
    };
    const failed = (reason: string): void => finish({ status: null, error: reason, refused: false, transient: true });
    const req = lib.request(request.url, {
      method: "POST",
      headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
      lookup: pinned,
      agent: false,
    });
    const timer = setTimeout(
      () => failed(`No answer within ${request.timeoutMs / 1000} s (WEBHOOK_TIMEOUT_SECONDS).`),
      Math.max(0, deadline - Date.now()),
    );
    const onAbort = (): void => failed(STOPPED);
    request.signal?.addEventListener("abort", onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    req.on("error", (error: Error & { code?: string }) =>
      failed(
        `The connection failed: ${error.code ?? error.message}${error.code ? ` (${error.message})` : ""}.`.slice(
          0,
          300,
        ),
      ),
    );
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      const done = (): void => {
        const excerpt = printable(Buffer.concat(chunks).toString("utf8"));
        finish({ status, error: excerpt === "" ? null : excerpt, refused: false, transient: false });
      };
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk.subarray(0, READ_LIMIT - read));
        read += chunk.length;
        if (read >= READ_LIMIT) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.end(request.body);
  });
}
