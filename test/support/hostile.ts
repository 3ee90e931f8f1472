// Measures one hostile request against a server process from outside: how long its answer took,
// the worst health latency while it ran (health polled every 50 ms), the server's RSS, and whether
// the process is still alive and healthy afterwards. The hostile-input suite (test/hostile/)
// asserts each attack's bound on these figures: answered within 2 s, health within 500 ms, alive.
import type { ServerProcess } from "./process.js";

export interface AttackOutcome {
  /** HTTP status of the attack's answer, or 0 when it got none (connection reset, time-out). */
  readonly status: number;
  /** The answer's body as text ("" when none). */
  readonly body: string;
  readonly elapsedMs: number;
  /** The slowest health answer while the attack ran (a health probe still pending counts until the attack ends). */
  readonly worstHealthMs: number;
  /** Highest RSS sampled while the attack ran, MiB. */
  readonly peakRssMiB: number;
  /** The process has not exited and health answers 200 after the attack. */
  readonly alive: boolean;
}

/** The bounds every attack of the hostile-input suite must meet (issue #20). */
export const ATTACK_BOUNDS = { answerMs: 2_000, healthMs: 500 } as const;

export async function underAttack(
  server: ServerProcess,
  attack: (base: string) => Promise<Response>,
  timeoutMs = 30_000,
): Promise<AttackOutcome> {
  let done = false;
  let worstHealthMs = 0;
  let peakRssMiB = server.rssMiB();
  const prober = (async () => {
    while (!done) {
      const started = performance.now();
      const probe = fetch(`${server.origin}/health`, { signal: AbortSignal.timeout(timeoutMs) })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      // A probe still pending when the attack ends counts for the time it has waited so far.
      await Promise.race([probe, waitFor(() => done)]);
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      try {
        peakRssMiB = Math.max(peakRssMiB, server.rssMiB());
      } catch {
        // the process is gone: `alive` says so
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  let status = 0;
  let body = "";
  try {
    const answer = await attack(server.base);
    status = answer.status;
    body = await answer.text();
  } catch {
    // no answer: status 0
  }
  const elapsedMs = performance.now() - started;
  done = true;
  await prober;
  let alive = server.child.exitCode === null && server.child.signalCode === null;
  if (alive) {
    try {
      alive = (await fetch(`${server.origin}/health`, { signal: AbortSignal.timeout(5_000) })).status === 200;
    } catch {
      alive = false;
    }
  }
  return {
    status,
    body,
    elapsedMs: Math.round(elapsedMs),
    worstHealthMs: Math.round(worstHealthMs),
    peakRssMiB,
    alive,
  };
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}
