// Issue #19, item 7: the invariant fuzzer. Random sequences of create, register (honest, over- and
// underpaid, with a token, with a datum the rules refuse, to any tournament), unregister, add,
// settle, cancel, refund and advancing the clock run against the Scalus emulator, each step the
// honest plan of tournament-txs.ts or a mutation of it (fuzz-commands.ts). After every transaction
// the ledger accepts, fuzz-world.ts checks the invariants (a) exits, (b) flows, (c) pools.
// Reproducible: a failure prints the seed and the shrunk sequence; FUZZ_SEED replays it.
//   FUZZ_RUNS    sequences (default below), FUZZ_STEPS their maximum length (25),
//   FUZZ_SEED    fast-check's seed, FUZZ_PATH the first number of the path a failure printed (replays that run at once),
//   FUZZ_EXCLUDE mutation kinds, configuration names or the rule "full-bracket" left out (comma-separated),
//   FUZZ_VERBOSE=1 prints every sequence with what each step did.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import { commandsArbitrary, Step } from "./fuzz-commands.js";
import { fuzzEnv, type FuzzWorld, makeFuzzWorld, Sim } from "./fuzz-world.js";

const { runs: RUNS, steps: STEPS, verbose: VERBOSE, exclude: EXCLUDE, options } = fuzzEnv();

let world: FuzzWorld;

before(async () => {
  world = await makeFuzzWorld();
});

describe("invariant fuzzer: every coin keeps its exit, whatever sequence of honest and mutated transactions", () => {
  it(`${RUNS} sequences of up to ${STEPS} steps`, async () => {
    const totals = { sequences: 0, steps: 0, accepted: 0, refused: 0 };
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(commandsArbitrary(STEPS, EXCLUDE), async (commands) => {
        const sim = new Sim(world, world.base.snapshot(), EXCLUDE);
        await fc.asyncModelRun(() => ({ model: sim, real: sim }), commands);
        totals.sequences++;
        totals.steps += [...commands].length;
        totals.accepted += sim.accepted;
        totals.refused += sim.refused;
        if (VERBOSE) console.log([...commands].map((c) => (c instanceof Step ? c.report() : String(c))).join("\n  "));
      }),
      options,
    );
    console.log(`fuzzer: ${JSON.stringify(totals)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.equal(totals.sequences >= RUNS, true);
  });
});
