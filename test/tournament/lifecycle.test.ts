// Whole tournaments over real HTTP on the devnet, every transaction signed in the test with real
// keys: the lifecycle (../support/flows/tournament-lifecycle.ts) and the free, sponsored, cancelled and
// refunded flows (../support/flows/tournament-variants.ts), which test/e2e/*.test.ts also run through each
// real-network backend.
import { after, before, describe } from "node:test";
import { startTarget, type Target } from "../support/target.js";
import { tournamentVariants } from "../support/flows/tournament-variants.js";
import { tournamentLifecycle } from "../support/flows/tournament-lifecycle.js";

describe("on the devnet", () => {
  let target: Target;
  before(async () => {
    target = await startTarget("devnet");
  });
  after(async () => {
    await target?.close();
  });
  tournamentLifecycle(() => target);
  tournamentVariants(() => target);
});
