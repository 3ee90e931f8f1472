// A server-sent event client for the tests: reads the raw text/event-stream of GET /events with
// fetch, as a browser's EventSource would see it, and parses its frames (id, event, data lines;
// comment lines kept apart).
import assert from "node:assert/strict";

export interface SseFrame {
  readonly id: string | undefined;
  readonly event: string | undefined;
  readonly data: string;
  /** The data line as JSON. */
  readonly json: { id?: string; type: string; point: Record<string, unknown>; data: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

export interface SseStream {
  readonly status: number;
  readonly headers: Headers;
  /** The error body when the status is not 200. */
  readonly body: unknown;
  /** The comment lines seen so far. */
  readonly comments: string[];
  /** The next event frame, within `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseFrame>;
  /** Frames until `done` holds for the list read so far. */
  until(done: (frames: readonly SseFrame[]) => boolean, timeoutMs?: number): Promise<SseFrame[]>;
  close(): void;
}

/** Opens GET `url` as an event stream. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const comments: string[] = [];
  if (response.status !== 200) {
    const body: unknown = await response.json();
    return {
      status: response.status,
      headers: response.headers,
      body,
      comments,
      next: () => Promise.reject(new Error(`no stream: ${response.status}`)),
      until: () => Promise.reject(new Error(`no stream: ${response.status}`)),
      close: () => abort.abort(),
    };
  }
  assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const frames: SseFrame[] = [];
  let pending: ReturnType<typeof reader.read> | undefined;
  const parse = (): void => {
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) comments.push(line.slice(1).trim());
        else if (line.startsWith("id: ")) id = line.slice(4);
        else if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length > 0)
        frames.push({ id, event, data: data.join("\n"), json: JSON.parse(data.join("\n")) as SseFrame["json"] });
    }
  };
  const next = async (timeoutMs = 30_000): Promise<SseFrame> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      parse();
      const frame = frames.shift();
      if (frame) return frame;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no event within the time allowed");
      let timer: NodeJS.Timeout | undefined;
      // A read that the timeout outran stays pending for the next call: its chunk is not lost.
      pending ??= reader.read();
      const read = await Promise.race([
        pending,
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), left))),
      ]);
      clearTimeout(timer);
      if (read === "timeout") continue;
      pending = undefined;
      if (read.done) throw new Error("the stream ended");
      buffer += read.value;
    }
  };
  return {
    status: 200,
    headers: response.headers,
    body: undefined,
    comments,
    next,
    async until(done, timeoutMs = 60_000) {
      const read: SseFrame[] = [];
      const deadline = Date.now() + timeoutMs;
      while (!done(read)) read.push(await next(deadline - Date.now()));
      return read;
    },
    close: () => abort.abort(),
  };
}
