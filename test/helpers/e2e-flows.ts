// The end-to-end flows run through each real-network backend (test/e2e-*.test.ts): one service
// per file, started on preprod against the backend's loopback fake and its live ledger.
import { after, before, describe } from "node:test";
import { startTarget, type Target, type TargetKind } from "./e2e-target.js";
import { tournamentLifecycle } from "./tournament-lifecycle.js";

export function runEndToEnd(kind: Exclude<TargetKind, "devnet">): void {
  describe(`end to end on preprod through ${kind} (loopback fake, live ledger)`, () => {
    let target: Target;
    before(async () => {
      target = await startTarget(kind);
    });
    after(async () => {
      await target?.close();
    });
    tournamentLifecycle(() => target);
  });
}
