// Issue #13, item 4: the readable UTxO and transaction views, on the devnet and through both
// real-network backends (their loopback fakes over a live ledger).
import { after, before, describe } from "node:test";
import { decodedViewFlows } from "../support/flows/decoded-views.js";
import { startTarget, type Target, type TargetKind } from "../support/target.js";

for (const kind of ["devnet", "blockfrost", "ogmios-kupo"] as const satisfies readonly TargetKind[]) {
  describe(`decoded views on ${kind}`, () => {
    let target: Target;
    before(async () => {
      target = await startTarget(kind);
    });
    after(async () => {
      await target?.close();
    });
    decodedViewFlows(() => target, kind);
  });
}
