// Scalus (node_modules/scalus: 2.7 MB of Scala.js), the devnet's ledger and the applier of blueprint
// parameters, is loaded when first needed rather than when the service starts: loading it takes
// about 0.7 s of CPU, which every start spent before it could listen. The first request that needs
// it (the first submit to the devnet, the first POST /blueprints/apply-params) loads it and waits
// for it, then is answered as any other. It is not preloaded once the server listens: the load
// blocks the event loop, and requests in flight then (a health check's backend probe) would wait.
import { createRequire } from "node:module";
import type scalusModule from "scalus";

export type Scalus = typeof scalusModule;

const require = createRequire(import.meta.url);
let loaded: Scalus | undefined;

/** Scalus: loaded (synchronously) by the first call, the same module after. */
export function scalus(): Scalus {
  // The bundle is CommonJS: require gives the module that `import scalus from "scalus"` would.
  loaded ??= require("scalus") as Scalus;
  return loaded;
}

/** Whether Scalus is loaded in this thread. */
export const scalusIsLoaded = (): boolean => loaded !== undefined;
