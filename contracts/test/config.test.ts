// Issue #8 property 2: creation refuses any configuration that could not be settled, cancelled or
// refunded within the ledger's limits: bracket, placements and fixed payouts within the limits of
// src/tournament/limits.ts (the numbers the service enforces, compiled into the script), every
// amount positive and below what an output can hold, name and datum bounded, and a deadline after
// the creating transaction and at most CONTRACT_MAX_SETTLE_WINDOW_MS after it.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { tournamentScript, scriptAddress, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { encodeTournamentDatum, type TournamentConfig } from "../../src/tournament/datum.js";
import {
  CONTRACT_MAX_SETTLE_WINDOW_MS,
  MAX_BRACKET,
  MAX_FIXED_PAYOUTS,
  MAX_LOVELACE,
  MAX_NAME_BYTES,
  MAX_PLACEMENTS,
  MIN_BRACKET,
  MIN_PAYOUT_LOVELACE,
} from "../../src/tournament/limits.js";
import { depositOf } from "../../src/tournament/rules.js";
import { attempt, Chain, hasOnlyAda, randomAddress, submitPlan, type TxPlan } from "./helpers.js";
import { assertScriptRejected, clonePlan, CUP, makeWorld, type World } from "./fixture.js";
import { type ConfigInput, createPlan, datumOf, minLovelace, NETWORK, tournamentUtxo } from "./tournament-txs.js";
import {
  addressData,
  configItems,
  keyCred,
  makeByteArrayData,
  makeIntData,
  makeConstrData,
  makeListData,
  rawTournamentDatum,
  scriptCred,
  stakeOf,
} from "./raw.js";

let w: World;
before(async () => {
  w = await makeWorld();
});

const ADA = 1_000_000n;

/** The largest configuration the limits allow: 64 players, 32 placements, 8 fixed payouts, a 64-byte name. */
const LARGEST: ConfigInput = {
  ...CUP,
  name: "é".repeat(MAX_NAME_BYTES / 2),
  bracketSize: MAX_BRACKET,
  payoutStructure: Array.from({ length: MAX_PLACEMENTS }, () => 2n * ADA),
  fixedPayouts: Array.from({ length: MAX_FIXED_PAYOUTS }, () => ({ address: randomAddress(), amount: ADA })),
};

function creation(input: ConfigInput = CUP) {
  const chain = w.chain.snapshot();
  const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
  return { chain, ...createPlan(w.ref, w.admin, input, seed) };
}

/**
 * The honest creation of `input` with the output's datum replaced by `datum` (lovelace raised to
 * that datum's minimum, and to the deposit when it is one a wallet can pay), so that only the
 * configuration differs.
 */
function withDatum(input: ConfigInput, datum: string, config?: TournamentConfig): { chain: Chain; plan: TxPlan } {
  const { chain, plan } = creation(input);
  const bad = clonePlan(plan);
  const deposit = config ? depositOf(config) : 0n;
  const lovelace = minLovelace(datum, true) + (deposit < 1_000n * ADA ? deposit : 0n);
  bad.outputs[0] = {
    ...plan.outputs[0]!,
    datum,
    lovelace: lovelace > plan.outputs[0]!.lovelace ? lovelace : plan.outputs[0]!.lovelace,
  };
  return { chain, plan: bad };
}

/** `input`'s honest creation with its configuration changed by `patch` in the datum. */
function withConfig(input: ConfigInput, patch: Partial<TournamentConfig>) {
  const { tournament } = creation(input);
  const config = { ...tournament.config, ...patch };
  return withDatum(input, encodeTournamentDatum({ config, participants: [] }), config);
}

async function refused(input: ConfigInput, patch: Partial<TournamentConfig>, reason: string): Promise<void> {
  const { chain, plan } = withConfig(input, patch);
  assertScriptRejected(await attempt(chain, plan), reason);
}

async function accepted(input: ConfigInput): Promise<void> {
  const { chain, plan, tournament } = creation(input);
  await submitPlan(chain, plan);
  assert.deepEqual(datumOf(tournamentUtxo(chain, tournament)).config, tournament.config);
}

describe("P2: creation refuses any configuration that could not be settled within the ledger's limits", () => {
  it("honest: the largest configuration (bracket 64, 32 placements, 8 fixed payouts, a 64-byte name) is accepted", async () => {
    assert.equal(Buffer.byteLength(LARGEST.name, "utf8"), MAX_NAME_BYTES);
    await accepted(LARGEST);
  });

  it("honest: the smallest bracket, with as many placements as players", async () => {
    await accepted({ ...CUP, bracketSize: MIN_BRACKET, payoutStructure: [6n * ADA, 4n * ADA] });
  });

  it("attack: bracket sizes outside 2..64 (1, 0, 65)", async () => {
    for (const bracketSize of [MIN_BRACKET - 1, 0, MAX_BRACKET + 1]) {
      const input = bracketSize > MAX_BRACKET ? LARGEST : { ...CUP, payoutStructure: [8n * ADA] };
      await refused(input, { bracketSize }, "bracket size out of range");
    }
  });

  it("attack: 33 placements in a bracket of 64", async () => {
    await refused(LARGEST, { payoutStructure: [...LARGEST.payoutStructure, ADA] }, "too many placements");
  });

  it("attack: more placements than the bracket (3 in a bracket of 2; v1)", async () => {
    await refused(CUP, { bracketSize: 2, payoutStructure: [3n * ADA, 2n * ADA, ADA] }, "too many placements");
  });

  it("attack: 9 fixed payouts", async () => {
    await refused(
      LARGEST,
      { fixedPayouts: [...LARGEST.fixedPayouts, { address: randomAddress(), amount: ADA }] },
      "too many fixed payouts",
    );
  });

  it("attack: a placement of zero, or negative", async () => {
    for (const amount of [0n, -ADA])
      await refused(CUP, { payoutStructure: [8n * ADA, amount] }, "payouts must be positive");
  });

  it("attack: a fixed payout of zero, or negative", async () => {
    for (const amount of [0n, -ADA]) {
      await refused(CUP, { fixedPayouts: [{ address: w.carol.address, amount }] }, "fixed payouts must be positive");
    }
  });

  it("attack: a negative entry fee", async () => {
    await refused(CUP, { entryFee: -1n }, "entry fee must be 0 or at least the minimum payout");
  });

  // Issue #19 item 4: a refund output of the entry fee must be payable without anyone topping it up.
  it("attack: an entry fee of 1 lovelace, and of MIN_PAYOUT_LOVELACE − 1 (v2 accepted both)", async () => {
    for (const entryFee of [1n, MIN_PAYOUT_LOVELACE - 1n]) {
      await refused(CUP, { entryFee }, "entry fee must be 0 or at least the minimum payout");
    }
  });

  it("honest: an entry fee of exactly MIN_PAYOUT_LOVELACE, and a free one", async () => {
    await accepted({ ...CUP, entryFee: MIN_PAYOUT_LOVELACE, payoutStructure: [2n * ADA] });
    await accepted({ ...CUP, entryFee: 0n, payoutStructure: [] });
  });

  // Issue #19 item 4: once a free bracket is full its prizes are shared by a cancel or refund.
  it("attack: free entry with prizes one lovelace under bracket × MIN_PAYOUT_LOVELACE (a share would be too small to pay)", async () => {
    const prizes = 4n * MIN_PAYOUT_LOVELACE;
    await refused(
      CUP,
      { entryFee: 0n, payoutStructure: [prizes - ADA, ADA - 1n] },
      "free tournament's prizes too small to share",
    );
  });

  it("honest: free entry with prizes of exactly bracket × MIN_PAYOUT_LOVELACE (a fixed payout counts too)", async () => {
    await accepted({
      ...CUP,
      entryFee: 0n,
      payoutStructure: [4n * MIN_PAYOUT_LOVELACE - ADA],
      fixedPayouts: [{ address: randomAddress(), amount: ADA }],
    });
  });

  it("attack: a name of 65 bytes (33 characters)", async () => {
    const name = `${LARGEST.name}!`;
    assert.equal(Buffer.byteLength(name, "utf8"), MAX_NAME_BYTES + 1);
    await refused(LARGEST, { name }, "name too long");
  });

  it("bracket × entry fee: 45e15 lovelace accepted, one more refused", async () => {
    const fee = MAX_LOVELACE / 4n;
    assert.equal(fee * 4n, MAX_LOVELACE);
    await accepted({ ...CUP, entryFee: fee });
    await refused(CUP, { entryFee: fee + 1n }, "amounts too large");
  });

  it("attack: prizes adding up to more than 45e15 lovelace (each one below it)", async () => {
    const half = MAX_LOVELACE / 2n;
    await refused(CUP, { payoutStructure: [half, half + 1n] }, "amounts too large");
  });

  it("attack: an admin whose payment credential is a script: the tournament's own address (nobody could sign; v1)", async () => {
    await refused(
      CUP,
      { adminAddress: scriptAddress(tournamentScript(V2_1_CONTRACT), NETWORK) },
      "admin must be a key address without a pointer",
    );
  });

  // Issue #19 item 2: the admin and every fixed payout are checked as strictly as a participant.
  const pointer = () => makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]);
  it("attack: an admin key address with a pointer stake part (v2 accepted it)", async () => {
    const { tournament } = creation(CUP);
    const { chain, plan } = withDatum(
      CUP,
      rawTournamentDatum(tournament.config, [], { 1: addressData(keyCred(w.admin.pkh), pointer()) }),
    );
    assertScriptRejected(await attempt(chain, plan), "admin must be a key address without a pointer");
  });

  it("attack: a fixed payout to a script address, the tournament's own (v2 accepted it); honest: a key address with a script stake part", async () => {
    await refused(
      CUP,
      { fixedPayouts: [{ address: scriptAddress(tournamentScript(V2_1_CONTRACT), NETWORK), amount: ADA }] },
      "fixed payout must be a key address without a pointer",
    );
    const { tournament } = creation(CUP);
    const withScriptStake = addressData(keyCred(w.carol.pkh), stakeOf(scriptCred("ab".repeat(28))));
    const { chain, plan } = withDatum(
      CUP,
      rawTournamentDatum(tournament.config, [], {
        5: makeListData([makeListData([withScriptStake, makeIntData(ADA)])]),
      }),
    );
    await submitPlan(chain, plan);
  });

  it("attack: a fixed payout to a key address with a pointer stake part (v2 accepted it)", async () => {
    const { tournament } = creation(CUP);
    const bad = makeListData([makeListData([addressData(keyCred(w.carol.pkh), pointer()), makeIntData(ADA)])]);
    const { chain, plan } = withDatum(CUP, rawTournamentDatum(tournament.config, [], { 5: bad }));
    assertScriptRejected(await attempt(chain, plan), "fixed payout must be a key address without a pointer");
  });

  describe("malformed data in the datum", () => {
    const badAddress = () => addressData(keyCred("ab".repeat(27)));
    const cases: [string, (c: TournamentConfig) => string][] = [
      [
        "a fixed-payout address with a 27-byte key hash",
        (c) => rawTournamentDatum(c, [], { 5: makeListData([makeListData([badAddress(), makeIntData(ADA)])]) }),
      ],
      [
        "a fixed payout of three items",
        (c) =>
          rawTournamentDatum(c, [], {
            5: makeListData([makeListData([configItems(c)[1]!, makeIntData(ADA), makeIntData(0n)])]),
          }),
      ],
      ["an admin address with a 27-byte key hash", (c) => rawTournamentDatum(c, [], { 1: badAddress() })],
      ["a registration hash of 27 bytes", (c) => rawTournamentDatum(c, [], { 6: makeByteArrayData("ab".repeat(27)) })],
      ["a deadline that is not an integer", (c) => rawTournamentDatum(c, [], { 7: makeByteArrayData("00") })],
      ["a ninth config item", (c) => rawTournamentDatum(c, [], {}, [makeIntData(0n)])],
      ["a third datum item", (c) => rawTournamentDatum(c, [], {}, [], [makeByteArrayData("ff".repeat(64))])],
    ];
    for (const [what, make] of cases) {
      it(`attack: ${what}`, async () => {
        const { tournament } = creation(CUP);
        const { chain, plan } = withDatum(CUP, make(tournament.config));
        assertScriptRejected(await attempt(chain, plan), "malformed tournament datum");
      });
    }
  });

  describe("the deadline", () => {
    const START = 1000;
    /** The honest creation valid from `validFrom` (null: no start; the chain at START) to `validTo`, with deadline `settleBy`. */
    function timed(settleBy: number, validTo: number | undefined, validFrom: number | null = START) {
      const { chain, plan, tournament } = creation({ ...CUP, settleBy });
      chain.setSlot(START);
      const p = clonePlan(plan);
      if (validTo === undefined) delete p.validTo;
      else p.validTo = validTo;
      if (validFrom === null) delete p.validFrom;
      else p.validFrom = validFrom;
      return { chain, plan: p, tournament };
    }
    const W = CONTRACT_MAX_SETTLE_WINDOW_MS;
    const days = W / 86_400_000;

    it("honest: a deadline exactly at the end of the validity interval", async () => {
      const { chain, plan } = timed(Chain.timeOf(START + 600), START + 600);
      await submitPlan(chain, plan);
    });

    it("attack: a deadline before the end of the validity interval", async () => {
      const { chain, plan } = timed(Chain.timeOf(START + 600), START + 601);
      assertScriptRejected(await attempt(chain, plan), "deadline must follow the validity interval");
    });

    it("attack: no upper bound on the validity interval", async () => {
      const { chain, plan } = timed(Chain.timeOf(START + 600), undefined);
      assertScriptRejected(await attempt(chain, plan), "deadline must follow the validity interval");
    });

    it(`honest: a deadline exactly ${days} days after the validity start`, async () => {
      const { chain, plan } = timed(Chain.timeOf(START) + W, START + 600);
      await submitPlan(chain, plan);
    });

    it(`attack: a deadline ${days} days and 1 ms after the validity start`, async () => {
      const { chain, plan } = timed(Chain.timeOf(START) + W + 1, START + 600);
      assertScriptRejected(await attempt(chain, plan), "deadline too far");
    });

    it("attack: no validity start (the deadline would be bounded by nothing)", async () => {
      const { chain, plan } = timed(Chain.timeOf(START + 600), START + 600, null);
      assertScriptRejected(await attempt(chain, plan), "deadline too far");
    });

    it("attack: a deadline ten years away, just after a validity interval stretched to end there", async () => {
      // v2 as first written bounded the deadline from the validity's end, which the creator sets
      // anywhere in the future: this creation was accepted, and entry fees added to the tournament
      // could not be refunded for ten years. The bound now runs from the validity start.
      const tenYears = START + 10 * 365 * 86_400;
      const { chain, plan } = timed(Chain.timeOf(tenYears) + 86_400_000, tenYears);
      assertScriptRejected(await attempt(chain, plan), "deadline too far");
    });
  });
});
