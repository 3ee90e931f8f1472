// Continuity (issue #23 item 5): tournaments under contracts v2.1 stay readable, addable,
// settleable and refundable through `contractVersion: "2.1.0"` beside v3, over real HTTP on the
// devnet with real signatures; GET /tournaments/{id} and its registrations find one by its ID
// alone, with no version; under the other version it is a 404, and a building request without a
// version (v3's, the default) a 404 that names the version to send.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { isDevnet } from "../../src/chain/port.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, rejected, signAndSubmit, tipOf } from "../support/tournament-api.js";
import { outputsOfTx } from "../support/v3-contract.js";
import { lovelaceOf } from "../support/utxos.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const V21 = { contractVersion: "2.1.0" } as const;
const FEE = 3 * ADA;

describe("contracts v2.1 beside v3", () => {
  let s: RunningService;
  let admin: Funded;
  let players: Funded[];
  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 200 * ADA);
    players = await Promise.all([0, 1, 2, 3].map(() => fundedWallet(s, 30 * ADA)));
  });
  after(async () => {
    await s?.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        ...V21,
        ...body,
      }),
    );
    await signAndSubmit(s, built, [admin]);
    return built.tournamentId!;
  };
  const registerAll = async (id: string, who: readonly Funded[]) => {
    const regs: { address: string; outputRef: string }[] = [];
    for (const p of who) {
      const built = ok(
        await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: p.address,
          utxos: await p.utxos(),
          ...V21,
        }),
      );
      await signAndSubmit(s, built, [p]);
      regs.push({ address: p.address, outputRef: built.outputRef! });
    }
    return regs;
  };

  it("creates a v2.1 tournament, reads it without a version, adds and settles it through 2.1.0", async () => {
    const id = await create({ name: "v2.1 cup", bracketSize: 2, entryFee: String(FEE), payoutStructure: ["5000000"] });
    const read = await getTournament(s, id);
    assert.equal(read.contractVersion, "2.1.0");
    assert.equal(read.status, "open");
    const other = await s.request<"getTournament">("GET", `/tournaments/${id}?contractVersion=3.0.0`);
    assert.equal(other.status, 404, JSON.stringify(other.body));
    // A building request without a version looks under the default, v3, only: its 404 names the version to send.
    rejected(
      await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
        registererAddress: players[0]!.address,
        utxos: await players[0]!.utxos(),
      }),
      404,
      new RegExp(
        `^No tournament ${id} under contract "cardano-tx-service/tournament" version "3\\.0\\.0": .* Tournament ${id} is one of ` +
          `contract "cardano-tx-service/tournament" version "2\\.1\\.0": send contractVersion "2\\.1\\.0" with the request\\.$`,
      ),
    );
    const regs = await registerAll(id, players.slice(0, 2));
    const listed = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(
      listed.body.results.map((r) => r.valid),
      [true, true],
    );

    const addAnswer = await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
      adminAddress: admin.address,
      registrations: regs,
      utxos: await admin.utxos(),
      ...V21,
    });
    const added = ok(addAnswer);
    const counts = addAnswer.body as { participantCount: number; seatsLeft: number };
    assert.deepEqual([counts.participantCount, counts.seatsLeft], [2, 0]);
    await signAndSubmit(s, added, [admin]);
    const full = (await getTournament(s, id)) as { status: string; participants: string[] };
    assert.equal(full.status, "full");

    const winner = full.participants[1]!;
    const settled = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        adminAddress: admin.address,
        results: [winner, full.participants[0]!],
        utxos: await admin.utxos(),
        ...V21,
      }),
    );
    await signAndSubmit(s, settled, [admin]);
    const [prize] = await outputsOfTx(s, settled.hash, 1);
    assert.equal(prize!.output.address, winner);
    assert.equal(lovelaceOf(prize!), 5_000_000n);
    assert.equal(prize!.output.plutusData, encodePayoutTag(id, 0));
    const ended = (await getTournament(s, id)) as { status: string; results: string[]; contractVersion: string };
    assert.deepEqual([ended.status, ended.results, ended.contractVersion], ["settled", [winner], "2.1.0"]);
  });

  it("refunds another v2.1 tournament through 2.1.0 after its deadline: one transaction, no batches", async () => {
    const tip = await tipOf(s);
    const id = await create({
      name: "v2.1 refund",
      bracketSize: 3,
      entryFee: String(FEE),
      payoutStructure: ["5000000"],
      settleBy: tip.time + 20 * 60_000,
    });
    const regs = await registerAll(id, players.slice(2, 4));
    const added = ok(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
        adminAddress: admin.address,
        registrations: regs,
        utxos: await admin.utxos(),
        ...V21,
      }),
    );
    await signAndSubmit(s, added, [admin]);
    const seats = ((await getTournament(s, id)) as { participants: string[] }).participants;
    const chain = s.app.chain!;
    assert.ok(isDevnet(chain));
    await chain.advance(25 * 60);

    const stranger = await fundedWallet(s, 30 * ADA);
    const refund = async (extra: Record<string, unknown> = {}) =>
      s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, {
        address: stranger.address,
        utxos: await stranger.utxos(),
        ...V21,
        ...extra,
      });
    rejected(await refund({ batch: 0 }), 400, /body\.batch is given, but contract version 2\.1\.0 .* has no batches/);
    const answer = await refund();
    const built = ok(answer);
    const step = answer.body as { step: string; batchesRemaining: number; batch?: number };
    assert.deepEqual([step.step, step.batchesRemaining, step.batch], ["close", 0, undefined]);
    await signAndSubmit(s, built, [stranger]);
    const outs = await outputsOfTx(s, built.hash, seats.length);
    seats.forEach((address, k) => {
      assert.equal(outs[k]!.output.address, address);
      assert.equal(lovelaceOf(outs[k]!), BigInt(FEE));
      assert.equal(outs[k]!.output.plutusData, encodePayoutTag(id, k));
    });
    const ended = (await getTournament(s, id)) as { status: string; contractVersion: string; batches?: unknown };
    assert.deepEqual([ended.status, ended.contractVersion, ended.batches], ["refunded", "2.1.0", undefined]);
    rejected(await refund(), 404, /No tournament \w+ under contract .* version "2\.1\.0".*it ended/);
    // Without a version: the default's 404, and the version that holds it (ended: then its own 404).
    rejected(
      await refund({ contractVersion: undefined }),
      404,
      /version "3\.0\.0": no output of this contract holds or held its NFT\. .* send contractVersion "2\.1\.0" with the request\.$/,
    );
  });
});
