// Contracts v3 over real HTTP on the devnet (contractVersion "3.0.0"), every transaction signed in
// the test with real keys and submitted through POST /tournaments/submit-tx: a bracket of 4 created,
// registered to, added (participantCount, seatsLeft) and settled, read back by its ID alone; a full
// bracket of 65 refunded after its deadline: the close (one transaction, two batch UTxOs), then
// each batch paid by a stranger through the refund and cancel endpoints (batchesRemaining counting
// down, every seat paid once, tagged [id, seat]), then a 400 as nothing is left. On the way the
// 400s: a v2.1 bracket above 64, a batch named before the close or under 2.1.0, a batch paid already.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { isDevnet } from "../../src/chain/port.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, rejected, signAndSubmit, tipOf } from "../support/tournament-api.js";
import { outputsOfTx, registerMany } from "../support/v3-contract.js";
import { lovelaceOf } from "../support/utxos.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";

const V3 = { contractVersion: "3.0.0" } as const;
const FEE = 2_000_000;

describe("contracts v3 over HTTP", () => {
  let s: RunningService;
  let admin: Funded;
  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 600 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        ...V3,
        ...body,
      }),
    );
    await signAndSubmit(s, built, [admin]);
    return built.tournamentId!;
  };

  it("refuses a v2.1 bracket above 64, naming bracketSize and the version's limit", async () => {
    const r = await s.request<"createTournament">("POST", "/tournaments", {
      adminAddress: admin.address,
      name: "too big",
      bracketSize: 65,
      payoutStructure: ["10000000"],
      entryFee: String(FEE),
      contractVersion: "2.1.0",
    });
    rejected(
      r,
      400,
      /body\.bracketSize is 65: contract version 2\.1\.0 takes brackets of 2 to 64.*3\.0\.0 takes up to 1,024/,
    );
    const big = await s.request<"createTournament">("POST", "/tournaments", {
      adminAddress: admin.address,
      name: "too big",
      bracketSize: 1025,
      payoutStructure: ["10000000"],
      ...V3,
    });
    rejected(big, 400, /body\.bracketSize must be a whole number from 2 to 1024/);
  });

  it("runs a bracket of 4: create, register, add, settle; GET finds it without a version", async () => {
    const id = await create({ name: "v3 four", bracketSize: 4, entryFee: String(FEE), payoutStructure: ["6000000"] });
    const live = await getTournament(s, id);
    assert.equal(live.contractVersion, "3.0.0");
    assert.equal(live.status, "open");
    const players = await Promise.all([0, 1, 2, 3].map(() => fundedWallet(s, 20 * ADA)));
    const regs: { address: string; outputRef: string }[] = [];
    for (const p of players) {
      const built = ok(
        await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: p.address,
          utxos: await p.utxos(),
          ...V3,
        }),
      );
      await signAndSubmit(s, built, [p]);
      regs.push({ address: p.address, outputRef: built.outputRef! });
    }
    const listed = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.equal(listed.body.results.filter((r) => r.valid).length, 4);

    const add = async (part: typeof regs) => {
      const r = await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
        adminAddress: admin.address,
        registrations: part,
        utxos: await admin.utxos(),
        ...V3,
      });
      const built = ok(r);
      await signAndSubmit(s, built, [admin]);
      return r.body as { participantCount: number; seatsLeft: number };
    };
    const three = await add(regs.slice(0, 3));
    assert.deepEqual([three.participantCount, three.seatsLeft], [3, 1]);
    const last = await add(regs.slice(3));
    assert.equal(last.participantCount, 4);
    assert.equal(last.seatsLeft, 0);
    const full = (await getTournament(s, id)) as { status: string; participants: string[]; participantCount: number };
    assert.equal(full.status, "full");
    assert.equal(full.participantCount, 4);
    assert.deepEqual(new Set(full.participants), new Set(players.map((p) => p.address)));

    const winner = full.participants[2]!;
    const settled = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        adminAddress: admin.address,
        results: [winner, full.participants[0]!],
        utxos: await admin.utxos(),
        ...V3,
      }),
    );
    await signAndSubmit(s, settled, [admin]);
    const [prize] = await outputsOfTx(s, settled.hash, 1);
    assert.equal(prize!.output.address, winner);
    assert.equal(lovelaceOf(prize!), 6_000_000n);
    assert.equal(prize!.output.plutusData, encodePayoutTag(id, 0));
    const ended = (await getTournament(s, id)) as { status: string; results: string[]; contractVersion: string };
    assert.equal(ended.status, "settled");
    assert.deepEqual(ended.results, [winner]);
    assert.equal(ended.contractVersion, "3.0.0");
    // Named under the other version, it is not there.
    const other = await s.request<"getTournament">("GET", `/tournaments/${id}?contractVersion=2.1.0`);
    assert.equal(other.status, 404);
  });

  it("refunds a full bracket of 65: the close, then each batch paid by a stranger, then 400", async (t) => {
    const BRACKET = 65;
    const tip = await tipOf(s);
    const id = await create({
      name: "v3 refund 65",
      bracketSize: BRACKET,
      entryFee: String(FEE),
      payoutStructure: ["100000000"],
      settleBy: tip.time + 20 * 60_000,
    });
    const registrationAddress = (await getTournament(s, id)).registrationAddress!;
    const sponsor = await fundedWallet(s, 200 * ADA);
    const players = await Promise.all(Array.from({ length: BRACKET }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      registrationAddress,
      sponsor,
      players.map((p) => p.address),
      () => BigInt(FEE),
    );
    for (const part of [regs.slice(0, 40), regs.slice(40)]) {
      const built = ok(
        await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          adminAddress: admin.address,
          registrations: part,
          utxos: await admin.utxos(),
          ...V3,
        }),
      );
      await signAndSubmit(s, built, [admin]);
    }
    const full = (await getTournament(s, id)) as { participantCount: number };
    assert.equal(full.participantCount, BRACKET);
    const seats: string[] = [];
    for (let page = 1; seats.length < BRACKET; page++) {
      const r = await s.request<"getTournament">(
        "GET",
        `/tournaments/${id}?participantsPage=${page}&participantsLimit=50`,
      );
      seats.push(...(r.body as { participants: string[] }).participants);
    }

    const stranger = await fundedWallet(s, 30 * ADA);
    const refund = async (who: Funded, extra: Record<string, unknown> = {}) =>
      s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, {
        address: who.address,
        utxos: await who.utxos(),
        ...V3,
        ...extra,
      });
    rejected(await refund(stranger), 400, /can be refunded only after its settlement deadline/);
    const chain = s.app.chain!;
    assert.ok(isDevnet(chain));
    await chain.advance(25 * 60);

    rejected(await refund(stranger, { batch: 0 }), 400, /body\.batch is 0, but tournament .* is not closed yet/);
    const v21 = await refund(stranger, { batch: 0, contractVersion: "2.1.0" });
    rejected(v21, 400, /body\.batch is given, but contract version 2\.1\.0 .* has no batches/);

    const closeAnswer = await refund(stranger);
    const close = ok(closeAnswer);
    assert.deepEqual(
      [
        (closeAnswer.body as { step: string }).step,
        (closeAnswer.body as { batchesRemaining: number }).batchesRemaining,
      ],
      ["close", 2],
    );
    await signAndSubmit(s, close, [stranger]);
    const closed = (await getTournament(s, id)) as {
      status: string;
      batches: { batch: number; seats: number[]; outputRef: string; paidBy: string | null }[];
    };
    assert.equal(closed.status, "refunded");
    assert.deepEqual(closed.batches, [
      { batch: 0, seats: [0, 63], outputRef: `${close.hash}#0`, paidBy: null },
      { batch: 1, seats: [64, 64], outputRef: `${close.hash}#1`, paidBy: null },
    ]);

    // Batch 1 first, named, by one stranger through refund; batch 0 by another through cancel (no admin needed).
    const payer1 = await fundedWallet(s, 20 * ADA);
    const first = await refund(payer1, { batch: 1 });
    const b1 = ok(first);
    assert.deepEqual(
      [
        (first.body as { step: string }).step,
        (first.body as { batch: number }).batch,
        (first.body as { batchesRemaining: number }).batchesRemaining,
      ],
      ["batch", 1, 1],
    );
    await signAndSubmit(s, b1, [payer1]);
    rejected(await refund(payer1, { batch: 1 }), 400, /body\.batch is 1: batch 1 of tournament .* is paid already/);

    const payer2 = await fundedWallet(s, 20 * ADA);
    const second = await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
      adminAddress: payer2.address,
      utxos: await payer2.utxos(),
      ...V3,
    });
    const b0 = ok(second);
    assert.deepEqual(
      [
        (second.body as { step: string }).step,
        (second.body as { batch: number }).batch,
        (second.body as { batchesRemaining: number }).batchesRemaining,
      ],
      ["batch", 0, 0],
    );
    await signAndSubmit(s, b0, [payer2]);

    // Every seat paid once: the entry fee, at its seat's address, tagged [id, seat].
    const paid = [...(await outputsOfTx(s, b0.hash, 64)), ...(await outputsOfTx(s, b1.hash, 1))];
    const tags = paid.map((u) => u.output.plutusData);
    assert.equal(new Set(tags).size, BRACKET);
    seats.forEach((address, seat) => {
      const u = paid.find((p) => p.output.plutusData === encodePayoutTag(id, seat));
      assert.ok(u, `seat ${seat} is paid`);
      assert.equal(u.output.address, address);
      assert.equal(lovelaceOf(u), BigInt(FEE));
    });
    const after = (await getTournament(s, id)) as { batches: { paidBy: string | null }[] };
    assert.deepEqual(
      after.batches.map((b) => b.paidBy),
      [b0.hash, b1.hash],
    );
    rejected(
      await refund(payer1),
      400,
      /Nothing is left to refund in tournament .*: each of its 2 batches is paid already/,
    );
    t.diagnostic(`close fee ${close.fee}, batch of 64 fee ${b0.fee}, batch of 1 fee ${b1.fee}`);
  });
});
