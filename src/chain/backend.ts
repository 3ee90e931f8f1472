// What a real-network adapter offers beyond the chain port: enough to know when its protocol
// parameters change (at an epoch boundary), and its state for health. The wrappers in
// ./resilience build on this; domain code only ever sees the ChainPort.
import type { ChainPort, Tip } from "./port.js";

export interface EpochInfo {
  readonly epoch: number;
  /** Unix milliseconds at which this epoch ends (the next one, with new parameters, starts). */
  readonly endsAt: number;
}

export interface ChainBackend extends ChainPort {
  currentEpoch(): Promise<EpochInfo>;
}

export interface BackendHealth {
  readonly backend: string;
  /** `unknown` until the first call answered or failed. */
  readonly state: "up" | "down" | "unknown";
  /** Unix milliseconds of the last change of state. */
  readonly since: number;
  readonly consecutiveFailures: number;
  /** The last failure's message, while the backend is down. */
  readonly lastError?: string;
}

/** A chain port that reports its backend's state (the real-network backends). */
export interface ObservedChain extends ChainPort {
  health(): BackendHealth;
  /**
   * The tip in one quick attempt (no retries, a short timeout): for health checks, which should
   * answer fast rather than wait out a failing backend's retry budget. Fails with a 503 error.
   */
  probe(timeoutMs?: number): Promise<Tip>;
}

export const isObservedChain = (chain: ChainPort): chain is ObservedChain =>
  typeof (chain as Partial<ObservedChain>).health === "function";
