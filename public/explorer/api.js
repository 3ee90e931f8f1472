// The service's API as the page reads it: the API key (kept in this tab's sessionStorage, sent
// as X-Api-Key), JSON requests whose refusals become readable messages, and the event stream.
// GET /events takes its key in a header only, which EventSource cannot send: the stream is read
// with fetch() and a ReadableStream instead, resuming after the last id on a dropped connection.

export const BASE = "/v2/services";
const KEY_ITEM = "explorer.apiKey";

export const apiKey = () => sessionStorage.getItem(KEY_ITEM) ?? "";
export function setApiKey(key) {
  if (key) sessionStorage.setItem(KEY_ITEM, key);
  else sessionStorage.removeItem(KEY_ITEM);
}

/** A refusal of the service, its message written for a person. */
export class ApiError extends Error {
  constructor(status, message, retryAfter) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

function headers(json) {
  const h = { accept: json ? "application/json" : "text/event-stream" };
  const key = apiKey();
  if (key) h["x-api-key"] = key;
  return h;
}

async function refusal(response) {
  let message = `HTTP ${response.status}`;
  try {
    const body = await response.json();
    if (body && typeof body.message === "string") message = body.message;
  } catch {
    // not JSON: the status says it
  }
  const retry = response.headers.get("retry-after");
  if (response.status === 401) message = `The service refused the API key: ${message} Paste a valid key above.`;
  if (response.status === 429) message = `Too many requests: ${message}${retry ? ` Try again in ${retry} s.` : ""}`;
  return new ApiError(response.status, message, retry === null ? null : Number(retry));
}

/** A JSON request to the service; throws ApiError with the service's message on a refusal. */
export async function api(method, path, body) {
  const init = { method, headers: headers(true) };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(BASE + path, init);
  if (!response.ok) throw await refusal(response);
  return response.json();
}

/** Public reads (health): no key, no quota. */
export async function publicGet(path) {
  const response = await fetch(BASE + path, { headers: { accept: "application/json" } });
  if (!response.ok) throw await refusal(response);
  return response.json();
}

/** Splits server-sent event text into events ({id, type, data}); returns what is left unparsed. */
function parseFrames(buffer, onFrame) {
  let end;
  while ((end = buffer.indexOf("\n\n")) !== -1) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const frame = { id: null, type: "message", data: "" };
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") frame.id = value;
      else if (field === "event") frame.type = value;
      else if (field === "data") frame.data += frame.data ? `\n${value}` : value;
    }
    if (frame.data) onFrame(frame);
  }
  return buffer;
}

/**
 * Reads GET /events with `filter` ({types, address, txHash, tournamentId, after}) until close()
 * is called: each event (parsed JSON) goes to onEvent, the connection's state to onState(state,
 * message): "live", "retrying" (a dropped stream, or a refusal worth retrying: 429, 503) or
 * "stopped" (the key refused). A dropped stream resumes after the last id.
 */
export function openStream(filter, onEvent, onState) {
  const controller = new AbortController();
  let after = filter.after ?? null;
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  async function run() {
    while (!controller.signal.aborted) {
      const query = new URLSearchParams();
      for (const name of ["types", "address", "txHash", "tournamentId"])
        if (filter[name]) query.set(name, filter[name]);
      if (after !== null) query.set("after", after);
      let delayMs = 3000;
      try {
        const response = await fetch(`${BASE}/events?${query}`, { headers: headers(false), signal: controller.signal });
        if (!response.ok) {
          const error = await refusal(response);
          // An id this log does not know (a reset devnet, another DATA_DIR): start again from the next event.
          if (response.status === 400 && after !== null) {
            after = null;
            continue;
          }
          // The key refused, or a filter the service refuses (the view says why): asking again would not help.
          if (response.status === 400 || response.status === 401 || response.status === 403) {
            onState("stopped", error.message);
            return;
          }
          onState("retrying", error.message);
          if (error.retryAfter) delayMs = error.retryAfter * 1000;
        } else {
          onState("live", null);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer = parseFrames(buffer + value, (frame) => {
              if (frame.id !== null) after = frame.id;
              try {
                onEvent(JSON.parse(frame.data), after);
              } catch (error) {
                console.error("explorer: an event the page could not show", error);
              }
            });
          }
          onState("retrying", null);
        }
      } catch {
        if (controller.signal.aborted) return;
        onState("retrying", null);
      }
      await wait(delayMs);
    }
  }
  void run();
  return () => controller.abort();
}
