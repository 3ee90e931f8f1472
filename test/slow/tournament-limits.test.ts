// The largest v2.1 tournament the service accepts (contractVersion "2.1.0") can be filled and ended
// within the ledger's limits, with headroom: a bracket of MAX_BRACKET (64) base addresses,
// MAX_PLACEMENTS (32) placements and MAX_FIXED_PAYOUTS (8) fixed payouts, a 64-byte name. Settled
// with the winners the last participants of the list (the most expensive lookups); cancelled by the
// admin; refunded by a stranger after the deadline: each in one transaction. Adds go in batches of
// MAX_REGISTRATIONS_PER_ADD (40), the largest allowed; one more registration in a request is a 400
// that says to split it. If an ending did not fit, a full tournament's pool would be locked for
// good, so every transaction must stay under 85 % of the ledger's memory and steps and its size limit.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it, type TestContext } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { DEVNET_PROTOCOL_PARAMETERS, maxTxExUnits } from "../../src/chain/protocol-params.js";
import { encodeRegistrationDatum } from "../../src/tournament/datum.js";
import {
  MAX_BRACKET,
  MAX_FIXED_PAYOUTS,
  MAX_PLACEMENTS,
  MAX_REGISTRATIONS_PER_ADD,
  MIN_SETTLE_WINDOW_MS,
} from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import {
  ADA,
  getTournament,
  ok,
  onContract,
  rejected,
  signAndSubmit,
  tipOf,
  txStats,
} from "../support/tournament-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

/** Base addresses (payment and stake key hashes): the longest participant entries. */
const keyless = () =>
  serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);
const HEADROOM = 0.85;
const ENTRY = 10 * ADA;

describe("the largest tournament", () => {
  let s: RunningService;
  let admin: Funded;
  let payer: Funded;
  before(async () => {
    // v2.1's layout and limits (the participant list in the datum, brackets of 64): every tournament
    // request names contractVersion "2.1.0" (v3, the default, is tested to 1,024 in tournament-1024*).
    s = onContract(await startService(), "2.1.0");
    admin = await fundedWallet(s, 5000 * ADA);
    payer = await fundedWallet(s, 5000 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  const max = maxTxExUnits(DEVNET_PROTOCOL_PARAMETERS);
  const maxSize = Number(DEVNET_PROTOCOL_PARAMETERS.maxTxSize);
  const within = (t: TestContext, what: string, complete: string) => {
    const st = txStats(complete);
    const line = `${what}: ${st.size} B, ${st.mem} memory (${((100 * Number(st.mem)) / Number(max.mem)).toFixed(1)} %), ${st.steps} steps (${((100 * Number(st.steps)) / Number(max.steps)).toFixed(1)} %)`;
    t.diagnostic(line);
    // One signature adds ~101 B to the unsigned size.
    assert.ok(st.size + 101 <= maxSize * HEADROOM, line);
    assert.ok(Number(st.mem) <= Number(max.mem) * HEADROOM, line);
    assert.ok(Number(st.steps) <= Number(max.steps) * HEADROOM, line);
  };

  /** Creates the largest configuration; `settleBy` when given. */
  const createLargest = async (settleBy?: number): Promise<string> => {
    const created = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        name: "x".repeat(64),
        adminAddress: admin.address,
        bracketSize: MAX_BRACKET,
        entryFee: ENTRY,
        payoutStructure: Array.from({ length: MAX_PLACEMENTS }, () => 2 * ADA),
        fixedPayouts: Array.from({ length: MAX_FIXED_PAYOUTS }, () => [keyless(), 2 * ADA]),
        ...(settleBy === undefined ? {} : { settleBy }),
        utxos: await admin.utxos(),
      }),
    );
    await signAndSubmit(s, created, [admin]);
    return created.tournamentId!;
  };

  /** 64 registrations made in one transaction with the general builder (outputs with the registrant's address as datum). */
  const registerAll = async (
    id: string,
    players: readonly string[],
  ): Promise<{ address: string; outputRef: string }[]> => {
    const { registrationAddress } = await getTournament(s, id);
    const hand = await s.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: payer.address,
      utxos: await payer.utxos(),
      outputs: players.map((address) => ({
        address: registrationAddress,
        lovelace: ENTRY,
        datum: { type: "inline", value: encodeRegistrationDatum(address) },
      })),
    });
    assert.equal(hand.status, 200, JSON.stringify(hand.body));
    await signAndSubmit(s, hand.body, [payer]);
    return players.map((address, i) => ({ address, outputRef: `${hand.body.hash}#${i}` }));
  };

  const add = async (id: string, registrations: { address: string; outputRef: string }[]) =>
    s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
      tournamentId: id,
      adminAddress: admin.address,
      registrations,
      utxos: await admin.utxos(),
    });

  /** Adds the registrations in batches of MAX_REGISTRATIONS_PER_ADD, each within the headroom. */
  const fill = async (t: TestContext, id: string, regs: { address: string; outputRef: string }[]) => {
    const left = [...regs];
    let n = 0;
    while (left.length > 0) {
      const take = left.splice(0, MAX_REGISTRATIONS_PER_ADD);
      const built = ok(await add(id, take));
      within(t, `add ${take.length} (${n} → ${n + take.length}), fee ${built.fee}`, built.complete);
      await signAndSubmit(s, built, [admin]);
      n += take.length;
    }
    const full = await getTournament(s, id);
    assert.equal(full.status, "full");
    assert.equal(full.participants.length, MAX_BRACKET);
    return full;
  };

  it(`fills a bracket of ${MAX_BRACKET} in adds of ${MAX_REGISTRATIONS_PER_ADD} and settles ${MAX_PLACEMENTS} placements and ${MAX_FIXED_PAYOUTS} fixed payouts`, async (t) => {
    const players = Array.from({ length: MAX_BRACKET }, keyless);
    const id = await createLargest();
    // Registrations for 64 addresses through the API, paid by one wallet (registering needs no signature of the registrant).
    const regs: { address: string; outputRef: string }[] = [];
    for (const address of players) {
      const built = ok(
        await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          tournamentId: id,
          registererAddress: address,
          changeAddress: payer.address,
          utxos: await payer.utxos(),
        }),
      );
      await signAndSubmit(s, built, [payer]);
      regs.push({ address, outputRef: built.outputRef! });
    }
    // One over the limit: a 400 that names the field and the limit, and says to split.
    rejected(
      await add(id, regs.slice(0, MAX_REGISTRATIONS_PER_ADD + 1)),
      400,
      new RegExp(
        `body\\.registrations has ${MAX_REGISTRATIONS_PER_ADD + 1} entries; at most ${MAX_REGISTRATIONS_PER_ADD} .*split them into several requests`,
      ),
    );
    const full = await fill(t, id, regs);
    const settled = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        tournamentId: id,
        adminAddress: admin.address,
        results: [...full.participants].reverse(),
        utxos: await admin.utxos(),
      }),
    );
    within(
      t,
      `settle ${MAX_PLACEMENTS} + ${MAX_FIXED_PAYOUTS} at bracket ${MAX_BRACKET}, fee ${settled.fee}`,
      settled.complete,
    );
    await signAndSubmit(s, settled, [admin]);
    assert.equal((await getTournament(s, id)).status, "settled");
  });

  it(`cancels a full bracket of ${MAX_BRACKET} in one transaction: ${MAX_BRACKET} entry fees back and the admin's rest`, async (t) => {
    const id = await createLargest();
    await fill(t, id, await registerAll(id, Array.from({ length: MAX_BRACKET }, keyless)));
    const cancel = ok(
      await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
      }),
    );
    within(t, `cancel at bracket ${MAX_BRACKET}, fee ${cancel.fee}`, cancel.complete);
    await signAndSubmit(s, cancel, [admin]);
    const ended = await getTournament(s, id);
    assert.equal(ended.status, "cancelled");
    assert.equal(ended.refunds!.length, MAX_BRACKET + 1);
  });

  it(`refunds a full bracket of ${MAX_BRACKET} in one transaction after the deadline, by a stranger`, async (t) => {
    const settleBy = (await tipOf(s)).time + MIN_SETTLE_WINDOW_MS + 20 * 60_000;
    const id = await createLargest(settleBy);
    await fill(t, id, await registerAll(id, Array.from({ length: MAX_BRACKET }, keyless)));
    const advanced = await s.request<"advanceDevnetClock">("POST", "/devnet/advance", {
      seconds: (MIN_SETTLE_WINDOW_MS + 21 * 60_000) / 1000,
    });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
    assert.equal((await getTournament(s, id)).status, "expired");
    const refund = ok(
      await s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, { utxos: await payer.utxos() }),
    );
    within(t, `refund at bracket ${MAX_BRACKET}, fee ${refund.fee}`, refund.complete);
    await signAndSubmit(s, refund, [payer]);
    const ended = await getTournament(s, id);
    assert.equal(ended.status, "refunded");
    assert.equal(ended.refunds!.length, MAX_BRACKET + 1);
  });
});
