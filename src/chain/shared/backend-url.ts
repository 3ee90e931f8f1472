// The URL of one request to an HTTP backend (Blockfrost, Kupo) from its configured base URL,
// which may hold a path (a proxy's prefix) and a query (a proxy's token): the request's path goes
// after the base's path, and the two queries are joined. The configuration refuses a user or
// password in the base (credentials go in an Authorization header, see config.ts).
export class BackendUrl {
  readonly #prefix: string;
  readonly #query: string;

  constructor(base: string) {
    const url = new URL(base);
    this.#prefix = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    this.#query = url.search.slice(1);
  }

  /** The URL of `path` (which may carry its own query, `/matches/x?unspent`). */
  of(path: string): string {
    const mark = path.indexOf("?");
    const own = mark === -1 ? "" : path.slice(mark + 1);
    const query = [own, this.#query].filter((q) => q !== "").join("&");
    return `${this.#prefix}${mark === -1 ? path : path.slice(0, mark)}${query === "" ? "" : `?${query}`}`;
  }
}
