// Whole tournaments over real HTTP on the devnet, every transaction signed in the test with real
// keys: the lifecycle (./helpers/tournament-lifecycle.ts) and the free, sponsored, cancelled and
// refunded flows (./helpers/tournament-flows.ts), which test/e2e-*.test.ts also run through each
// real-network backend.
import { after, before, describe } from "node:test";
import { startTarget, type Target } from "./helpers/e2e-target.js";
import { tournamentFlows } from "./helpers/tournament-flows.js";
import { tournamentLifecycle } from "./helpers/tournament-lifecycle.js";

describe("on the devnet", () => {
  let target: Target;
  before(async () => {
    target = await startTarget("devnet");
  });
  after(async () => {
    await target?.close();
  });
  tournamentLifecycle(() => target);
  tournamentFlows(() => target);
});
