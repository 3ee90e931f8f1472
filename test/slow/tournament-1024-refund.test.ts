// Issue #23 "Scale": a 1,024-player v3 tournament refunded over real HTTP on the devnet, every
// transaction signed in the test with real keys (contractVersion "3.0.0" named in every request;
// the steps are ../support/v3-scale.ts's; tournament-1024.test.ts fills and settles another 1,024).
// B: bracket 1,024 at 2 ADA, prizes within the entry fees (no deposit: each seat is owed its entry
// fee exactly) → 1,024 registrations through POST /register (16 funded wallets side by side, each
// paying for players without a wallet) → listed page by page → added in the most one request takes
// → the participants paged back → a refund before the deadline a 400 → the devnet's clock past the
// deadline → refunded by strangers, each POST /refund one transaction signed by another stranger:
// the close, then each batch of 64 (17 transactions, within the 27 allowed): every seat's address
// paid its entry fee exactly once, tagged [id, seat], the batches all spent, a further refund a 400.
// Fees, sizes, counts and each phase's wall time go to the diagnostics.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADA, tipOf } from "../support/tournament-api.js";
import { devnetScaleTarget, fillV3, refundAndCheck, type ScaleTarget } from "../support/v3-scale.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const BRACKET = 1024;
const ENTRY = 2 * ADA;
/** The wallets that pay the registrations side by side. */
const WALLETS = 16;
/** The most transactions a refund of 1,024 may take: the close and the 16 batches of 64 make 17. */
const MOST_REFUND_TXS = 27;

describe("a 1,024-player v3 tournament over HTTP on the devnet, refunded", () => {
  let target: ScaleTarget;
  let admin: Funded;
  before(async () => {
    target = await devnetScaleTarget();
    admin = await fundedWallet(target, 1_000 * ADA);
  });
  after(async () => {
    await target?.service.close();
  });

  it("B: fills another 1,024 seats, and strangers refund them after the deadline, each seat once", async (t) => {
    const log = (line: string) => t.diagnostic(`B: ${line}`);
    const tip = await tipOf(target.service);
    const start = performance.now();
    const filled = await fillV3(target, admin, {
      name: "B",
      bracket: BRACKET,
      entryFee: ENTRY,
      wallets: WALLETS,
      selfRegister: false,
      // Prizes within the entry fees: no deposit, each seat owed its entry fee exactly.
      body: { payoutStructure: [String(100 * ADA)], settleBy: tip.time + 60 * 60_000 },
      log,
    });
    const steps = await refundAndCheck(target, admin, filled, ENTRY, 2 * 3600, MOST_REFUND_TXS, log);
    assert.equal(steps.length, 1 + BRACKET / 64, "the close and one transaction per batch of 64");
    log(`the whole of B in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
});
