// 405 Method Not Allowed: a path that a route serves under other methods answers 405 with an
// `Allow` header listing them, and a message naming them (HTTP_ERR_METHOD_NOT_ALLOWED), rather than
// a 404 about the base path. Two cases:
// - no route of the request's method matches the path: the not-found handlers (the errors plugin's,
//   and the Blockfrost-compatible prefix's, in its own error body) ask `app.routeMethods`;
// - a route of the request's method matches only through a path parameter, while a route of
//   another method has that path more exactly (a literal where it has a parameter): GET
//   /transactions/build matches GET /transactions/{txHash}, but the client meant POST
//   /transactions/build. The router picks the parameter route; the onRequest hook below answers 405
//   before its validation could say "params.txHash is invalid".
// Registered before auth (a 405, like a 404, needs no API key) and after CORS (a preflight, OPTIONS,
// is answered there first, with 204). Wildcard routes (CORS's OPTIONS *, the docs' static files)
// are not recorded: they match every path.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MethodNotAllowedError } from "../../errors.js";

/** A route's path template, as a matcher. */
interface Template {
  readonly url: string;
  /** One entry per segment: the literal text, or undefined for a parameter. */
  readonly segments: readonly (string | undefined)[];
  readonly methods: Set<string>;
}

/** The methods served at the path template that matches a path most exactly. */
export interface PathMethods {
  /** The template, as routes are registered (`/v2/services/transactions/:txHash`). */
  readonly url: string;
  /** In the order of the `Allow` header (HEAD follows GET). */
  readonly methods: readonly string[];
}

const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The request's path as the router reads it: without the query, duplicate and trailing slashes ignored. */
export function routerPath(url: string): string {
  const path = (url.split("?")[0] ?? "").replace(/\/{2,}/g, "/");
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

const segmentsOf = (path: string): string[] => path.split("/").slice(1);

/** The routes by path template, and which methods each serves. */
export class RouteMethods {
  readonly #templates = new Map<string, Template>();

  /** Records a route (a wildcard route matches everything and is left out). */
  add(method: string, url: string): void {
    if (url.includes("*")) return;
    const key = routerPath(url);
    let template = this.#templates.get(key);
    if (template === undefined) {
      const segments = segmentsOf(key).map((s) => (s.startsWith(":") ? undefined : s));
      template = { url: key, segments, methods: new Set() };
      this.#templates.set(key, template);
    }
    template.methods.add(method.toUpperCase());
  }

  /**
   * The template that matches `path` most exactly (as the router ranks them: a literal segment
   * before a parameter, from the left), with its methods; undefined when none matches.
   */
  at(path: string): PathMethods | undefined {
    const segments = segmentsOf(routerPath(path));
    let best: Template | undefined;
    for (const template of this.#templates.values()) {
      if (template.segments.length !== segments.length) continue;
      if (!template.segments.every((s, i) => s === undefined || s === segments[i])) continue;
      if (best === undefined || moreExact(template, best)) best = template;
    }
    if (best === undefined) return undefined;
    const methods = [...best.methods].sort((a, b) => rank(a) - rank(b));
    return { url: best.url, methods };
  }
}

const rank = (method: string): number => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);

/** Whether `a` has a literal segment where `b` has a parameter, at the first place they differ. */
function moreExact(a: Template, b: Template): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const literalA = a.segments[i] !== undefined;
    const literalB = b.segments[i] !== undefined;
    if (literalA !== literalB) return literalA;
  }
  return false;
}

/** A 405, with the Allow header its answer carries. */
export type MethodNotAllowed = InstanceType<typeof MethodNotAllowedError> & { readonly headers: { allow: string } };

/** The 405 for `request`, whose method the path's routes do not serve. */
export function methodNotAllowed(request: FastifyRequest, allowed: PathMethods): MethodNotAllowed {
  const path = routerPath(request.url);
  const shown = path.length > 120 ? `${path.slice(0, 100)}…` : path;
  const takes = allowed.methods.filter((m) => m !== "HEAD");
  const list = takes.length === 1 ? takes[0] : `${takes.slice(0, -1).join(", ")} or ${takes[takes.length - 1]}`;
  const error = new MethodNotAllowedError(`The endpoint ${shown} takes ${list}, not ${request.method}.`);
  return Object.assign(error, { headers: { allow: allowed.methods.join(", ") } });
}

/** The 405 a request deserves, or undefined: its method is not among those of the path's most exact template. */
export function methodNotAllowedFor(routes: RouteMethods, request: FastifyRequest): MethodNotAllowed | undefined {
  const allowed = routes.at(request.url);
  if (allowed === undefined || allowed.methods.includes(request.method)) return undefined;
  return methodNotAllowed(request, allowed);
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route's path template and methods (for 405 answers). */
    readonly routeMethods: RouteMethods;
  }
}

async function methodsPlugin(app: FastifyInstance): Promise<void> {
  const routes = new RouteMethods();
  app.decorate("routeMethods", routes);
  app.addHook("onRoute", (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.add(method, route.url);
  });
  app.addHook("onRequest", async (request) => {
    // Only a route matched through a path parameter can shadow a literal path of another method.
    const matched = request.routeOptions.url;
    if (request.is404 || matched === undefined || !matched.includes(":")) return;
    const allowed = routes.at(request.url);
    if (allowed === undefined || allowed.url === routerPath(matched) || allowed.methods.includes(request.method))
      return;
    throw methodNotAllowed(request, allowed);
  });
}

export default fp(methodsPlugin, { name: "methods", fastify: "5.x" });
