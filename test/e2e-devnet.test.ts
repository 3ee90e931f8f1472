// The build variants of ./helpers/build-flows.ts on the devnet, the same steps test/e2e-*.test.ts
// run through each real-network backend (the tournament lifecycle's devnet run is
// test/tournament-lifecycle.test.ts).
import { after, before, describe } from "node:test";
import { buildFlows } from "./helpers/build-flows.js";
import { startTarget, type Target } from "./helpers/e2e-target.js";

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
