// Issue #23 (contracts/V3-DESIGN.md §7, §9 commit 8): the invariant fuzzer on v3. Random sequences
// of create, register (one seat, honest or malformed, v2.1's command; or several at once),
// unregister, add, settle, cancel, refund (inline, or split into batch UTxOs), paying any live
// batch by any wallet, and advancing the clock run against the Scalus emulator on the draft's
// small-tree build (depth 4, batches of 4), each step the honest plan of plans.ts or a mutation of
// it (fuzz-v3-commands.ts). After every transaction the ledger accepts, fuzz-v3-sim.ts checks the
// invariants (a) exits, (b) flows, (c) pools, (d) batches. The environment is v2.1's fuzzer's
// (contracts/test/invariants.test.ts):
//   FUZZ_RUNS    sequences (default below), FUZZ_STEPS their maximum length (25),
//   FUZZ_SEED    fast-check's seed, FUZZ_PATH the first number of the path a failure printed,
//   FUZZ_EXCLUDE mutation kinds, configuration names or the rule "full-bracket" left out (comma-separated),
//   FUZZ_VERBOSE=1 prints every sequence with what each step did.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import { NotFoundError } from "../../../src/errors.js";
import { decodePoolDatum } from "../../../src/tournament/pool-datum.js";
import { type SeatHistory, SeatReader } from "../../../src/tournament/seats.js";
import { Step } from "../fuzz-commands.js";
import { fuzzEnv } from "../fuzz-world.js";
import { v3CommandsArbitrary } from "./fuzz-v3-commands.js";
import { type SeatsReadBack, V3Sim } from "./fuzz-v3-sim.js";
import { makeV3FuzzWorld, SHAPE, type V3FuzzWorld } from "./fuzz-v3-world.js";

const { runs: RUNS, steps: STEPS, verbose: VERBOSE, exclude: EXCLUDE, options } = fuzzEnv();

/**
 * The service's read-back of a pool's seats (src/tournament/seats.ts), checked against the model's
 * list after every accepted transaction (invariant (c)). Its history is the harness chain's own
 * record of what each transaction it accepted spent (Chain.consumedBy), what a backend's history
 * gives the reader; a reader a sequence, so that each walks the adds afresh.
 */
function seatsReadBack(): SeatsReadBack {
  const reader = new SeatReader("preprod", { shape: SHAPE });
  return (chain, pool, utxo) => {
    const history: SeatHistory = {
      backendName: "contracts harness",
      consumedBy: async (txHash) => {
        const spent = chain.consumedBy(txHash);
        if (spent === undefined) throw new NotFoundError(`The harness chain accepted no transaction ${txHash}.`);
        return [...spent];
      },
    };
    const datum = utxo.output.plutusData === undefined ? null : decodePoolDatum(utxo.output.plutusData, false);
    if (datum === null) return Promise.resolve(["(the pool's datum does not decode)"]);
    return reader.seatsOf(history, {
      unit: pool.nftUnit,
      utxo,
      accumulator: datum,
      registrationAddress: pool.registrationAddress,
    });
  };
}

let world: V3FuzzWorld;

before(async () => {
  world = await makeV3FuzzWorld();
});

describe("v3 invariant fuzzer: every coin keeps its exit, whatever sequence of honest and mutated transactions", () => {
  it(`${RUNS} sequences of up to ${STEPS} steps`, async () => {
    const totals = { sequences: 0, steps: 0, accepted: 0, refused: 0, closes: 0, batchesPaid: 0, settles: 0 };
    // Mutations the ledger accepted without breaking an invariant (harmless, or a rule the contract does not make).
    const acceptedMutations = new Map<string, number>();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(v3CommandsArbitrary(STEPS, EXCLUDE), async (commands) => {
        const sim = new V3Sim(world, world.base.snapshot(), EXCLUDE, seatsReadBack());
        await fc.asyncModelRun(() => ({ model: sim, real: sim }), commands);
        totals.sequences++;
        totals.steps += [...commands].length;
        totals.accepted += sim.accepted;
        totals.refused += sim.refused;
        // fast-check wraps each command that ran (its `cmd`).
        const steps = [...commands].map((c) => {
          const inner = (c as { cmd?: unknown }).cmd ?? c;
          return inner instanceof Step ? inner.report() : String(c);
        });
        totals.closes += steps.filter((r) => /^(cancel|refund)\(honest\).*accepted$/.test(r)).length;
        totals.batchesPaid += steps.filter((r) => /^payBatch\(honest\).*accepted$/.test(r)).length;
        totals.settles += steps.filter((r) => /^settle\(honest\).*accepted$/.test(r)).length;
        for (const r of steps) {
          const kind = /^(\w+)\(([a-z-]+)\).*→ accepted$/.exec(r);
          if (kind && kind[2] !== "honest" && kind[1] !== "register")
            acceptedMutations.set(`${kind[1]}(${kind[2]})`, (acceptedMutations.get(`${kind[1]}(${kind[2]})`) ?? 0) + 1);
        }
        if (VERBOSE) console.log(steps.join("\n  "));
      }),
      options,
    );
    console.log(`v3 fuzzer: ${JSON.stringify(totals)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `v3 fuzzer: mutations accepted (no invariant broken): ${JSON.stringify(Object.fromEntries(acceptedMutations))}`,
    );
    assert.equal(totals.sequences >= RUNS, true);
  });
});
