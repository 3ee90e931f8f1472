// Issue #19, the service's side of contracts v2.1, over real HTTP on the devnet: the entry fee is 0
// or at least MIN_PAYOUT_LOVELACE; fixed payouts are key addresses; a free tournament's prizes are 0
// or at least bracketSize × MIN_PAYOUT_LOVELACE; a free registration holds at least
// MIN_PAYOUT_LOVELACE; a registration whose return would need the admin's money (overpaid by less
// than MIN_PAYOUT_LOVELACE, or tokens its lovelace cannot carry back) is listed invalid with the
// reason and never added; once the bracket is full a cancel or refund shares the deposit among
// the players; the tournament states that rule (exitRule); an output holding a tournament NFT
// whose datum the service cannot decode is shown as unreadable; a registration with a datum hash
// gets a correct message from unregister.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { scriptAddress, serializeAddressObj } from "@meshsdk/core";
import { encodeRegistrationDatum } from "../../src/tournament/datum.js";
import { MIN_PAYOUT_LOVELACE, MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import { checkClosed } from "../support/flows/tournament-variants.js";
import {
  ADA,
  assertTagged,
  getTournament,
  ok,
  onContract,
  rejected,
  signAndSubmit,
  tipOf,
  tournamentCalls,
  type Tournament,
} from "../support/tournament-api.js";
import { bodyHash, witnessDatums } from "../support/tx-decode.js";
import { lovelaceOf, outputsFrom, utxosAt } from "../support/utxos.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const ENTRY = 10 * ADA;
const EXIT_RULE =
  "Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, " +
  "or a cancel or refund that shares the entry fees and the prize deposit equally among the players.";
const scriptAddr = serializeAddressObj(scriptAddress("cd".repeat(28)), 0);
/** MIN_PAYOUT_LOVELACE as the messages word it, and the same escaped for a RegExp. */
const MIN_WORDS = `${MIN_PAYOUT_LOVELACE} lovelace (MIN_PAYOUT_LOVELACE, ${Number(MIN_PAYOUT_LOVELACE) / 1e6} ADA)`;
const MIN_RE = MIN_WORDS.replace(/[().]/g, "\\$&");

describe("issue 19: the service's side of contracts v2.1", () => {
  let s: RunningService;
  let admin: Funded;
  let p: Funded[];
  const api = tournamentCalls(() => s);

  const create = async (body: Record<string, unknown>) =>
    s.request<"createTournament">("POST", "/tournaments", {
      name: "v2.1 cup",
      adminAddress: admin.address,
      bracketSize: 2,
      entryFee: ENTRY,
      payoutStructure: [],
      utxos: await admin.utxos(),
      ...body,
    });
  /** Sends `lovelace` (and `assets`) from `w` to a registration address, with `w`'s address as datum (inline, or by hash). */
  const byHand = async (
    w: Funded,
    address: string,
    lovelace: number,
    more: { assets?: unknown[]; hashed?: boolean } = {},
  ): Promise<string> => {
    const datum = encodeRegistrationDatum(w.address);
    const hand = await s.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: w.address,
      utxos: await w.utxos(),
      outputs: [
        {
          address,
          lovelace,
          ...(more.assets ? { assets: more.assets } : {}),
          datum: { type: more.hashed ? "hash" : "inline", value: datum },
        },
      ],
    });
    assert.equal(hand.status, 200, JSON.stringify(hand.body));
    await signAndSubmit(s, hand.body, [w]);
    return `${hand.body.hash}#0`;
  };
  const registrations = async (id: string) => {
    const r = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return new Map<string, { valid: boolean; reason?: string; paidFeesLovelace: string }>(
      r.body.results.map((x) => [x.outputRef, x]),
    );
  };

  before(async () => {
    // v2.1's rules and figures: every tournament request names contractVersion "2.1.0" (v3 is the default).
    s = onContract(await startService(), "2.1.0");
    admin = await fundedWallet(s, 3000 * ADA);
    p = [];
    for (let i = 0; i < 6; i++) p.push(await fundedWallet(s, 300 * ADA));
  });
  after(async () => {
    await s?.close();
  });

  describe("create", () => {
    it("takes an entry fee of 0 or at least MIN_PAYOUT_LOVELACE, and refuses one between, naming the field and the limit", async () => {
      rejected(
        await create({ entryFee: 1_000_000 }),
        400,
        new RegExp(
          `body\\.entryFee is 1000000 lovelace: an entry fee is 0 \\(free to enter\\) or at least ${MIN_RE}, the smallest payment the contract lets an output carry on its own`,
        ),
      );
      rejected(await create({ entryFee: 1 }), 400, /body\.entryFee is 1 lovelace/);
      ok(await create({ entryFee: 0 }));
      // At the limit: accepted when it also covers a registration output's ledger minimum with a base
      // address as datum (1,232,660 lovelace on the devnet), else refused for that, naming the minimum.
      const atLimit = await create({ entryFee: Number(MIN_PAYOUT_LOVELACE) });
      if (MIN_PAYOUT_LOVELACE >= 1_232_660n) ok(atLimit);
      else
        rejected(
          atLimit,
          400,
          /body\.entryFee is \d+ lovelace, below the 1232660 lovelace the ledger asks of a registration output holding it \(with a base address as its datum\)/,
        );
      rejected(
        await create({ entryFee: 1_230_000 }),
        400,
        /body\.entryFee is 1230000 lovelace(: an entry fee is 0|, below the 1232660 lovelace the ledger asks of a registration output)/,
      );
    });
    it("refuses a fixed payout to a script address, naming the field", async () => {
      rejected(
        await create({ fixedPayouts: [[scriptAddr, 2 * ADA]] }),
        400,
        /body\.fixedPayouts\[0\]\[0\] must be an address with a key payment credential \(not a script\): the contract pays fixed payouts to key addresses only/,
      );
    });
    it("refuses a free tournament whose prizes are positive but below bracketSize × MIN_PAYOUT_LOVELACE", async () => {
      rejected(
        await create({
          entryFee: 0,
          bracketSize: 4,
          payoutStructure: [2 * ADA],
          fixedPayouts: [[p[0]!.address, 2 * ADA]],
        }),
        400,
        new RegExp(
          `A free tournament's prizes \\(body\\.payoutStructure and body\\.fixedPayouts together: 4000000 lovelace\\) must be 0 or at least body\\.bracketSize × ${MIN_RE} = ${4n * MIN_PAYOUT_LOVELACE} lovelace: once the bracket is full, a cancel or refund shares them equally among the players`,
        ),
      );
      const least = 4n * MIN_PAYOUT_LOVELACE;
      assert.equal(
        ok(await create({ entryFee: 0, bracketSize: 4, payoutStructure: [2 * ADA, String(least - 2_000_000n)] }))
          .deposit,
        String(least),
      );
    });
  });

  describe("a paid tournament: registrations whose return the admin would fund, and a full bracket's cancel", () => {
    let id = "";
    let regAddress = "";
    const refs = { honest: "", dust: "", overpaid: "", tokenPoor: "", tokenRich: "", hashed: "" };
    // Bracket 4, entry 10 ADA, prizes 45 ADA + 3 lovelace: a deposit of 5,000,003 lovelace, shared 1,250,000 each and 3 more to participant 0.
    const PRIZE = 45 * ADA + 3;

    before(async () => {
      const built = await api.create(admin, {
        name: "Shared cup",
        bracketSize: 4,
        entryFee: ENTRY,
        payoutStructure: [PRIZE],
      });
      id = built.tournamentId!;
      assert.equal(built.deposit, "5000003");
      regAddress = (await getTournament(s, id)).registrationAddress!;
      // A token for the registrations that carry one.
      const minter = p[5]!;
      const schema = { type: "sig", keyHash: minter.keyHash };
      const policyId = (await s.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", { schema }))
        .body.policyId as string;
      const minted = await s.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: minter.address,
        utxos: await minter.utxos(),
        preloadedScripts: [{ type: "simple", script: schema, hash: policyId }],
        mint: [{ version: "cip25", assetName: { name: "Gold", format: "utf8" }, policyId, quantity: 10 }],
      });
      assert.equal(minted.status, 200, JSON.stringify(minted.body));
      await signAndSubmit(s, minted.body, [minter]);
      const gold = (quantity: number) => [{ policyId, assetName: Buffer.from("Gold").toString("hex"), quantity }];

      refs.honest = (await api.register(id, p[0]!)).outputRef;
      refs.dust = await byHand(p[1]!, regAddress, ENTRY + 500_000);
      refs.overpaid = await byHand(p[2]!, regAddress, ENTRY + 2 * ADA);
      refs.tokenPoor = await byHand(p[5]!, regAddress, ENTRY + 300_000, { assets: gold(1) });
      refs.tokenRich = await byHand(p[5]!, regAddress, ENTRY + 2 * ADA, { assets: gold(2) });
      refs.hashed = await byHand(p[4]!, regAddress, ENTRY, { hashed: true });
    });

    it("lists an overpayment below MIN_PAYOUT_LOVELACE, and any registration carrying tokens, as invalid with the reason", async () => {
      const listed = await registrations(id);
      assert.deepEqual(
        { ...listed.get(refs.honest) },
        { address: p[0]!.address, outputRef: refs.honest, valid: true, paidFeesLovelace: String(ENTRY) },
      );
      const dust = listed.get(refs.dust)!;
      assert.equal(dust.valid, false);
      assert.equal(
        dust.reason,
        `It is overpaid by 500000 lovelace, less than the ${MIN_WORDS} a returned output needs: the contract ` +
          `refuses to add it (nobody can make the admin fund its return); its registrant can take it back with POST /tournaments/${id}/unregister.`,
      );
      assert.equal(listed.get(refs.overpaid)!.valid, true);
      assert.equal(listed.get(refs.overpaid)!.reason, undefined);
      // Contracts v2.1 (after the independent review) add registrations of ada alone: whatever lovelace comes with the tokens.
      for (const ref of [refs.tokenPoor, refs.tokenRich]) {
        const withTokens = listed.get(ref)!;
        assert.equal(withTokens.valid, false);
        assert.equal(
          withTokens.reason,
          "It carries a token besides ada: the contract adds only registrations of ada alone (returning tokens would cost the admin " +
            `their output's minimum); its registrant can take it back with POST /tournaments/${id}/unregister.`,
        );
      }
    });

    it("never adds them: a 400 naming the registration, and their registrant takes them back", async () => {
      const add = async (list: { address: string; outputRef: string }[]) =>
        s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          adminAddress: admin.address,
          registrations: list,
          utxos: await admin.utxos(),
        });
      rejected(
        await add([
          { address: p[0]!.address, outputRef: refs.honest },
          { address: p[1]!.address, outputRef: refs.dust },
        ]),
        400,
        new RegExp(
          `body\\.registrations\\[1\\] \\(${refs.dust}\\) cannot be added: it is overpaid by 500000 lovelace, less than the ${MIN_RE} a returned output needs`,
        ),
      );
      rejected(
        await add([{ address: p[5]!.address, outputRef: refs.tokenRich }]),
        400,
        new RegExp(
          `body\\.registrations\\[0\\] \\(${refs.tokenRich}\\) cannot be added: it carries a token besides ada: the contract adds only registrations of ada alone`,
        ),
      );
      const back = ok(
        await s.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
          registererAddress: p[1]!.address,
          outputRef: refs.dust,
          utxos: await p[1]!.utxos(),
        }),
      );
      await signAndSubmit(s, back, [p[1]!]);
      const returned = (await outputsFrom(s, p[1]!.address, back.hash)).find(
        (u) => lovelaceOf(u) === BigInt(ENTRY + 500_000),
      );
      assert.ok(returned, "the whole registration is back with its registrant");
    });

    it("refuses to unregister a registration whose datum is a hash, saying why and what to do", async () => {
      const listed = (await registrations(id)).get(refs.hashed)!;
      assert.equal(listed.valid, false);
      assert.match(
        listed.reason!,
        /^Its datum is a datum hash \([0-9a-f]{64}\), not an inline datum: the service reads and adds registrations with an inline datum only\.$/,
      );
      rejected(
        await s.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
          registererAddress: p[4]!.address,
          outputRef: refs.hashed,
          utxos: await p[4]!.utxos(),
        }),
        400,
        new RegExp(
          `body\\.outputRef ${refs.hashed} carries a datum hash \\([0-9a-f]{64}\\), not an inline datum: this service can only unregister registrations with an inline datum \\(the ones it builds\\)\\. ` +
            "The registration validator can still cancel it: its registrant builds a transaction of their own that spends it with the Cancel redeemer",
        ),
      );
    });

    it("adds the others, each return holding what was paid beyond the fee", async () => {
      const fourth = await api.register(id, p[3]!);
      const fifth = await api.register(id, p[5]!);
      const built = await api.add(id, admin, [
        { address: p[0]!.address, outputRef: refs.honest },
        { address: p[2]!.address, outputRef: refs.overpaid },
        { address: p[5]!.address, outputRef: fifth.outputRef },
        { address: p[3]!.address, outputRef: fourth.outputRef },
      ]);
      const t = await getTournament(s, id);
      assert.equal(t.status, "full");
      const back2 = (await outputsFrom(s, p[2]!.address, built.hash)).map(lovelaceOf);
      assert.deepEqual(back2, [BigInt(2 * ADA)]);
      assert.deepEqual(await outputsFrom(s, p[5]!.address, built.hash), [], "an exact entry fee returns nothing");
      // The token-carrying registrations are still there, pending, for their registrant to take back.
      const listed = await registrations(id);
      assert.equal(listed.get(refs.tokenRich)?.valid, false);
    });

    it("states the exit rule on the tournament and in the listing", async () => {
      const t = await getTournament(s, id);
      assert.equal(t.exitRule, EXIT_RULE);
      const list = await s.request<"listTournaments">("GET", "/tournaments");
      assert.ok(list.body.results!.every((x) => x.status === "unreadable" || x.exitRule === EXIT_RULE));
    });

    it("cancels the full bracket: each participant the entry fee and an equal share of the deposit, the rest to participant 0, the admin what is left", async () => {
      const t = await getTournament(s, id);
      const cancel = ok(
        await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
      );
      await signAndSubmit(s, cancel, [admin]);
      // Shares by hand: 5,000,003 lovelace among 4 is 1,250,000 each, 3 more to participant 0.
      const paid = t.participants!.map((_: string, k: number) => BigInt(ENTRY) + 1_250_000n + (k === 0 ? 3n : 0n));
      for (const [k, address] of (t.participants as string[]).entries())
        await assertTagged(s, cancel.hash, k, address, paid[k]!, id);
      await assertTagged(
        s,
        cancel.hash,
        4,
        admin.address,
        BigInt(t.lovelace) - paid.reduce((a: bigint, b: bigint) => a + b, 0n),
        id,
      );
      await checkClosed(s, { ...(t as Tournament), id }, cancel, "cancel");
    });
  });

  describe("a free tournament with prizes", () => {
    let id = "";
    let settleBy = 0;
    let free: { address: string; outputRef: string; hash: string }[] = [];

    it("builds registrations holding MIN_PAYOUT_LOVELACE, and returns each whole when added", async () => {
      settleBy = (await tipOf(s)).time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
      const built = await api.create(admin, {
        name: "Free shared cup",
        bracketSize: 2,
        entryFee: 0,
        payoutStructure: [3 * ADA + 1],
        settleBy,
      });
      id = built.tournamentId!;
      free = [];
      for (const w of [p[0]!, p[1]!]) free.push(await api.register(id, w));
      for (const r of free) {
        const [u] = await outputsFrom(s, (await getTournament(s, id)).registrationAddress!, r.hash);
        assert.equal(
          lovelaceOf(u!),
          MIN_PAYOUT_LOVELACE,
          "a free registration holds MIN_PAYOUT_LOVELACE (more than its min-UTxO)",
        );
      }
      const listed = await registrations(id);
      assert.ok([...listed.values()].every((r) => r.valid));
      const added = await api.add(
        id,
        admin,
        free.map(({ address, outputRef }) => ({ address, outputRef })),
      );
      for (const w of [p[0]!, p[1]!])
        assert.deepEqual((await outputsFrom(s, w.address, added.hash)).map(lovelaceOf), [MIN_PAYOUT_LOVELACE]);
      assert.equal((await getTournament(s, id)).status, "full");
    });

    it("is refunded after the deadline by anyone, the deposit shared: 1.5 ADA each and 1 lovelace more to participant 0", async () => {
      const r = await s.request<"advanceDevnetClock">("POST", "/devnet/advance", {
        seconds: (MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000,
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const t = await getTournament(s, id);
      assert.equal(t.status, "expired");
      const refund = ok(
        await s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, { utxos: await p[4]!.utxos() }),
      );
      await signAndSubmit(s, refund, [p[4]!]);
      for (const [k, address] of (t.participants as string[]).entries())
        await assertTagged(s, refund.hash, k, address, 1_500_000n + (k === 0 ? 1n : 0n), id);
      await checkClosed(s, { ...t, id }, refund, "refund");
    });
  });

  describe("an output holding a tournament NFT whose datum the service cannot decode", () => {
    let id = "";
    let outputRef = "";

    before(async () => {
      // The contract takes any name of at most 64 bytes; the service reads names as UTF-8. The
      // creation is built with a readable name, then its bytes are swapped for as many 0xff
      // (not UTF-8) before signing: same size, same script budget.
      const built = ok(await create({ name: "ZZZZZZZZ", payoutStructure: [] }));
      const readable = `48${Buffer.from("ZZZZZZZZ").toString("hex")}`;
      assert.equal(built.complete.split(readable).length, 2, "the name's bytes occur once");
      const complete = built.complete.replace(readable, `48${"ff".repeat(8)}`);
      assert.deepEqual(witnessDatums(complete), witnessDatums(built.complete));
      await signAndSubmit(s, { complete, hash: bodyHash(complete) }, [admin]);
      id = built.tournamentId!;
      outputRef = `${bodyHash(complete)}#0`;
    });

    it("answers GET /tournaments/{id} with status unreadable, the value held, and why", async () => {
      const t = await getTournament(s, id);
      const [u] = (await utxosAt(s, t.address!)).filter(
        (x) => `${x.input.txHash}#${x.input.outputIndex}` === outputRef,
      );
      assert.ok(u, "the output is on chain");
      assert.deepEqual(t, {
        tournamentId: id,
        status: "unreadable",
        reason:
          "Its inline datum does not decode as a tournament datum of this service: exactly [config, participants], a configuration of eight " +
          "fields whose name is UTF-8 and whose addresses are canonical key addresses of this network, and canonical CBOR.",
        outputRef,
        address: u.output.address,
        lovelace: lovelaceOf(u).toString(),
        value: [
          { unit: "lovelace", quantity: lovelaceOf(u).toString() },
          { unit: t.policyId + id, quantity: "1" },
        ],
        contractTitle: "cardano-tx-service/tournament",
        contractVersion: "2.1.0",
        policyId: t.policyId,
      });
    });

    it("lists it, and every building endpoint refuses it with the reason", async () => {
      const list = await s.request<"listTournaments">("GET", "/tournaments");
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const listed = list.body.results.find((x: { tournamentId: string }) => x.tournamentId === id);
      assert.equal(listed?.status, "unreadable");
      const why = new RegExp(
        `^Tournament ${id} is unreadable: its NFT is held by output ${outputRef} \\(\\d+ lovelace\\), but its inline datum does not decode`,
      );
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: p[0]!.address,
          utxos: await p[0]!.utxos(),
        }),
        400,
        why,
      );
      rejected(
        await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
        400,
        why,
      );
      rejected(await s.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`), 400, why);
    });
  });
});
