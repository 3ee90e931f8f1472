// Issue #23 "Scale": a 1,024-player v3 tournament end to end over real HTTP on the devnet, every
// transaction signed in the test with real keys (contractVersion "3.0.0" named in every request;
// the steps are ../support/v3-scale.ts's, which tournament-v3-fakes.test.ts runs at 128 through the
// Blockfrost and Ogmios + Kupo fakes; tournament-1024-refund.test.ts refunds another 1,024: each
// file has its own process and time limit, as 2,048 registrations take minutes).
// A: bracket 1,024 at 2 ADA, 32 placements and 8 fixed payouts → 1,024 registrations through
// POST /register (16 funded wallets side by side, each registering itself and paying for players
// without a wallet) → listed page by page → added in the most one request takes (read from the
// API's 400), participantCount and seatsLeft after each → the participants paged back → settled in
// one transaction: every prize output on chain (address, amount, tag), the NFT burnt, the rest with
// the admin.
// Fees, sizes, counts and each phase's wall time go to the diagnostics.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADA } from "../support/tournament-api.js";
import { devnetScaleTarget, fillV3, keyless, settleAndCheck, type ScaleTarget } from "../support/v3-scale.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const BRACKET = 1024;
const ENTRY = 2 * ADA;
/** 32 placements: 300, 200, 150, 100, 80, 60, 50, 40 ADA, then 24 × 20 ADA (1,460 ADA, within the 2,048 the entry fees bring). */
const PAYOUTS = [300, 200, 150, 100, 80, 60, 50, 40, ...Array<number>(24).fill(20)].map((a) => a * ADA);
const FIXED = 10 * ADA;
/** The wallets that pay the registrations side by side (1,024 took 156 s with 16 while other tests ran). */
const WALLETS = 16;

describe("a 1,024-player v3 tournament over HTTP on the devnet, settled", () => {
  let target: ScaleTarget;
  let admin: Funded;
  before(async () => {
    target = await devnetScaleTarget();
    admin = await fundedWallet(target, 3_000 * ADA);
  });
  after(async () => {
    await target?.service.close();
  });

  it("A: fills 1,024 seats through the API and settles them in one transaction", async (t) => {
    const log = (line: string) => t.diagnostic(`A: ${line}`);
    const organizers = Array.from({ length: 8 }, keyless);
    const start = performance.now();
    const filled = await fillV3(target, admin, {
      name: "A",
      bracket: BRACKET,
      entryFee: ENTRY,
      wallets: WALLETS,
      selfRegister: true,
      body: { payoutStructure: PAYOUTS.map(String), fixedPayouts: organizers.map((a) => [a, String(FIXED)]) },
      log,
    });
    assert.ok(filled.adds <= 26, `${filled.adds} adds`);
    // Results: the bracket shuffled; a wallet that registered itself places fifth.
    const results = [...filled.participants].sort(() => Math.random() - 0.5);
    const walletWinner = filled.wallets[3]!.address;
    results.splice(results.indexOf(walletWinner), 1);
    results.splice(4, 0, walletWinner);
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
});
