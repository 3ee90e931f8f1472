// Issue #23 "Scale" through the real-network backends: the steps of tournament-1024.test.ts
// (../support/v3-scale.ts) at 128 seats on preprod, through the Blockfrost fake and through the
// Ogmios + Kupo fake, each answering from a live ledger (../support/target.ts), every transaction
// signed in the test and contractVersion "3.0.0" named in every request. A: 128 registrations
// through POST /register, listed page by page, added in 4 transactions of at most 40 (the API's
// figure), the participants paged back, settled in one transaction with 32 placements and 8 fixed
// payouts, every prize output checked on chain (the operator having deployed v3's scripts as
// references first, as on a real network). B: another 128, refunded by strangers after the
// deadline: the close and its 2 batches, each seat's address paid its entry fee exactly once.
// A registration makes 8 requests to Blockfrost (the payer's UTxOs, the registration address's,
// the pool's NFT history, two transactions' UTxOs, the tip, the submission and its confirmation,
// as counted on the fake): at Blockfrost's published 10 a second (bursts of 500) the 256
// registrations would take minutes, so the service here keeps to 1,000 a second
// (BLOCKFROST_REQUESTS_PER_SECOND, as for a paid plan or a self-hosted server; the fake has no limit).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTarget, type Target } from "../support/target.js";
import { ADA, tipOf } from "../support/tournament-api.js";
import { deployV3 } from "../support/v3-deploy.js";
import { fillV3, keyless, refundAndCheck, settleAndCheck } from "../support/v3-scale.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const BRACKET = 128;
const ENTRY = 2 * ADA;
/** 32 placements: 40, 30, 20, 10 ADA, then 28 × 4 ADA (212 ADA, within the 256 the entry fees bring). */
const PAYOUTS = [40, 30, 20, 10, ...Array<number>(28).fill(4)].map((a) => a * ADA);
const FIXED = 2 * ADA;
const WALLETS = 8;

for (const kind of ["blockfrost", "ogmios-kupo"] as const) {
  describe(`a v3 tournament of 128 through the ${kind} fake`, () => {
    let target: Target;
    let admin: Funded;
    before(async () => {
      target = await startTarget(kind, kind === "blockfrost" ? { BLOCKFROST_REQUESTS_PER_SECOND: "1000" } : {});
      admin = await fundedWallet(target, 1_000 * ADA);
      // The operator deploys v3's scripts as references first: inline, the tournament script alone
      // (some 10 KB) leaves a settlement of 32 placements and 8 fixed payouts at 16,972 B, over the
      // ledger's 16,384 (the service's 400 TX_ERR_TOO_LARGE).
      await deployV3(target.service, "preprod", await fundedWallet(target, 200 * ADA));
    });
    after(async () => {
      await target?.close();
    });

    it("A: fills 128 seats in 4 adds and settles them in one transaction", async (t) => {
      const log = (line: string) => t.diagnostic(`${kind} A: ${line}`);
      const organizers = Array.from({ length: 8 }, keyless);
      const start = performance.now();
      const filled = await fillV3(target, admin, {
        name: `${kind} A`,
        bracket: BRACKET,
        entryFee: ENTRY,
        wallets: WALLETS,
        selfRegister: true,
        body: { payoutStructure: PAYOUTS.map(String), fixedPayouts: organizers.map((a) => [a, String(FIXED)]) },
        log,
      });
      assert.equal(filled.adds, 4);
      const results = [...filled.participants].sort(() => Math.random() - 0.5);
      await settleAndCheck(
        target,
        admin,
        filled,
        results.slice(0, PAYOUTS.length),
        PAYOUTS,
        organizers.map((a) => [a, FIXED] as const),
        log,
      );
      log(`the whole of A in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    });

    it("B: fills another 128 seats, and strangers refund them after the deadline, each seat once", async (t) => {
      const log = (line: string) => t.diagnostic(`${kind} B: ${line}`);
      const tip = await tipOf(target.service);
      const start = performance.now();
      const filled = await fillV3(target, admin, {
        name: `${kind} B`,
        bracket: BRACKET,
        entryFee: ENTRY,
        wallets: WALLETS,
        selfRegister: false,
        // Prizes within the entry fees: no deposit, each seat owed its entry fee exactly.
        body: { payoutStructure: [String(100 * ADA)], settleBy: tip.time + 60 * 60_000 },
        log,
      });
      const steps = await refundAndCheck(target, admin, filled, ENTRY, 2 * 3600, 3, log);
      assert.equal(steps.length, 3, "the close and its 2 batches");
      log(`the whole of B in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    });
  });
}
