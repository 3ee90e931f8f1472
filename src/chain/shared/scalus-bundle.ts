// Scalus (0.17), loaded once per thread from its bundle with two of its calls changed, each found
// by a literal that must be there exactly once (another version of scalus fails loudly at load:
// package.json pins it):
// - the facade's evaluation (Scalus.evalPlutusScripts) runs in EvaluatorMode.Validate, each script
//   restricted to its redeemer's budget, rather than counting without a limit (./scalus-evaluate.ts
//   says why);
// - Ed25519 verification (vkey and bootstrap witnesses, and the Plutus builtin
//   verifyEd25519Signature) goes through Node's crypto (cardano/ed25519.ts, libsodium's rules, as
//   the node), rather than the pure-JavaScript noble-curves the bundle carries: 0.2 ms a signature
//   instead of 2 to 4, which was over half of what the emulator took to validate a simple payment.
// The bundle offers no hook for either.
// It is loaded when first needed rather than when the service starts: loading it takes about 0.7 s
// of CPU, which every start spent before it could listen. The first request that needs it (the
// first submit to the devnet, the first POST /blueprints/apply-params, an evaluation worker) loads
// it and waits for it, then is answered as any other. It is not preloaded once the server listens:
// the load blocks the event loop, and requests in flight then (a health check's backend probe)
// would wait.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type scalusModule from "scalus";
import { verifyEd25519 } from "../../cardano/ed25519.js";

export type Scalus = typeof scalusModule;

interface Patch {
  readonly what: string;
  readonly from: string;
  readonly to: string;
}

/** The name under which the bundle's code sees verifyEd25519 (a parameter of the function that runs it). */
const VERIFY = "__txsvcVerifyEd25519";

export const SCALUS_PATCHES: readonly Patch[] = [
  // Scalus.evalPlutusScripts's call of the evaluator: EvaluatorMode.EvaluateAndComputeCost (r9) → Validate (i9).
  { what: "its evaluator facade", from: "cwt(),x,r9(),!1,!1)", to: "cwt(),x,i9(),!1,!1)" },
  // The one Ed25519 verification (after its length checks): noble's ed25519.verify(signature, message, key).
  {
    what: "its Ed25519 verification",
    from: "return!!o.ed25519.verify(wJ(0,r),wJ(0,e),wJ(0,n))",
    to: `return!!${VERIFY}(wJ(0,r),wJ(0,e),wJ(0,n))`,
  },
];

let loaded: Scalus | undefined;

/** Scalus with the calls above changed; loaded once per thread. */
export function loadScalus(): Scalus {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const path = require.resolve("scalus");
  let source = readFileSync(path, "utf8");
  for (const { what, from, to } of SCALUS_PATCHES) {
    if (source.split(from).length !== 2)
      throw new Error(
        `${path} is not the scalus 0.17 bundle this service runs (package.json pins it): ${what} was not found`,
      );
    source = source.replace(from, to);
  }
  const module = { exports: {} as Scalus };
  // The bundle is CommonJS: run it as Node would, with the calls changed.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a module's own source, as require() runs it
  const run = new Function("module", "exports", "require", "__filename", "__dirname", VERIFY, source) as (
    ...args: unknown[]
  ) => void;
  run(module, module.exports, require, path, dirname(path), verifyEd25519);
  loaded = module.exports;
  return loaded;
}

/** Whether Scalus is loaded in this thread. */
export const scalusIsLoaded = (): boolean => loaded !== undefined;
