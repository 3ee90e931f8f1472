// Times every call to the chain backend and reports it with its outcome, for GET /metrics.
// A Proxy rather than a ForwardingChain subclass: the port it wraps may be the devnet (whose
// faucet, clock and systemStartMs the routes find by looking at the port, see isDevnet) or a
// real-network stack with extras (health, probe, the evaluation check); a Proxy keeps every one
// of them visible and times only the methods named below. The chain layer knows no metrics
// library: it reports to a ChainCallObserver.
import type { ChainPort } from "./port.js";

/** How a backend call ended: ok, refused by the ledger, refused as a bad request, backend or storage unavailable, or anything else. */
export type ChainCallOutcome = "ok" | "rejected" | "refused" | "unavailable" | "error";

export interface ChainCallObserver {
  observe(call: {
    readonly backend: string;
    readonly method: string;
    readonly outcome: ChainCallOutcome;
    readonly seconds: number;
  }): void;
}

/** The backend calls that are timed: the port's, the real networks' health probe and epoch, the devnet's writes. */
export const TIMED_METHODS: ReadonlySet<string> = new Set([
  "tip",
  "protocolParameters",
  "utxosAt",
  "utxosByRef",
  "evaluate",
  "submit",
  "txStatus",
  "lastOutputWith",
  "stakeAccount",
  "transaction",
  "spentBy",
  "assetHistory",
  "consumedBy",
  "probe",
  "currentEpoch",
  "faucet",
  "advance",
  "seedPool",
  "seedDRep",
  "reset",
  "saveSnapshot",
  "restoreSnapshot",
]);

/** The outcome of a failed call, from the coded error it threw (src/errors.ts). */
export function outcomeOf(error: unknown): ChainCallOutcome {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === "CHAIN_ERR_LEDGER_REJECTED") return "rejected";
  if (code === "CHAIN_ERR_UNAVAILABLE" || code === "STORE_ERR_UNAVAILABLE") return "unavailable";
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) return "refused";
  return "error";
}

/** `chain`, with each call of TIMED_METHODS reported to `observer` once it settles. */
export function withCallMetrics<P extends ChainPort>(chain: P, observer: ChainCallObserver): P {
  const timed = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy(chain, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof property !== "string" || !TIMED_METHODS.has(property) || typeof value !== "function") {
        // Methods run on the target itself: a class with #private fields refuses a Proxy as `this`.
        return typeof value === "function" ? (value.bind(target) as unknown) : value;
      }
      // One wrapper per method; it looks the method up at each call, so a method replaced on the port later is the one that runs.
      let wrapper = timed.get(property);
      if (!wrapper) {
        wrapper = async (...args: unknown[]) => {
          const started = process.hrtime.bigint();
          const report = (outcome: ChainCallOutcome) =>
            observer.observe({
              backend: target.backendName,
              method: property,
              outcome,
              seconds: Number(process.hrtime.bigint() - started) / 1e9,
            });
          try {
            const method = Reflect.get(target, property, target) as (...a: unknown[]) => unknown;
            const result = await method.apply(target, args);
            report("ok");
            return result;
          } catch (error) {
            report(outcomeOf(error));
            throw error;
          }
        };
        timed.set(property, wrapper);
      }
      return wrapper;
    },
  });
}
