// The explorer page (docs/events-design.md §7): one HTML page, its stylesheet and its plain-JS
// modules, served from public/explorer/ under BASE_PATH/explorer, public like the docs page (no
// key to load it: the page asks for one and sends it with its own reads). The files are read once
// at start into memory, from the repository root, so `npm run build` + `start:compiled` serve the
// same files as tsx does (dist/ and src/ sit at the same depth, as contracts/ is found).
// Every answer carries a Content-Security-Policy that allows only this origin's scripts, styles
// and requests, and no inline script: chain data the page shows (asset names, metadata, datums,
// tournament names) is attacker-controlled, and the page writes it as text only.
import { readdirSync, readFileSync } from "node:fs";
import { extname } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { BASE_PATH } from "../../paths.js";

/** Where the page's files are: public/explorer/ at the repository root. */
export const EXPLORER_DIR = new URL("../../../../public/explorer/", import.meta.url);
export const EXPLORER_PATH = `${BASE_PATH}/explorer`;

export const EXPLORER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

interface Asset {
  readonly type: string;
  readonly body: Buffer;
}

/** The page's files by name (index.html, explorer.css, *.js): only these are served. */
function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(EXPLORER_DIR)) {
    const type = MEDIA_TYPES[extname(name)];
    if (type !== undefined) assets.set(name, { type, body: readFileSync(new URL(name, EXPLORER_DIR)) });
  }
  if (!assets.has("index.html")) throw new Error(`The explorer's index.html is missing from ${EXPLORER_DIR.pathname}.`);
  return assets;
}

function send(reply: FastifyReply, asset: Asset): FastifyReply {
  return reply
    .header("content-type", asset.type)
    .header("content-security-policy", EXPLORER_CSP)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .header("cache-control", "no-cache")
    .send(asset.body);
}

export default async function explorerRoutes(app: FastifyInstance): Promise<void> {
  const assets = loadAssets();
  const page = assets.get("index.html")!;
  const options = { schema: { hide: true }, config: { public: true } } as const;
  app.get(EXPLORER_PATH, options, (_request, reply) => send(reply, page));
  // The short address a person types: to the page.
  app.get("/explorer", options, (_request, reply) => reply.redirect(`${EXPLORER_PATH}/`));
  for (const [name, asset] of assets) {
    if (name !== "index.html") app.get(`${EXPLORER_PATH}/${name}`, options, (_request, reply) => send(reply, asset));
  }
}
