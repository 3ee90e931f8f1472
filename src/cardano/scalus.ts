// Scalus (node_modules/scalus: 2.7 MB of Scala.js), the devnet's ledger and the applier of blueprint
// parameters, is loaded when first needed rather than when the service starts: loading it takes
// about 0.7 s of CPU, which every start spent before it could listen. The service loads it once it
// listens (preloadScalus, src/server/app.ts); a request that needs it before then (a submit right
// at start) loads it itself and waits for it, and is answered as any other.
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

/** Loads Scalus at the next turn of the event loop (after what is already waiting); resolves once it is loaded. */
export function preloadScalus(): Promise<void> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        scalus();
        resolve();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
}
