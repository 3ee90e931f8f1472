// The largest tournament the service accepts can be filled and settled within the ledger's limits,
// with headroom: a bracket of MAX_BRACKET (64) base addresses, MAX_PLACEMENTS (32) placements and
// MAX_FIXED_PAYOUTS (8) fixed payouts, the winners the last participants of the list (the most
// expensive lookups). Adds go in batches of MAX_REGISTRATIONS_PER_ADD (40), the largest allowed;
// one more registration in a request is a 400 that says to split it. If settlement did not fit, a
// full tournament's pool would be locked for good, so every transaction must stay under 85 % of
// the ledger's memory and steps and its size limit.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { DEVNET_PROTOCOL_PARAMETERS, maxTxExUnits } from "../src/chain/protocol-params.js";
import { MAX_BRACKET, MAX_FIXED_PAYOUTS, MAX_PLACEMENTS, MAX_REGISTRATIONS_PER_ADD } from "../src/tournament/rules.js";
import { startService, type RunningService } from "./helpers/service.js";
import { ADA, fundedWallet, ok, rejected, signAndSubmit, txStats, type Funded } from "./helpers/tournament.js";

/** Base addresses (payment and stake key hashes): the longest participant entries. */
const keyless = () => serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);
const HEADROOM = 0.85;

describe("the largest tournament", () => {
  let s: RunningService;
  let admin: Funded;
  let payer: Funded;
  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 2000 * ADA);
    payer = await fundedWallet(s, 2000 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  it(`fills a bracket of ${MAX_BRACKET} in adds of ${MAX_REGISTRATIONS_PER_ADD} and settles ${MAX_PLACEMENTS} placements and ${MAX_FIXED_PAYOUTS} fixed payouts`, async (t) => {
    const max = maxTxExUnits(DEVNET_PROTOCOL_PARAMETERS);
    const maxSize = Number(DEVNET_PROTOCOL_PARAMETERS.maxTxSize);
    const within = (what: string, complete: string) => {
      const st = txStats(complete);
      const line = `${what}: ${st.size} B, ${st.mem} memory (${((100 * Number(st.mem)) / Number(max.mem)).toFixed(1)} %), ${st.steps} steps (${((100 * Number(st.steps)) / Number(max.steps)).toFixed(1)} %)`;
      t.diagnostic(line);
      // One signature adds ~101 B to the unsigned size.
      assert.ok(st.size + 101 <= maxSize * HEADROOM, line);
      assert.ok(Number(st.mem) <= Number(max.mem) * HEADROOM, line);
      assert.ok(Number(st.steps) <= Number(max.steps) * HEADROOM, line);
    };
    const players = Array.from({ length: MAX_BRACKET }, keyless);
    const created = ok(
      await s.request("POST", "/tournaments", {
        name: "x".repeat(64),
        adminAddress: admin.address,
        bracketSize: MAX_BRACKET,
        entryFee: 10 * ADA,
        payoutStructure: Array.from({ length: MAX_PLACEMENTS }, () => 2 * ADA),
        fixedPayouts: Array.from({ length: MAX_FIXED_PAYOUTS }, () => [keyless(), 2 * ADA]),
        utxos: await admin.utxos(),
      }),
    );
    await signAndSubmit(s, created, [admin]);
    const id = created.tournamentId!;
    // Registrations for 64 addresses, paid by one wallet (registering needs no signature of the registrant).
    const regs: { address: string; outputRef: string }[] = [];
    for (const address of players) {
      const built = ok(
        await s.request("POST", `/tournaments/${id}/register`, { tournamentId: id, registererAddress: address, changeAddress: payer.address, utxos: await payer.utxos() }),
      );
      await signAndSubmit(s, built, [payer]);
      regs.push({ address, outputRef: built.outputRef! });
    }
    const add = async (registrations: typeof regs) =>
      s.request("POST", `/tournaments/${id}/participants`, { tournamentId: id, adminAddress: admin.address, registrations, utxos: await admin.utxos() });
    // One over the limit: a 400 that names the field and the limit, and says to split.
    rejected(
      await add(regs.slice(0, MAX_REGISTRATIONS_PER_ADD + 1)),
      400,
      new RegExp(`body\\.registrations has ${MAX_REGISTRATIONS_PER_ADD + 1} entries; at most ${MAX_REGISTRATIONS_PER_ADD} .*split them into several requests`),
    );
    let n = 0;
    while (regs.length > 0) {
      const take = regs.splice(0, MAX_REGISTRATIONS_PER_ADD);
      const built = ok(await add(take));
      within(`add ${take.length} (${n} → ${n + take.length}), fee ${built.fee}`, built.complete);
      await signAndSubmit(s, built, [admin]);
      n += take.length;
    }
    const full = (await s.request("GET", `/tournaments/${id}`)).body;
    assert.equal(full.status, "full");
    assert.equal(full.participants.length, MAX_BRACKET);
    const settled = ok(
      await s.request("PATCH", `/tournaments/${id}/settle`, {
        tournamentId: id,
        adminAddress: admin.address,
        results: [...full.participants].reverse(),
        utxos: await admin.utxos(),
      }),
    );
    within(`settle ${MAX_PLACEMENTS} + ${MAX_FIXED_PAYOUTS} at bracket ${MAX_BRACKET}, fee ${settled.fee}`, settled.complete);
    await signAndSubmit(s, settled, [admin]);
    assert.equal((await s.request("GET", `/tournaments/${id}`)).status, 404);
  });
});
