// A 64-player v2.1 tournament over real HTTP on the devnet, every transaction signed in the test with
// real keys: create (bracket 64, 20 ADA entry, six placements and an organizer's fixed payout) →
// 64 registrations through the API (eight funded wallets, each registering itself and paying for
// seven more players' registrations) → the registrations listed as a client would → added in two
// add-participants transactions (40 + 24, the most one request takes) → settled in one
// transaction → every prize output checked on chain (index, amount, tag), the NFT burnt, the rest
// of the pool with the admin. Fees, sizes and ExUnits go to the test's diagnostics.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { DEVNET_PROTOCOL_PARAMETERS, maxTxExUnits } from "../../src/chain/protocol-params.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { MAX_REGISTRATIONS_PER_ADD } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, ok, onContract, signAndSubmit, txStats } from "../support/tournament-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";
import { lovelaceOf, totalLovelace, utxosAt } from "../support/utxos.js";
import { mintOf } from "../support/tx-decode.js";

const BRACKET = 64;
const ENTRY = 20 * ADA;
const PAYOUTS = [400, 250, 150, 100, 60, 40].map((a) => a * ADA);
const FIXED = 50 * ADA;
const WALLETS = 8;

/** Base addresses (payment and stake key hashes) of players without a wallet in this test. */
const keyless = () =>
  serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

describe("a 64-player tournament", () => {
  let s: RunningService;
  let admin: Funded;
  let wallets: Funded[];
  const organizer = keyless();
  before(async () => {
    // v2.1's layout and limits (the participant list in the datum, brackets of 64): every tournament
    // request names contractVersion "2.1.0" (v3, the default, is tested to 1,024 in tournament-1024*).
    s = onContract(await startService(), "2.1.0");
    admin = await fundedWallet(s, 500 * ADA);
    wallets = [];
    for (let i = 0; i < WALLETS; i++) wallets.push(await fundedWallet(s, 400 * ADA));
  });
  after(async () => {
    await s?.close();
  });

  it("takes 64 registrations, adds them in two transactions and settles in one", async (t) => {
    const max = maxTxExUnits(DEVNET_PROTOCOL_PARAMETERS);
    const pct = (a: bigint, b: bigint) => `${((100 * Number(a)) / Number(b)).toFixed(1)} %`;
    const report = (what: string, built: { complete: string; fee: string }) => {
      const st = txStats(built.complete);
      t.diagnostic(
        `${what}: fee ${built.fee} lovelace, ${st.size} B unsigned, ${st.mem} memory (${pct(st.mem, max.mem)}), ${st.steps} steps (${pct(st.steps, max.steps)})`,
      );
    };

    const created = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        name: "Sixty-four",
        adminAddress: admin.address,
        bracketSize: BRACKET,
        entryFee: ENTRY,
        payoutStructure: PAYOUTS,
        fixedPayouts: [[organizer, FIXED]],
        utxos: await admin.utxos(),
      }),
    );
    report("create", created);
    await signAndSubmit(s, created, [admin]);
    const id = created.tournamentId!;
    const deposit = BigInt((await s.request<"getTournament">("GET", `/tournaments/${id}`)).body.lovelace!);

    // Each wallet registers itself, then pays for seven players without a wallet here (a
    // registration needs no signature of its registrant); the wallets work side by side.
    const players = new Set<string>();
    const registerFees: bigint[] = [];
    await Promise.all(
      wallets.map(async (w) => {
        for (const registrant of [w.address, ...Array.from({ length: BRACKET / WALLETS - 1 }, keyless)]) {
          players.add(registrant);
          const built = ok(
            await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
              tournamentId: id,
              registererAddress: registrant,
              changeAddress: w.address,
              utxos: await w.utxos(),
            }),
          );
          await signAndSubmit(s, built, [w]);
          registerFees.push(BigInt(built.fee));
        }
      }),
    );
    assert.equal(players.size, BRACKET);
    t.diagnostic(
      `register ×${registerFees.length}: fees ${registerFees.reduce((a, b) => (a < b ? a : b))}..${registerFees.reduce((a, b) => (a > b ? a : b))} lovelace`,
    );

    // The admin lists the valid registrations (one page of 100) and adds them in batches of 40.
    const listed = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations?valid=true`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const regs = (listed.body.results as { address: string; outputRef: string }[]).map(({ address, outputRef }) => ({
      address,
      outputRef,
    }));
    assert.deepEqual(regs.map((r) => r.address).sort(), [...players].sort());
    const addHashes: string[] = [];
    for (let from = 0; from < regs.length; from += MAX_REGISTRATIONS_PER_ADD) {
      const batch = regs.slice(from, from + MAX_REGISTRATIONS_PER_ADD);
      const built = ok(
        await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          tournamentId: id,
          adminAddress: admin.address,
          registrations: batch,
          utxos: await admin.utxos(),
        }),
      );
      report(`add ${batch.length} (${from} → ${from + batch.length})`, built);
      await signAndSubmit(s, built, [admin]);
      addHashes.push(built.hash);
      const now = (await s.request<"getTournament">("GET", `/tournaments/${id}`)).body;
      assert.equal(now.participants!.length, from + batch.length);
      assert.equal(now.outputRef, `${built.hash}#0`);
    }
    assert.equal(addHashes.length, 2);

    const full = (await s.request<"getTournament">("GET", `/tournaments/${id}`)).body;
    assert.equal(full.status, "full");
    assert.deepEqual([...full.participants].sort(), [...players].sort());
    assert.equal(BigInt(full.lovelace), deposit + BigInt(BRACKET) * BigInt(ENTRY));
    assert.deepEqual(
      (await s.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`)).body.results,
      [],
    );

    // Results: a shuffled bracket, the first six paid; one winner registered itself with its wallet.
    const results = [...full.participants].sort(() => Math.random() - 0.5) as string[];
    const walletWinner = wallets[3]!.address;
    results.splice(results.indexOf(walletWinner), 1);
    results.splice(2, 0, walletWinner);
    const adminBefore = totalLovelace(await utxosAt(s, admin.address));
    const settled = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        tournamentId: id,
        adminAddress: admin.address,
        results,
        utxos: await admin.utxos(),
      }),
    );
    report(`settle (${PAYOUTS.length} placements + 1 fixed payout, burn)`, settled);
    // The transaction burns the NFT.
    assert.deepEqual(mintOf(settled.complete), [[full.policyId + id, -1n]]);
    await signAndSubmit(s, settled, [admin]);

    // Every prize output on chain: its index, amount and tag, one per payee.
    const paid = [
      ...PAYOUTS.map((amount, i) => [results[i]!, amount, i] as const),
      [organizer, FIXED, PAYOUTS.length] as const,
    ];
    for (const [address, amount, index] of paid) {
      const outs = (await utxosAt(s, address)).filter((u) => u.input.txHash === settled.hash);
      assert.equal(outs.length, 1, `one prize output to ${address}`);
      assert.equal(outs[0]!.input.outputIndex, index);
      assert.equal(lovelaceOf(outs[0]!), BigInt(amount));
      assert.equal(outs[0]!.output.plutusData, encodePayoutTag(id, index));
    }
    // The wallet that won third place holds its prize (besides its change).
    assert.ok(
      (await utxosAt(s, walletWinner)).some(
        (u) => u.input.txHash === settled.hash && lovelaceOf(u) === BigInt(PAYOUTS[2]!),
      ),
    );
    // Seventh place and below get nothing.
    for (const address of results.slice(PAYOUTS.length)) {
      assert.equal(
        (await utxosAt(s, address)).filter((u) => u.input.txHash === settled.hash).length,
        0,
        `${address} is not paid`,
      );
    }
    // The NFT is gone: nothing the admin or the registration address holds carries it, and the
    // tournament reads back as settled, its results and payouts from the settlement.
    const ended = (await s.request<"getTournament">("GET", `/tournaments/${id}`)).body;
    assert.equal(ended.status, "settled");
    assert.deepEqual(ended.endedBy, { action: "settle", txHash: settled.hash });
    assert.deepEqual(ended.results, results.slice(0, PAYOUTS.length));
    assert.deepEqual(
      ended.payouts!.map((x) => x.outputRef),
      paid.map(([, , index]) => `${settled.hash}#${index}`),
    );
    const everywhere = [...(await utxosAt(s, admin.address)), ...(await utxosAt(s, full.registrationAddress))];
    assert.ok(!everywhere.some((u) => u.output.amount.some((a) => a.unit.endsWith(id))));
    // The admin gets the rest of the pool and the deposit, less the fee.
    const prizes = BigInt(PAYOUTS.reduce((a, b) => a + b, 0) + FIXED);
    assert.equal(
      totalLovelace(await utxosAt(s, admin.address)),
      adminBefore + BigInt(full.lovelace) - prizes - BigInt(settled.fee),
    );
  });
});
