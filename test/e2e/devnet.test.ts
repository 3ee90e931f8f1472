// The build variants of ../support/flows/build.ts on the devnet, the same steps the other test/e2e/*.test.ts
// run through each real-network backend (the tournament lifecycle's devnet run is
// test/tournament/lifecycle.test.ts).
import { after, before, describe } from "node:test";
import { buildFlows } from "../support/flows/build.js";
import { startTarget, type Target } from "../support/target.js";

describe("end to end on the devnet", () => {
  let target: Target;
  before(async () => {
    target = await startTarget("devnet");
  });
  after(async () => {
    await target?.close();
  });
  buildFlows(() => target);
});
