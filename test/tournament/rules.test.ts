// Every check the service makes before building a tournament transaction (400 with its message),
// the 404s (unknown tournament, unknown or retired contract deployment), pagination, and
// registrations with datums that are not exactly a key address, listed as invalid. One service and
// three tournaments for all of it; the deadline's rules are in deadline.test.ts (they
// move the clock).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { randomBytes } from "node:crypto";
import { pubKeyAddress, scriptAddress, serializeAddressObj } from "@meshsdk/core";
import type { UTxO } from "@meshsdk/common";
import { Serialization, TxCBOR } from "@meshsdk/core-cst";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import { encodeRegistrationDatum } from "../../src/tournament/datum.js";
import { registrationOf } from "../../src/tournament/read.js";
import { MAX_SETTLE_WINDOW_MS, MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, rejected, signAndSubmit, tipOf } from "../support/tournament-api.js";
import { build, signAndSubmit as submitTx } from "../support/transactions-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const ENTRY = 10 * ADA;
const mainnetAddress = serializeAddressObj(pubKeyAddress("ab".repeat(28)), 1);
const scriptAddr = serializeAddressObj(scriptAddress("cd".repeat(28)), 0);
const keyless = () => serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex")), 0);

describe("tournament rules", () => {
  let s: RunningService;
  let admin: Funded;
  let other: Funded;
  let p: Funded[];
  let A = ""; // bracket 2, two placements: the rules of adding and settling
  let B = ""; // bracket 2: "another tournament"
  let C = ""; // a third one, for pagination
  let regAddressA = "";
  const regA = new Map<Funded, string>();
  let regB1 = "";

  const create = async (body: Record<string, unknown>) =>
    s.request<"createTournament">("POST", "/tournaments", {
      name: "Rules cup",
      adminAddress: admin.address,
      bracketSize: 2,
      entryFee: ENTRY,
      payoutStructure: [12 * ADA, 5 * ADA],
      utxos: await admin.utxos(),
      ...body,
    });
  const createSubmitted = async (body: Record<string, unknown> = {}): Promise<string> => {
    const built = ok(await create(body));
    await signAndSubmit(s, { complete: built.complete!, hash: built.hash! }, [admin]);
    return built.tournamentId!;
  };
  const registerSubmitted = async (id: string, w: Funded): Promise<string> => {
    const built = ok(
      await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
        tournamentId: id,
        registererAddress: w.address,
        utxos: await w.utxos(),
      }),
    );
    await signAndSubmit(s, { complete: built.complete!, hash: built.hash! }, [w]);
    return built.outputRef!;
  };
  const add = async (id: string, registrations: { address: string; outputRef: string }[], by: Funded = admin) =>
    s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
      tournamentId: id,
      adminAddress: by.address,
      registrations,
      utxos: await by.utxos(),
    });
  const settle = async (id: string, results: string[], by: Funded = admin) =>
    s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
      tournamentId: id,
      adminAddress: by.address,
      results,
      utxos: await by.utxos(),
    });

  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 2000 * ADA);
    other = await fundedWallet(s, 200 * ADA);
    p = [];
    for (let i = 0; i < 3; i++) p.push(await fundedWallet(s, 200 * ADA));
    A = await createSubmitted();
    B = await createSubmitted({ payoutStructure: [15 * ADA] });
    C = await createSubmitted({ name: "Third", payoutStructure: [] });
    regAddressA = (await s.request<"getTournament">("GET", `/tournaments/${A}`)).body.registrationAddress!;
    for (const w of p) regA.set(w, await registerSubmitted(A, w));
    regB1 = await registerSubmitted(B, p[0]!);
  });
  after(async () => {
    await s?.close();
  });

  describe("create", () => {
    it("refuses a name over 64 bytes of UTF-8", async () => {
      rejected(await create({ name: "é".repeat(33) }), 400, /body\.name is 66 bytes of UTF-8; at most 64/);
    });
    it("refuses a v2.1 bracket outside 2..64, saying why and naming v3's 1,024", async () => {
      rejected(
        await create({ bracketSize: 1, payoutStructure: [], contractVersion: "2.1.0" }),
        400,
        /body\.bracketSize must be a whole number from 2 to 64/,
      );
      rejected(
        await create({ bracketSize: 65, contractVersion: "2.1.0" }),
        400,
        /body\.bracketSize is 65: contract version 2\.1\.0 takes brackets of 2 to 64 \(its datum holds every participant\); version 3\.0\.0 takes up to 1,024/,
      );
      // 64 itself is accepted (test/slow/tournament-limits fills and settles it).
      ok(await create({ bracketSize: 64, contractVersion: "2.1.0" }));
    });
    it("refuses more than 32 placements or 8 fixed payouts: one settlement pays them all", async () => {
      const big = { bracketSize: 64, entryFee: 100 * ADA };
      rejected(
        await create({ ...big, payoutStructure: Array.from({ length: 33 }, () => 2 * ADA) }),
        400,
        /body\.payoutStructure has 33 placements; at most 32 are allowed: .*ledger's execution limits\. Pay fewer placements/,
      );
      rejected(
        await create({
          ...big,
          payoutStructure: [],
          fixedPayouts: Array.from({ length: 9 }, () => [keyless(), 2 * ADA]),
        }),
        400,
        /fixedPayouts/,
      );
      ok(
        await create({
          ...big,
          payoutStructure: Array.from({ length: 32 }, () => 2 * ADA),
          fixedPayouts: Array.from({ length: 8 }, () => [keyless(), 2 * ADA]),
        }),
      );
    });
    it("refuses more placements than the bracket", async () => {
      rejected(
        await create({ payoutStructure: [ADA * 2, ADA * 2, ADA * 2] }),
        400,
        /payoutStructure has 3 placements, more than the bracket's 2/,
      );
    });
    it("refuses a prize below the ledger minimum of its output", async () => {
      rejected(
        await create({ payoutStructure: [1000] }),
        400,
        /body\.payoutStructure\[0\] is 1000 lovelace, below the \d+ lovelace a prize output needs/,
      );
      rejected(
        await create({ payoutStructure: [], fixedPayouts: [[keyless(), 999]] }),
        400,
        /body\.fixedPayouts\[0\] pays 999 lovelace, below/,
      );
    });
    it("takes prizes above a full bracket's entry fees with a deposit of the difference, and free tournaments", async () => {
      // 21 ADA of prizes, 20 ADA of entry fees: a 1 ADA deposit.
      assert.equal(
        ok(await create({ payoutStructure: [15 * ADA], fixedPayouts: [[keyless(), 6 * ADA]] })).deposit,
        String(1 * ADA),
      );
      assert.equal(ok(await create({ entryFee: undefined, payoutStructure: [3 * ADA] })).deposit, String(3 * ADA));
      assert.equal(ok(await create({ entryFee: "0", payoutStructure: [] })).deposit, "0");
      assert.equal(ok(await create({})).deposit, "0");
    });
    it("refuses entry fees or prizes above the ada supply, naming the limit", async () => {
      rejected(
        await create({ bracketSize: 64, entryFee: "1000000000000000", payoutStructure: [] }),
        400,
        /body\.bracketSize × body\.entryFee = 64000000000000000 lovelace\).*at most 45000000000000000 lovelace \(MAX_LOVELACE/,
      );
      rejected(
        await create({ payoutStructure: ["46000000000000000"] }),
        400,
        /prizes .*46000000000000000 lovelace\) must each stay at most 45000000000000000 lovelace \(MAX_LOVELACE/,
      );
    });
    it("takes a settleBy from 10 minutes to 365 days after the chain's time, and refuses others naming the bound and the times in UTC", async () => {
      const tip = await tipOf(s);
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\./g, "\\.");
      const early = tip.time + MIN_SETTLE_WINDOW_MS - 60_000;
      rejected(
        await create({ settleBy: early }),
        400,
        new RegExp(
          `body\\.settleBy is ${early} \\(${iso(early)}\\): it must be at least 10 minutes \\(MIN_SETTLE_WINDOW_MS, 600000 ms\\) after the chain's time now \\(\\S+Z\\), that is \\d+ \\(\\S+Z\\) or later`,
        ),
      );
      const late = tip.time + MAX_SETTLE_WINDOW_MS + 3_600_000;
      rejected(
        await create({ settleBy: late }),
        400,
        new RegExp(
          `body\\.settleBy is ${late} \\(${iso(late)}\\): it must be at most 365 days \\(MAX_SETTLE_WINDOW_MS, 31536000000 ms\\) after the chain's time now`,
        ),
      );
      rejected(
        await create({ settleBy: 0 }),
        400,
        /body\.settleBy is 0 \(1970-01-01T00:00:00\.000Z\): it must be at least 10 minutes/,
      );
      // Seconds instead of milliseconds: refused with the milliseconds it probably means, never converted.
      const seconds = Math.floor((tip.time + 30 * 24 * 3_600_000) / 1000);
      rejected(
        await create({ settleBy: seconds }),
        400,
        new RegExp(
          `^body\\.settleBy is ${seconds}, which looks like seconds: settleBy is in milliseconds since the Unix epoch \\(1970-01-01T00:00:00Z\\)\\. ` +
            `You probably meant ${seconds * 1000} \\(${iso(seconds * 1000)}\\)\\.$`,
        ),
      );
      rejected(await create({ settleBy: 1.5 }), 400, /settleBy/);
      rejected(await create({ settleBy: "soon" }), 400, /settleBy/);
      // Both ends are accepted (a little inside, for the time the request takes).
      const near = ok(await create({ settleBy: tip.time + MIN_SETTLE_WINDOW_MS + 60_000 }));
      assert.equal(near.settleBy, tip.time + MIN_SETTLE_WINDOW_MS + 60_000);
      ok(await create({ settleBy: tip.time + MAX_SETTLE_WINDOW_MS - 60_000 }));
    });
    it("refuses an admin address that is a script, and addresses of mainnet", async () => {
      rejected(
        await create({ adminAddress: scriptAddr }),
        400,
        /body\.adminAddress must be an address with a key payment credential/,
      );
      rejected(
        await create({ adminAddress: mainnetAddress }),
        400,
        /body\.adminAddress is a mainnet address, but this instance serves devnet/,
      );
      rejected(
        await create({ fixedPayouts: [[mainnetAddress, 2 * ADA]] }),
        400,
        /body\.fixedPayouts\[0\]\[0\] is a mainnet address/,
      );
    });
    it("refuses pointer addresses wherever a tournament datum would hold them (admin, fixed payout, registrant)", async () => {
      // CIP-19's testnet pointer vector: a key payment credential, stake pointer (2498243, 27, 3).
      const pointer = "addr_test1gz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrdw5vky";
      const why =
        /is a pointer address: tournaments hold base or enterprise addresses only .*Use the base or enterprise address/;
      rejected(await create({ adminAddress: pointer }), 400, new RegExp(`body\\.adminAddress ${why.source}`));
      rejected(
        await create({ fixedPayouts: [[pointer, 2 * ADA]] }),
        400,
        new RegExp(`body\\.fixedPayouts\\[0\\]\\[0\\] ${why.source}`),
      );
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${B}/register`, {
          tournamentId: B,
          registererAddress: pointer,
          utxos: await p[1]!.utxos(),
        }),
        400,
        new RegExp(`body\\.registererAddress ${why.source}`),
      );
    });
    it("refuses a seed that is already spent", async () => {
      const spent = (await admin.utxos())[0]!;
      await createSubmitted({ name: "Spends the seed", payoutStructure: [], utxos: [spent] });
      rejected(
        await create({ utxos: [spent, ...(await admin.utxos())] }),
        400,
        /body\.utxos\[0\] \(.+#\d+\) is spent or unknown on chain/,
      );
    });
    it("answers 404 for an unknown contractTitle or contractVersion, and for the retired v1, naming what exists", async () => {
      rejected(
        await create({ contractTitle: "someone/else" }),
        404,
        /No tournament contract deployment "someone\/else" version "3\.0\.0"/,
      );
      rejected(await create({ contractVersion: "9.9.9" }), 404, /version "9\.9\.9"/);
      rejected(
        await create({ contractVersion: "1.0.0" }),
        404,
        /No tournament contract deployment "cardano-tx-service\/tournament" version "1\.0\.0": this service knows "cardano-tx-service\/tournament" version "3\.0\.0" and "cardano-tx-service\/tournament" version "2\.1\.0"\.$/,
      );
      ok(await create({ contractTitle: "cardano-tx-service/tournament", contractVersion: "3.0.0" }));
      ok(await create({ contractTitle: "cardano-tx-service/tournament", contractVersion: "2.1.0" }));
    });
  });

  describe("lookups and listings", () => {
    it("answers 404 for an unknown tournament on every endpoint", async () => {
      const unknown = "ab".repeat(32);
      rejected(await s.request<"getTournament">("GET", `/tournaments/${unknown}`), 404, /No tournament abab/);
      rejected(
        await s.request<"listTournamentRegistrations">("GET", `/tournaments/${unknown}/registrations`),
        404,
        /No tournament abab/,
      );
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${unknown}/register`, {
          tournamentId: unknown,
          registererAddress: p[0]!.address,
          utxos: await p[0]!.utxos(),
        }),
        404,
        /No tournament abab/,
      );
      rejected(await add(unknown, [{ address: p[0]!.address, outputRef: regB1 }]), 404, /No tournament abab/);
      rejected(await settle(unknown, [p[0]!.address]), 404, /No tournament abab/);
      rejected(
        await s.request<"cancelTournament">("POST", `/tournaments/${unknown}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
        404,
        /No tournament abab/,
      );
      rejected(
        await s.request<"refundTournament">("POST", `/tournaments/${unknown}/refund`, { utxos: await other.utxos() }),
        404,
        /No tournament abab/,
      );
      // A malformed ID or a body naming another tournament: 400.
      rejected(
        await s.request<"cancelTournament">("POST", `/tournaments/xyz/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
        400,
        /tournamentId/,
      );
      rejected(
        await s.request<"refundTournament">("POST", `/tournaments/xyz/refund`, { utxos: await other.utxos() }),
        400,
        /tournamentId/,
      );
      rejected(
        await s.request<"refundTournament">("POST", `/tournaments/${A}/refund`, {
          tournamentId: B,
          utxos: await other.utxos(),
        }),
        400,
        /body\.tournamentId differs from the tournamentId of the path/,
      );
      rejected(
        await s.request<"unregisterFromTournament">("POST", `/tournaments/${unknown}/unregister`, {
          tournamentId: unknown,
          registererAddress: p[0]!.address,
          outputRef: `${"0".repeat(64)}#0`,
          utxos: await p[0]!.utxos(),
        }),
        404,
        /No tournament abab/,
      );
    });
    it("answers 404 for an unknown deployment on the listings", async () => {
      rejected(
        await s.request<"listTournaments">("GET", "/tournaments?contractTitle=nope"),
        404,
        /No tournament contract deployment "nope"/,
      );
      rejected(
        await s.request<"getTournament">("GET", `/tournaments/${A}?contractVersion=0.0.1`),
        404,
        /version "0\.0\.1"/,
      );
      rejected(
        await s.request<"listTournamentRegistrations">("GET", `/tournaments/${A}/registrations?contractVersion=0.0.1`),
        404,
        /version "0\.0\.1"/,
      );
      const ok200 = await s.request<"getTournament">(
        "GET",
        `/tournaments/${A}?contractTitle=cardano-tx-service/tournament&contractVersion=3.0.0`,
      );
      assert.equal(ok200.status, 200);
      rejected(
        await s.request<"getTournament">("GET", `/tournaments/${A}?contractVersion=1.0.0`),
        404,
        /version "1\.0\.0": this service knows .* version "3\.0\.0" and .* version "2\.1\.0"/,
      );
    });
    it("pages the tournaments with an opaque pageState (alias cursor), absent on the last page", async () => {
      const all = await s.request<"listTournaments">("GET", "/tournaments");
      assert.equal(all.status, 200);
      const ids: string[] = all.body.results.map((t: { tournamentId: string }) => t.tournamentId);
      assert.ok(ids.length >= 4);
      for (const id of [A, B, C]) assert.ok(ids.includes(id));
      assert.deepEqual(ids, [...ids].sort());
      assert.equal(all.body.pageState, undefined);
      assert.equal(all.body.cursor, null);
      const seen: string[] = [];
      let state: string | undefined;
      let pages = 0;
      do {
        const q: string =
          state === undefined
            ? "limit=2"
            : `limit=2&${pages % 2 === 0 ? "pageState" : "cursor"}=${encodeURIComponent(state)}`;
        const r = await s.request<"listTournaments">("GET", `/tournaments?${q}`);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.ok(r.body.results.length <= 2);
        seen.push(...r.body.results.map((t: { tournamentId: string }) => t.tournamentId));
        assert.equal(r.body.cursor, r.body.pageState ?? null, "cursor, and pageState under the hosted API's name");
        state = r.body.pageState;
        pages++;
      } while (state !== undefined && pages < 10);
      assert.deepEqual(seen, ids);
      assert.equal(pages, Math.ceil(ids.length / 2));
      rejected(
        await s.request<"listTournaments">("GET", "/tournaments?pageState=bm9wZQ"),
        400,
        /query\.pageState is not a pageState this service returned/,
      );
      rejected(await s.request<"listTournaments">("GET", "/tournaments?limit=0"), 400, /limit/);
      rejected(await s.request<"listTournaments">("GET", "/tournaments?limit=101"), 400, /limit/);
    });
    it("lists registrations whose datums are not exactly a key address as invalid, and never adds them", async () => {
      // Somebody sends outputs to the registration address: one with an integer datum, one without
      // any datum, one naming a script address. (A key address encoded otherwise than canonically
      // cannot be made on the devnet, whose ledger re-encodes inline datums: see the next test.)
      const w = other;
      const hand = await s.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: w.address,
        utxos: await w.utxos(),
        outputs: [
          { address: regAddressA, lovelace: 20 * ADA, datum: { type: "inline", value: "182a" } },
          { address: regAddressA, lovelace: 20 * ADA },
          {
            address: regAddressA,
            lovelace: 20 * ADA,
            datum: { type: "inline", value: encodeRegistrationDatum(scriptAddr) },
          },
        ],
      });
      assert.equal(hand.status, 200, JSON.stringify(hand.body));
      await signAndSubmit(s, hand.body, [w]);
      const r = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${A}/registrations?valid=false`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const junk = r.body.results.filter((x: { outputRef: string }) => x.outputRef.startsWith(hand.body.hash));
      assert.deepEqual(
        junk.sort((a: { outputRef: string }, b: { outputRef: string }) => (a.outputRef < b.outputRef ? -1 : 1)),
        [0, 1, 2].map((i) => ({
          address: i === 2 ? scriptAddr : null,
          outputRef: `${hand.body.hash}#${i}`,
          valid: false,
          reason: [
            "Its inline datum is not exactly the canonical encoding of an address: it names no registrant and cannot be added.",
            "It has no datum, so it names no registrant: it can never be added or cancelled.",
            `Its datum names a script address (${scriptAddr}): a participant must have a key payment credential, so it cannot be added.`,
          ][i],
          paidFeesLovelace: String(20 * ADA),
        })),
      );
      const valid = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${A}/registrations?valid=true`);
      assert.deepEqual(valid.body.results!.map((x) => x.address).sort(), p.map((w2) => w2.address).sort());
      // Such an output cannot be added.
      rejected(
        await add(A, [{ address: p[0]!.address, outputRef: `${hand.body.hash}#0` }]),
        400,
        /has no registrant address in its datum \(it is not exactly the canonical encoding of an address\): it cannot be added/,
      );
      rejected(
        await add(A, [{ address: p[0]!.address, outputRef: `${hand.body.hash}#1` }]),
        400,
        /has no registrant address in its datum/,
      );
      rejected(
        await add(A, [{ address: scriptAddr, outputRef: `${hand.body.hash}#2` }]),
        400,
        /body\.registrations\[0\] \(.+#2\) names a script address \(addr_test1\w+\) in its datum: a participant must have a key payment credential/,
      );
    });
    it("lists a key address encoded otherwise than canonically as no address (a registration as a real ledger keeps its datum)", () => {
      // Definite-length lists where the canonical encoding has indefinite ones: the same Plutus data, other bytes.
      const canonical = encodeRegistrationDatum(p[0]!.address);
      const pkh = canonical.slice("d8799fd8799f581c".length, "d8799fd8799f581c".length + 56);
      assert.equal(canonical, `d8799fd8799f581c${pkh}ffd87a80ff`);
      const utxo = (datum: string): UTxO => ({
        input: { txHash: "ab".repeat(32), outputIndex: 0 },
        output: { address: regAddressA, amount: [{ unit: "lovelace", quantity: String(20 * ADA) }], plutusData: datum },
      });
      assert.deepEqual(
        {
          address: registrationOf(utxo(canonical), BigInt(ENTRY), "devnet").address,
          valid: registrationOf(utxo(canonical), BigInt(ENTRY), "devnet").valid,
        },
        { address: p[0]!.address, valid: true },
      );
      const other = registrationOf(utxo(`d87982d87981581c${pkh}d87a80`), BigInt(ENTRY), "devnet");
      assert.deepEqual({ address: other.address, valid: other.valid }, { address: null, valid: false });
    });
  });

  describe("funds and deployments on the building endpoints", () => {
    it("says what is missing when the UTxOs cannot pay, or hold no collateral", async () => {
      const poor = await fundedWallet(s, 3 * ADA);
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${B}/register`, {
          tournamentId: B,
          registererAddress: poor.address,
          utxos: await poor.utxos(),
        }),
        400,
        /^Not enough ADA: .* missing\. Pass more or larger UTxOs in body\.utxos\.$/,
      );
      rejected(
        await create({ adminAddress: poor.address, utxos: await poor.utxos() }),
        400,
        /body\.utxos must include a UTxO holding only ADA, at least 5 ADA, at a key address \(or one that also holds tokens and enough ADA more to give them back\): the transaction runs a script and needs it as collateral/,
      );
    });
    it("takes a UTxO that also holds tokens as collateral, with a collateral return, when none holds only ADA", async () => {
      // A wallet after a mint: its one UTxO holds all its ADA and the tokens (the README walkthrough's second run met this).
      const minter = await fundedWallet(s, 100 * ADA);
      const schema = { type: "sig", keyHash: minter.keyHash };
      const policyId = (await s.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", { schema }))
        .body.policyId as string;
      const minted = await s.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: minter.address,
        utxos: await minter.utxos(),
        preloadedScripts: [{ type: "simple", script: schema, hash: policyId }],
        mint: [{ version: "cip25", assetName: { name: "Gold", format: "utf8" }, policyId, quantity: 1000 }],
      });
      assert.equal(minted.status, 200, JSON.stringify(minted.body));
      await signAndSubmit(s, minted.body, [minter]);
      const utxos = await minter.utxos();
      assert.ok(
        decodeUtxos(utxos, "utxos").every((u) => u.output.amount.length > 1),
        "every UTxO of the wallet holds tokens",
      );

      const created = ok(await create({ adminAddress: minter.address, utxos }));
      const body = Serialization.Transaction.fromCbor(TxCBOR(created.complete)).body();
      assert.equal(body.collateral()?.size(), 1);
      const back = body.collateralReturn();
      assert.ok(back, "a collateral return gives the tokens back should a script fail");
      assert.equal(back.amount().multiasset()?.size, 1);
      assert.equal(body.totalCollateral(), 5_000_000n);
      await signAndSubmit(s, created, [minter]);
      assert.equal((await getTournament(s, created.tournamentId as string)).status, "open");
    });
    it("answers 404 for an unknown deployment (the retired v1) on every building endpoint", async () => {
      const v = { contractVersion: "1.0.0" };
      const RETIRED =
        /version "1\.0\.0": this service knows "cardano-tx-service\/tournament" version "3\.0\.0" and "cardano-tx-service\/tournament" version "2\.1\.0"/;
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${B}/register`, {
          tournamentId: B,
          registererAddress: p[1]!.address,
          utxos: await p[1]!.utxos(),
          ...v,
        }),
        404,
        RETIRED,
      );
      rejected(
        await s.request<"unregisterFromTournament">("POST", `/tournaments/${B}/unregister`, {
          tournamentId: B,
          registererAddress: p[0]!.address,
          outputRef: regB1,
          utxos: await p[0]!.utxos(),
          ...v,
        }),
        404,
        RETIRED,
      );
      rejected(
        await s.request<"addTournamentParticipants">("POST", `/tournaments/${B}/participants`, {
          tournamentId: B,
          adminAddress: admin.address,
          registrations: [{ address: p[0]!.address, outputRef: regB1 }],
          utxos: await admin.utxos(),
          ...v,
        }),
        404,
        RETIRED,
      );
      rejected(
        await s.request<"settleTournament">("PATCH", `/tournaments/${B}/settle`, {
          tournamentId: B,
          adminAddress: admin.address,
          results: [p[0]!.address],
          utxos: await admin.utxos(),
          ...v,
        }),
        404,
        RETIRED,
      );
      rejected(
        await s.request<"cancelTournament">("POST", `/tournaments/${B}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
          ...v,
        }),
        404,
        RETIRED,
      );
      rejected(
        await s.request<"refundTournament">("POST", `/tournaments/${B}/refund`, { utxos: await other.utxos(), ...v }),
        404,
        RETIRED,
      );
    });
    it("pages registrations by number (alias cursor) and refuses two different pages", async () => {
      const all = (await s.request<"listTournamentRegistrations">("GET", `/tournaments/${A}/registrations`)).body
        .results!;
      const byCursor = await s.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${A}/registrations?limit=1&cursor=2`,
      );
      assert.equal(byCursor.status, 200);
      assert.deepEqual(byCursor.body.results, [all[1]]);
      assert.equal(byCursor.body.page, 2);
      assert.equal(byCursor.body.cursor, all.length > 2 ? "3" : null, "the next page's number, or null on the last");
      const last = await s.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${A}/registrations?limit=${all.length}`,
      );
      assert.equal(last.body.cursor, null);
      const beyond = await s.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${A}/registrations?limit=100&page=5`,
      );
      assert.deepEqual(beyond.body.results, []);
      rejected(
        await s.request<"listTournamentRegistrations">("GET", `/tournaments/${A}/registrations?page=1&cursor=2`),
        400,
        /page and query\.cursor are the same parameter/,
      );
      rejected(
        await s.request<"listTournamentRegistrations">("GET", `/tournaments/${A}/registrations?page=0`),
        400,
        /page/,
      );
    });
  });

  describe("register and unregister", () => {
    it("refuses a body tournamentId that differs from the path, and a script registrant", async () => {
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${A}/register`, {
          tournamentId: B,
          registererAddress: p[0]!.address,
          utxos: await p[0]!.utxos(),
        }),
        400,
        /body\.tournamentId differs from the tournamentId of the path/,
      );
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${A}/register`, {
          tournamentId: A,
          registererAddress: scriptAddr,
          utxos: await p[0]!.utxos(),
        }),
        400,
        /body\.registererAddress must be an address with a key payment credential/,
      );
    });
    it("lets only the registrant cancel, and only registrations of this tournament", async () => {
      const unregister = (id: string, by: Funded, outputRef: string) =>
        by.utxos().then((utxos) =>
          s.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
            tournamentId: id,
            registererAddress: by.address,
            outputRef,
            utxos,
          }),
        );
      rejected(
        await unregister(A, p[1]!, regA.get(p[2]!)!),
        400,
        /Only the registrant \(addr_test1\w+\) can cancel registration/,
      );
      rejected(await unregister(A, p[0]!, regB1), 400, /is not an unspent registration of tournament/);
      rejected(await unregister(A, p[0]!, `${"0".repeat(64)}#0`), 400, /is not an unspent registration of tournament/);
    });
  });

  describe("add participants and settle", () => {
    it("lets only the admin add participants, from registrations of this tournament whose address matches", async () => {
      rejected(
        await add(A, [{ address: p[0]!.address, outputRef: regA.get(p[0]!)! }], other),
        400,
        /Only the tournament's admin \(addr_test1\w+\) adds participants/,
      );
      rejected(
        await add(A, [{ address: p[0]!.address, outputRef: regB1 }]),
        400,
        /is not an unspent registration of tournament/,
      );
      rejected(
        await add(A, [{ address: p[1]!.address, outputRef: regA.get(p[0]!)! }]),
        400,
        /body\.registrations\[0\]\.address is not the address registration .+ names/,
      );
      rejected(
        await add(A, [
          { address: p[0]!.address, outputRef: regA.get(p[0]!)! },
          { address: p[0]!.address, outputRef: regA.get(p[0]!)! },
        ]),
        400,
        /repeat/,
      );
    });
    it("takes at most 40 registrations per request, and says to split them", async () => {
      // Counted before anything is looked up: the outputs need not exist.
      const many = Array.from({ length: 41 }, (_, i) => ({
        address: keyless(),
        outputRef: `${randomBytes(32).toString("hex")}#${i}`,
      }));
      rejected(
        await add(A, many),
        400,
        /body\.registrations has 41 entries; at most 40 are added per transaction .*split them into several requests of up to 40/,
      );
      // The schema's ceiling is the largest bracket.
      rejected(await add(A, [...many, ...many]), 400, /registrations/);
    });
    it("never exceeds the bracket", async () => {
      rejected(
        await add(
          A,
          p.map((w) => ({ address: w.address, outputRef: regA.get(w)! })),
        ),
        400,
        /The bracket holds 2 participants and has 0: 3 more would exceed it \(at most 2 can be added\)/,
      );
    });
    it("needs a full bracket to settle", async () => {
      rejected(
        await settle(A, [p[0]!.address, p[1]!.address]),
        400,
        /Settlement needs a full bracket: tournament \w+ has 0 of 2 participants/,
      );
      const built = ok(await add(A, [{ address: p[0]!.address, outputRef: regA.get(p[0]!)! }]));
      await signAndSubmit(s, { complete: built.complete!, hash: built.hash! }, [admin]);
      rejected(await settle(A, [p[0]!.address, p[1]!.address]), 400, /has 1 of 2 participants/);
    });
    it("does not register or add a participant twice, nor cancel a registration that was added", async () => {
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${A}/register`, {
          registererAddress: p[0]!.address,
          utxos: await p[0]!.utxos(),
        }),
        400,
        /is already a participant of tournament .+: an address takes one seat, so it cannot register again\./,
      );
      // Built elsewhere (the contract takes any payment to the registration address): the add skips it, and adds nobody.
      const built = await build(s, {
        changeAddress: p[0]!.address,
        outputs: [
          {
            address: regAddressA,
            lovelace: ENTRY,
            datum: { type: "inline", value: encodeRegistrationDatum(p[0]!.address) },
          },
        ],
      });
      const again = `${await submitTx(s, built, [p[0]!])}#0`;
      rejected(
        await add(A, [{ address: p[0]!.address, outputRef: again }]),
        400,
        /registrations adds nobody: .+ registers .+, a participant already/,
      );
      const added = regA.get(p[0]!)!;
      rejected(
        await s.request<"unregisterFromTournament">("POST", `/tournaments/${A}/unregister`, {
          tournamentId: A,
          registererAddress: p[0]!.address,
          outputRef: added,
          utxos: await p[0]!.utxos(),
        }),
        400,
        /is not an unspent registration of tournament .+ already added, cancelled/,
      );
    });
    it("refuses registrations to a full tournament and settlement results that break the rules", async () => {
      const built = ok(await add(A, [{ address: p[1]!.address, outputRef: regA.get(p[1]!)! }]));
      await signAndSubmit(s, { complete: built.complete!, hash: built.hash! }, [admin]);
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${A}/register`, {
          tournamentId: A,
          registererAddress: p[2]!.address,
          utxos: await p[2]!.utxos(),
        }),
        400,
        /is full \(2 participants\): it takes no more registrations/,
      );
      rejected(
        await add(A, [{ address: p[2]!.address, outputRef: regA.get(p[2]!)! }]),
        400,
        /has 2: 1 more would exceed it/,
      );
      rejected(
        await settle(A, [p[0]!.address, p[1]!.address], other),
        400,
        /Only the tournament's admin \(addr_test1\w+\) settles/,
      );
      rejected(
        await settle(A, [p[0]!.address]),
        400,
        /body\.results names 1 participants, fewer than the 2 placements/,
      );
      rejected(
        await settle(A, [p[0]!.address, p[0]!.address]),
        400,
        /body\.results\[1\] repeats addr_test1\w+, which holds only one seat: each placement takes one of its seats\./,
      );
      rejected(
        await settle(A, [p[0]!.address, p[2]!.address]),
        400,
        /body\.results\[1\] \(addr_test1\w+\) is not a participant of this tournament/,
      );
      // The rules hold, the admin signs: the ledger takes it.
      const done = ok(await settle(A, [p[1]!.address, p[0]!.address]));
      await signAndSubmit(s, { complete: done.complete!, hash: done.hash! }, [admin]);
      assert.equal((await getTournament(s, A)).status, "settled");
      // Ended: nothing more can be built on it.
      const ended =
        /No tournament \w+ under contract .*: it does not exist, or it ended \(settled, cancelled or refunded/;
      rejected(await settle(A, [p[1]!.address, p[0]!.address]), 404, ended);
      rejected(
        await s.request<"cancelTournament">("POST", `/tournaments/${A}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
        404,
        ended,
      );
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${A}/register`, {
          registererAddress: p[2]!.address,
          utxos: await p[2]!.utxos(),
        }),
        404,
        ended,
      );
    });
    it("still lists the registrations left after settlement, and lets their registrants cancel them", async () => {
      const w = p[2]!;
      const listed = await s.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${A}/registrations?valid=true`,
      );
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.ok(listed.body.results.some((r: { outputRef: string }) => r.outputRef === regA.get(w)));
      const built = ok(
        await s.request<"unregisterFromTournament">("POST", `/tournaments/${A}/unregister`, {
          tournamentId: A,
          registererAddress: w.address,
          outputRef: regA.get(w),
          utxos: await w.utxos(),
        }),
      );
      await signAndSubmit(s, { complete: built.complete!, hash: built.hash! }, [w]);
    });
  });
});
