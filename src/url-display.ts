// How the service writes a backend's URL where someone may read it. Answers (health, error
// bodies) name a backend by scheme and host only: never its port, path, query, user or password,
// and no internal host:port either (Node's network errors write "connect ECONNREFUSED
// 10.0.0.5:5432"). Logs keep the host and port, for the operator, and drop the rest.

/** A URL in free text: a scheme, ://, and everything up to a space, a quote or a bracket. */
const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*):\/\/[^\s"'<>`()]+/gi;
/** An address and port as Node's network errors write them: 10.0.0.5:5432, [::1]:1337, kupo.internal:1442. */
const HOST_PORT =
  /(?<![\w/.:-])(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+):\d{1,5}\b/gi;

/** `scheme://host` of a URL (with `:port` when `port` is true); `scheme://…` when it does not parse. */
export function describeUrl(raw: string, options: { port?: boolean } = {}): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${options.port === true ? url.host : url.hostname}`;
  } catch {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1];
    return scheme === undefined ? "(not a URL)" : `${scheme}://…`;
  }
}

/** `text` for an answer: every URL as scheme://host, and no address:port. */
export function publicText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => describeUrl(url)).replace(HOST_PORT, "(the backend's address)");
}

/** `text` for a log line: every URL as scheme://host:port (no user, password, path or query). */
export function logText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => describeUrl(url, { port: true }));
}
