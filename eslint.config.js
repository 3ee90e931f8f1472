// Lint for src/, test/, bench/, contracts/ and scripts/: typescript-eslint's type-checked
// recommendations (bugs, not style), the layering of src/ and no import circles.
//
// The layers of src/, each importing only downward (the zones below say it to the linter):
// - cardano/ holds pure codecs (addresses, CBOR, metadata, native scripts): it imports no chain,
//   tx, tournament, store or server, so every layer can use it and it tests without a chain.
// - chain/ is the port (port.ts) and its backends: it imports no tx, tournament or server, so the
//   backends can be swapped and the port suite runs them without the service.
// - chain/<backend>/ (blockfrost, devnet, ogmios-kupo) do not import each other: what two of
//   them need lives in chain/shared/ (or resilience/ for the wrappers' error and rate limit), so
//   that removing or replacing one backend touches only its folder.
// - txcore/ is the one assembly path of every transaction the service builds (coin selection, the
//   exact fee, the scripts' budgets, the ledger's limits, balancing's failures as 4xx): it imports
//   cardano/ and reaches the chain only through chain/port.ts, and imports no domain and no server,
//   so transactions and tournaments assemble alike. chain/ imports none of it but balance.ts (the
//   devnet's faucet pays with the same core; balance.ts imports only cardano/).
// - store/ holds the service's stores (keys and quotas, blueprints, deployments) behind the
//   interfaces of store/types.ts, and the token buckets: beside chain/, it imports no chain,
//   assembly, domain, server or CLI, so the server and the CLI open the same stores (store/open.ts)
//   and the contract suite runs them alone. Its backends, sqlite/ and postgres/, do not import each
//   other, and only open.ts picks one: what both need (rows.ts, key-material.ts, types.ts' rules)
//   lives in store/ itself.
// - blueprints/ is domain below tx/ (CIP-57 blueprints, Plutus data by schema, each owner's
//   library over the blueprint store): tx/ builds with it, so it imports no tx, tournament,
//   assembly, server or CLI, and of chain/ only the port and the Scalus bundle that apply-params
//   runs UPLC with.
// - tx/ and tournament/ are the domain: they import no server and no Fastify, so the CLI and the
//   tests call them as the routes do; they reach the chain only through chain/port.ts, never a
//   concrete backend, wrapper or assembler, so every backend serves them alike.
// - devnet-index/ is the devnet read as Blockfrost serves a chain, for the Blockfrost-compatible
//   routes: it reads the devnet's store (chain/devnet/) and the codecs, and imports no other
//   backend, no assembly, domain, service store, server or CLI; chain/ does not import it, so the
//   devnet's ledger runs without its read model.
// - events/ is the event model of issue #24, the followers that derive events from the chain (the
//   devnet's through devnet-index/history.ts) and the service that logs them in the store's
//   EventStore: it reaches the chain only through the port, imports no server or CLI; store/ imports
//   only its model (types.ts). The followers of real networks (ogmios-follower.ts,
//   blockfrost-follower.ts) speak their backend's protocol, so each imports that backend's client
//   and wire codecs, and nothing else of chain/.
// - webhooks/ delivers the events of issue #24 to each key's URLs: it reads the event log and the
//   WebhookStore and speaks HTTP as a client (node:http), and imports no chain, domain, server or CLI;
//   store/ does not import it.
// - server/ is the HTTP layer: nothing else in src/ imports it (main.ts, which listens, aside), so
//   the domain, the store, the chain and the CLI run without HTTP. Tests and benchmarks drive it,
//   and may. Below it nothing imports Fastify either (errors come from src/errors.ts).
// - cli/ is the operator's command line (npm run cli), an entry point like main.ts: nothing in
//   src/ imports it, and it imports no server (above).
// No import circles in src/, counting `import type` (import plugins' no-cycle rules skip those): a circle
// means two modules that cannot be understood, or changed, one without the other.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";
import ts from "typescript";

const ROOT = import.meta.dirname;
/** The followers of real networks (src/events/): each reads its backend through that backend's client. */
const NETWORK_FOLLOWERS = ["src/events/ogmios-follower.ts", "src/events/blockfrost-follower.ts"];
const SRC = join(ROOT, "src");

/** The .ts file a relative specifier names (NodeNext: "./x.js" is ./x.ts), or null for a package. */
const resolveRelative = (from, specifier) =>
  specifier.startsWith(".") ? resolve(dirname(from), specifier).replace(/\.js$/, ".ts") : null;

/**
 * The src/ modules each src/ module imports, type-only imports included, from TypeScript's own
 * pre-parser. A file is re-read when it changes on disk, for editors that keep one process.
 */
const parsed = new Map();
function importGraph() {
  const present = new Set();
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const file = join(entry.parentPath, entry.name);
    present.add(file);
    const { mtimeMs } = statSync(file);
    if (parsed.get(file)?.mtimeMs === mtimeMs) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    parsed.set(file, {
      mtimeMs,
      imports: importedFiles.map((i) => resolveRelative(file, i.fileName)).filter((f) => f !== null),
    });
  }
  for (const file of parsed.keys()) if (!present.has(file)) parsed.delete(file);
  return new Map([...parsed].map(([file, { imports }]) => [file, imports.filter((f) => present.has(f))]));
}

/** The shortest import path from `start` to `goal` ([start, …, goal]), or null. */
function importPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const path = [];
      for (let f = goal; f !== null; f = previous.get(f)) path.unshift(f);
      return path;
    }
    for (const next of graph.get(file) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

const noImportCircle = {
  meta: {
    type: "problem",
    docs: { description: "An import whose module imports this one back, directly or not (type-only imports count)." },
    messages: { circle: "Import circle: {{path}}" },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const graph = importGraph();
    if (!graph.has(file)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      const target = typeof specifier === "string" ? resolveRelative(file, specifier) : null;
      if (!target || !graph.has(target)) return;
      const back = importPath(graph, target, file);
      if (back)
        context.report({
          node: node.source,
          messageId: "circle",
          data: { path: [file, ...back].map((f) => relative(ROOT, f)).join(" → ") },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const BACKENDS = ["blockfrost", "devnet", "ogmios-kupo"];
const STORE_BACKENDS = ["sqlite", "postgres"];

/**
 * Import zones of src/: a file under `target` may not import a module under `from` (paths from
 * the project root; `except`: modules under `from` that stay allowed). Checked by local/layers.
 */
const LAYERS = [
  {
    target: ["src/cardano/"],
    from: [
      "src/chain/",
      "src/txcore/",
      "src/blueprints/",
      "src/tx/",
      "src/tournament/",
      "src/devnet-index/",
      "src/store/",
      "src/server/",
      "src/cli/",
    ],
    message: "cardano/ holds pure codecs: it imports no chain, assembly, domain, store, server or CLI.",
  },
  {
    target: ["src/chain/"],
    from: [
      "src/txcore/",
      "src/blueprints/",
      "src/tx/",
      "src/tournament/",
      "src/devnet-index/",
      "src/store/",
      "src/server/",
      "src/cli/",
    ],
    // The devnet's faucet pays with the one core: balance.ts, which imports only cardano/.
    except: ["src/txcore/balance.ts"],
    message:
      "chain/ (the port and its backends) imports no assembly, no domain, no devnet read model, no service store, no server or CLI.",
  },
  ...BACKENDS.map((backend) => ({
    target: [`src/chain/${backend}/`],
    from: BACKENDS.filter((other) => other !== backend).map((other) => `src/chain/${other}/`),
    message: "Chain backends do not import each other: what two of them need goes to src/chain/shared/.",
  })),
  {
    target: ["src/txcore/"],
    from: [
      "src/chain/",
      "src/blueprints/",
      "src/tx/",
      "src/tournament/",
      "src/devnet-index/",
      "src/store/",
      "src/server/",
      "src/cli/",
    ],
    except: ["src/chain/port.ts"],
    message:
      "txcore/ (the assembly path) imports cardano/ and the chain port (src/chain/port.ts) only: no backend, domain, store, server or CLI.",
  },
  {
    target: ["src/store/"],
    from: [
      "src/chain/",
      "src/txcore/",
      "src/blueprints/",
      "src/tx/",
      "src/tournament/",
      "src/devnet-index/",
      "src/server/",
      "src/cli/",
    ],
    message:
      "store/ imports no chain, assembly, domain, server or CLI: the server and the CLI open the same stores (src/store/open.ts).",
  },
  {
    target: ["src/store/"],
    from: ["src/events/"],
    except: ["src/events/types.ts"],
    message: "store/ keeps events: of src/events/ it imports only the event model (types.ts).",
  },
  {
    target: ["src/events/"],
    exceptTargets: [...NETWORK_FOLLOWERS, "src/events/tournament-events.ts"],
    from: ["src/chain/", "src/txcore/", "src/blueprints/", "src/tournament/", "src/server/", "src/cli/"],
    except: ["src/chain/port.ts"],
    message:
      "events/ derives events from the chain port and the devnet's history (src/devnet-index/): no backend, assembly, server or CLI.",
  },
  {
    // A real network's follower speaks its backend's own protocol (chain synchronisation, block
    // pages: no port operation has them), through that backend's client and wire codecs only.
    target: [...NETWORK_FOLLOWERS],
    from: ["src/chain/", "src/txcore/", "src/blueprints/", "src/tournament/", "src/server/", "src/cli/"],
    except: [
      "src/chain/port.ts",
      "src/chain/ogmios-kupo/ogmios.ts",
      "src/chain/ogmios-kupo/kupo.ts",
      "src/chain/shared/ogmios-wire.ts",
      "src/chain/blockfrost/client.ts",
      "src/chain/resilience/backend-error.ts",
    ],
    message:
      "A network follower imports of chain/ only its backend's client and wire codecs (and the port): no other backend, assembly, server or CLI.",
  },
  {
    // The tournament events are derived with the tournament read functions (docs/events-design.md §2).
    target: ["src/events/tournament-events.ts"],
    from: ["src/chain/", "src/txcore/", "src/blueprints/", "src/server/", "src/cli/"],
    except: ["src/chain/port.ts"],
    message:
      "events/tournament-events.ts derives events with the tournament read functions (src/tournament/) and the chain port: no backend, assembly, server or CLI.",
  },
  {
    target: ["src/webhooks/"],
    from: [
      "src/chain/",
      "src/txcore/",
      "src/blueprints/",
      "src/tx/",
      "src/tournament/",
      "src/devnet-index/",
      "src/server/",
      "src/cli/",
    ],
    message: "webhooks/ delivers events from the log and the WebhookStore: no chain, assembly, domain, server or CLI.",
  },
  {
    target: ["src/store/"],
    from: ["src/webhooks/"],
    message:
      "store/ keeps webhooks: it does not import src/webhooks/ (the secret's and ids' forms live in store/webhook-rows.ts).",
  },
  ...STORE_BACKENDS.map((backend) => ({
    target: [`src/store/${backend}/`],
    from: STORE_BACKENDS.filter((other) => other !== backend).map((other) => `src/store/${other}/`),
    message: "Store backends do not import each other: what both need goes to src/store/ (rows.ts, types.ts).",
  })),
  {
    target: ["src/store/"],
    exceptTargets: [...STORE_BACKENDS.map((backend) => `src/store/${backend}/`), "src/store/open.ts"],
    from: STORE_BACKENDS.map((backend) => `src/store/${backend}/`),
    message: "Only src/store/open.ts picks a store backend: the interfaces and shared rows import neither.",
  },
  {
    target: ["src/blueprints/"],
    from: ["src/chain/", "src/txcore/", "src/tx/", "src/tournament/", "src/devnet-index/", "src/server/", "src/cli/"],
    except: ["src/chain/port.ts", "src/chain/shared/scalus-bundle.ts"],
    message:
      "blueprints/ is domain below tx/: no tx, tournament, assembly, server or CLI, and of chain/ only the port and the Scalus bundle.",
  },
  {
    target: ["src/tx/build/"],
    from: ["src/tx/submit/", "src/tx/view/"],
    message: "tx/build/ turns a request into an unsigned transaction: it imports neither submit nor the views.",
  },
  {
    target: ["src/tx/submit/"],
    from: ["src/tx/build/", "src/tx/view/"],
    message: "tx/submit/ sends what the client signed and remembers it: it imports neither the builder nor the views.",
  },
  {
    target: ["src/tx/view/"],
    from: ["src/tx/build/"],
    message: "tx/view/ decodes transactions for reading (and their status from submit/): it imports no builder.",
  },
  {
    target: ["src/tx/", "src/tournament/"],
    from: ["src/chain/"],
    except: ["src/chain/port.ts"],
    message: "The domain reaches the chain only through the port (src/chain/port.ts).",
  },
  {
    target: ["src/tx/", "src/tournament/"],
    from: ["src/devnet-index/", "src/cli/"],
    message: "The domain imports no devnet read model and no CLI: both sit above it.",
  },
  {
    target: ["src/devnet-index/"],
    from: [
      "src/chain/blockfrost/",
      "src/chain/ogmios-kupo/",
      "src/txcore/",
      "src/blueprints/",
      "src/tx/",
      "src/tournament/",
      "src/store/",
      "src/server/",
      "src/cli/",
    ],
    message:
      "devnet-index/ reads the devnet (src/chain/devnet/) and the codecs: no other backend, assembly, domain, service store, server or CLI.",
  },
  {
    target: ["src/"],
    exceptTargets: ["src/server/", "src/main.ts"],
    from: ["src/server/"],
    message:
      "Only src/main.ts (and tests) import the HTTP layer in src/server/: the domain, store, chain and CLI run without it.",
  },
  {
    target: ["src/"],
    exceptTargets: ["src/cli/"],
    from: ["src/cli/"],
    message: "Nothing in src/ imports the CLI (src/cli/): it is an entry point, like src/main.ts.",
  },
];

/**
 * The layer rule (LAYERS) on every relative import of a src/ file, and no relative import that
 * resolves to nothing (it would slip past the zones). Written here rather than taken from an
 * import plugin: the ones that do this pull in a native resolver whose other platforms' builds
 * the registry this project installs from does not carry, which breaks `npm ci`.
 */
const layers = {
  meta: {
    type: "problem",
    docs: {
      description: "An import that crosses the layers of src/ upward or sideways (LAYERS), or resolves to no file.",
    },
    messages: { layer: "{{message}} ({{from}})", unresolved: "Import {{specifier}} resolves to no file." },
    schema: [],
  },
  create(context) {
    const file = relative(ROOT, context.filename);
    const zones = LAYERS.filter(
      (zone) =>
        zone.target.some((t) => file.startsWith(t)) && !(zone.exceptTargets ?? []).some((t) => file.startsWith(t)),
    );
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const absolute = resolveRelative(context.filename, specifier);
      if (!existsSync(absolute)) {
        context.report({ node: node.source, messageId: "unresolved", data: { specifier } });
        return;
      }
      const target = relative(ROOT, absolute);
      for (const zone of zones) {
        if (zone.from.some((f) => target.startsWith(f)) && !(zone.except ?? []).includes(target)) {
          context.report({ node: node.source, messageId: "layer", data: { message: zone.message, from: target } });
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const FASTIFY = {
  group: ["fastify", "fastify-*", "@fastify/*", "!@fastify/error"],
  message: "Fastify belongs to src/server/; below it, errors come from src/errors.ts.",
};
const MESH = {
  group: ["@meshsdk/*"],
  message:
    "Cardano primitives come from src/cardano/ (cbor, hash, tx-view, addresses, script-hash, sign, types): Mesh is a test dependency only, kept to cross-check them.",
};
const HELIOS = {
  group: ["@helios-lang/*"],
  message:
    "Helios is imported only by the modules named in HELIOS_MODULES (eslint.config.js); Plutus data goes through src/blueprints/plutus-data.ts.",
};
/** The modules that may import Helios, and why. */
const HELIOS_MODULES = {
  "src/blueprints/plutus-data.ts": "the one Plutus-data codec (Helios' uplc data: JSON ↔ data ↔ CBOR)",
  "src/tx/build/datum.ts": "JSON datums into that codec's data",
  "src/tx/build/cip68-updates.ts": "reads and rewrites CIP-68 reference datums as data",
  "src/tx/view/decoded-view.ts": "the type of a decoded datum",
  "src/tournament/datum.ts": "the tournament datum, with Helios' own address ↔ data conversion the contracts use",
  "src/tournament/pool-datum.ts": "v3's pool and batch datums and redeemers, beside datum.ts's configuration",
  "src/tournament/contracts.ts":
    "compiles the Helios contracts, v2.1 or v3 from its descriptor: the builds (contracts/build.ts, contracts/v2.1/build.ts), the slow compile check and v3's seat-tree test programs (the service loads the committed blueprints and templates)",
  "src/tournament/helios-compiler.d.ts": "types for the compiler's untyped entry point",
};

export default defineConfig(
  { ignores: ["node_modules/", "data/", "docs/", "contracts/src/", "dist/", ".transpiled/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // scripts/ is outside tsconfig.json's "include": its .ts files get a default program, but for
        // generate-client.ts, which test/client/regeneration.test.ts imports into the project.
        projectService: { allowDefaultProject: ["scripts/!(generate-client).ts"] },
        tsconfigRootDir: ROOT,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A `let` that a closure reads before it is assigned (a fake server's handler reading the fake) is not a const.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
      // No `any` reaches a read, a call or an argument: answers are typed from the generated client
      // (test/support/api.ts), JSON parsed by hand goes through `unknown` and a narrowing assert, and
      // an untyped library's values get their type at one boundary.
      "@typescript-eslint/no-unsafe-argument": "error",
      "@typescript-eslint/no-unsafe-assignment": "error",
      "@typescript-eslint/no-unsafe-call": "error",
      "@typescript-eslint/no-unsafe-member-access": "error",
      "@typescript-eslint/no-unsafe-return": "error",
      // Off: an async method without await is how a synchronous backend (the devnet, the stores)
      // implements a Promise-returning port method; a forgotten await is no-floating-promises'.
      "@typescript-eslint/require-await": "off",
      // Off: a redundant `!` or `as` is harmless style.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      // node:test's test/describe return promises the runner awaits itself.
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          allowForKnownSafeCalls: [
            {
              from: "package",
              package: "node:test",
              name: ["test", "it", "describe", "suite", "before", "after", "beforeEach", "afterEach"],
            },
          ],
        },
      ],
    },
  },
  // Plain JavaScript (this file, scripts/run-tests.mjs, test fixtures' extractor): no types, Node's globals.
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  // The explorer page's modules (public/explorer/) run in the browser: its globals, not Node's.
  { files: ["public/**/*.js"], languageOptions: { sourceType: "module", globals: globals.browser } },
  {
    files: ["src/**/*.ts"],
    plugins: { local: { rules: { "no-import-circle": noImportCircle, layers } } },
    rules: {
      "local/no-import-circle": "error",
      "local/layers": "error",
    },
  },
  // Cardano primitives come from src/cardano/ alone (one CBOR codec, one blake2b, one address type):
  // nothing in src/ imports Mesh, and Helios only where its job cannot be done without it.
  { files: ["src/**/*.ts"], rules: { "no-restricted-imports": ["error", { patterns: [MESH, HELIOS] }] } },
  {
    files: [
      "src/tx/**/*.ts",
      "src/txcore/**/*.ts",
      "src/tournament/**/*.ts",
      "src/cardano/**/*.ts",
      "src/chain/**/*.ts",
      "src/store/**/*.ts",
      "src/cli/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [FASTIFY, MESH, HELIOS],
        },
      ],
    },
  },
  // After the zone above, so that these modules' Helios imports are allowed (the later block wins).
  {
    files: Object.keys(HELIOS_MODULES),
    rules: { "no-restricted-imports": ["error", { patterns: [FASTIFY, MESH] }] },
  },
);
