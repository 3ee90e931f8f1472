// The largest tournament the service accepts can be filled and settled within the ledger's limits:
// bracket of 32 (MAX_BRACKET), 32 placements and 8 fixed payouts (the maxima). If settlement did not
// fit, a full tournament's pool would be locked for good. Adds go in the largest batches that fit.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { MAX_BRACKET, MAX_FIXED_PAYOUTS } from "../src/tournament/rules.js";
import { startService, type RunningService } from "./helpers/service.js";
import { ADA, fundedWallet, ok, signAndSubmit, type Funded } from "./helpers/tournament.js";

const keyless = () => serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex")), 0);

describe("the largest tournament", () => {
  let s: RunningService;
  let admin: Funded;
  let payer: Funded;
  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 1000 * ADA);
    payer = await fundedWallet(s, 1000 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  it(`fills a bracket of ${MAX_BRACKET} and settles ${MAX_BRACKET} placements and ${MAX_FIXED_PAYOUTS} fixed payouts`, async () => {
    const players = Array.from({ length: MAX_BRACKET }, keyless);
    const created = ok(
      await s.request("POST", "/tournaments", {
        name: "x".repeat(64),
        adminAddress: admin.address,
        bracketSize: MAX_BRACKET,
        entryFee: 10 * ADA,
        payoutStructure: players.map(() => 2 * ADA),
        fixedPayouts: Array.from({ length: MAX_FIXED_PAYOUTS }, () => [keyless(), 2 * ADA]),
        utxos: await admin.utxos(),
      }),
    );
    await signAndSubmit(s, created, [admin]);
    const id = created.tournamentId!;
    // Registrations for 32 addresses, paid by one wallet (registering needs no signature of the registrant).
    const regs: { address: string; outputRef: string }[] = [];
    for (const address of players) {
      const built = ok(
        await s.request("POST", `/tournaments/${id}/register`, { tournamentId: id, registererAddress: address, changeAddress: payer.address, utxos: await payer.utxos() }),
      );
      await signAndSubmit(s, built, [payer]);
      regs.push({ address, outputRef: built.outputRef! });
    }
    const batches: number[] = [];
    const fees: string[] = [];
    let batch = regs.length;
    while (regs.length > 0) {
      const take = regs.slice(0, batch);
      const r = await s.request("POST", `/tournaments/${id}/participants`, {
        tournamentId: id,
        adminAddress: admin.address,
        registrations: take,
        utxos: await admin.utxos(),
      });
      if (r.status !== 200) {
        assert.ok(r.status === 400 || r.status === 422, JSON.stringify(r.body));
        assert.ok(batch > 1, `even one registration does not fit: ${JSON.stringify(r.body)}`);
        batch = Math.ceil(batch / 2);
        continue;
      }
      await signAndSubmit(s, r.body, [admin]);
      batches.push(take.length);
      fees.push(r.body.fee);
      regs.splice(0, take.length);
    }
    const t = (await s.request("GET", `/tournaments/${id}`)).body;
    assert.equal(t.status, "full");
    assert.equal(t.participants.length, MAX_BRACKET);
    const settled = ok(
      await s.request("PATCH", `/tournaments/${id}/settle`, {
        tournamentId: id,
        adminAddress: admin.address,
        results: [...t.participants].reverse(),
        utxos: await admin.utxos(),
      }),
    );
    await signAndSubmit(s, settled, [admin]);
    assert.equal((await s.request("GET", `/tournaments/${id}`)).status, 404);
    console.log(`bracket ${MAX_BRACKET}: add batches ${JSON.stringify(batches)} (fees ${fees.join(", ")}), settle fee ${settled.fee}, size ${settled.complete.length / 2} B`);
  });
});
