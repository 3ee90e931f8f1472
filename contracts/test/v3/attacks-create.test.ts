// V3-DESIGN §6, §9 commit 5a: v2.1's creation attacks (contracts/test/{create,config,auditor,pool,
// stake}.test.ts) replayed on v3's Create (the pool's datum [config, 0, []], lovelace ≥
// deposit + MIN_PAYOUT_LOVELACE + BATCH_MIN_LOVELACE), each the honest plan with one change,
// refused by the devnet ledger with its trace code. Small tree (depth 4) for most; the production
// build (depth 10) for the limits a small tree cannot reach: bracket 1,025, 33 placements, 9 fixed
// payouts, and the largest configuration accepted. tournament.test.ts has bracket 17 at
// depth 4, [config, 1, [h]], a 4th item and the lovelace one short: not repeated.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type UplcData } from "@helios-lang/uplc";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import { scriptAddress } from "../../../src/tournament/contracts.js";
import { MINT_BURN_REDEEMER, tournamentIdOf, type TournamentConfig } from "../../../src/tournament/datum.js";
import {
  MAX_FIXED_PAYOUTS,
  MAX_LOVELACE,
  MAX_NAME_BYTES,
  MAX_PLACEMENTS,
  MIN_PAYOUT_LOVELACE,
} from "../../../src/tournament/limits.js";
import { PRODUCTION_TREE } from "../../../src/tournament/seat-tree.js";
import { Chain, hasOnlyAda, mintNativeToken, randomAddress, submitPlan } from "../helpers.js";
import { clonePlan } from "../fixture.js";
import type { ConfigInput } from "../tournament-txs.js";
import {
  addressData,
  cborHex,
  keyCred,
  makeByteArrayData,
  makeConstrData,
  makeIntData,
  makeListData,
  scriptCred,
  stakeOf,
} from "../raw.js";
import { configData, createPlan, poolDatum } from "./plans.js";
import { ADA, creation, CUP, failed, makeV3World, poolUtxo, refused, type V3World } from "./attack-world.js";

let w: V3World;
let big: V3World;

before(async () => {
  [w, big] = await Promise.all([makeV3World(), makeV3World(PRODUCTION_TREE)]);
});

const items = (d: UplcData): UplcData[] => (d.kind === "list" ? [...d.items] : []);

/** The pool datum [config, 0, []] of `config` with config items edited (index → data) or appended, CBOR hex. */
function rawPoolDatum(
  config: TournamentConfig,
  edit: Readonly<Record<number, UplcData>> = {},
  extra: UplcData[] = [],
): string {
  const c = items(configData(config));
  for (const [i, d] of Object.entries(edit)) c[Number(i)] = d;
  return cborHex(makeListData([makeListData([...c, ...extra]), makeIntData(0n), makeListData([])]));
}

/** The honest creation of `input` on a snapshot of `world`'s chain. */
function honest(world: V3World, input: ConfigInput = CUP) {
  const on = world.chain.snapshot();
  return { on, ...creation(world, on, input) };
}

/** The honest creation with the pool datum replaced (lovelace unchanged but for `more`). */
function withDatum(world: V3World, input: ConfigInput, datum: (c: TournamentConfig) => string, more = 0n) {
  const { on, plan, pool } = honest(world, input);
  const p = clonePlan(plan);
  p.outputs[0] = { ...p.outputs[0]!, datum: datum(pool.config), lovelace: p.outputs[0]!.lovelace + more };
  return { on, p };
}

/** The honest creation of `input` with the configuration changed by `patch` in the datum only. */
async function refusedConfig(world: V3World, input: ConfigInput, patch: Partial<TournamentConfig>, code: string) {
  const { on, p } = withDatum(world, input, (c) => poolDatum({ ...c, ...patch }, [], world.scripts.shape));
  await refused(on, p, code);
}

describe("v3 create: the NFT (v2.1's create.test.ts, auditor, pool, stake)", () => {
  it("honest baseline: one NFT named after the consumed seed, at the enterprise script address, with [config, 0, []]", async () => {
    const { on, plan, pool, datum } = honest(w);
    const seed = plan.walletInputs[0]!;
    await submitPlan(on, plan);
    assert.equal(pool.id, tournamentIdOf(seed.input.txHash, seed.input.outputIndex));
    assert.equal(poolUtxo(on, pool).output.plutusData, datum);
    assert.equal(poolUtxo(on, pool).output.address, scriptAddress(w.scripts.tournament, "devnet"));
  });

  it("attack: minting two of the NFT: T02; a second token under the policy: T02", async () => {
    const { on, plan } = honest(w);
    const two = clonePlan(plan);
    two.mints[0] = { ...two.mints[0]!, quantity: 2n };
    two.outputs[0] = { ...two.outputs[0]!, assets: [{ unit: two.outputs[0]!.assets![0]!.unit, quantity: "2" }] };
    await refused(on, two, "T02");
    const second = clonePlan(plan);
    const other = "00".repeat(32);
    second.mints.push({ ...second.mints[0]!, name: other });
    second.outputs[0] = {
      ...second.outputs[0]!,
      assets: [...second.outputs[0]!.assets!, { unit: w.scripts.tournament.hash + other, quantity: "1" }],
    };
    await refused(on, second, "T02");
  });

  it("attack: the NFT minted under the Burn redeemer: T20", async () => {
    const { on, plan } = honest(w);
    const p = clonePlan(plan);
    p.mints[0] = { ...p.mints[0]!, redeemer: MINT_BURN_REDEEMER };
    await refused(on, p, "T20");
  });

  it("attack: a copy minted later under the same name (its seed already spent): T01; named after a seed not consumed: T01", async () => {
    const { on, plan } = honest(w);
    await submitPlan(on, plan);
    const copy = clonePlan(plan);
    copy.walletInputs = [on.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!];
    await refused(on, copy, "T01");
    const { on: c, plan: fresh } = honest(w);
    const notSpent = c.utxosAt(w.alice.address).filter(hasOnlyAda)[0]!;
    const name = tournamentIdOf(notSpent.input.txHash, notSpent.input.outputIndex);
    const forged = createPlan(w.scripts, w.refs, w.admin, CUP, notSpent).plan;
    const bad = clonePlan(fresh);
    bad.mints[0] = { ...forged.mints[0]!, name };
    bad.outputs[0] = { ...forged.outputs[0]! };
    await refused(c, bad, "T01");
  });

  it("attack: the NFT sent to the admin: T03 or T04; to the script address with mallory's stake key: T04", async () => {
    const { on, plan } = honest(w);
    const p = clonePlan(plan);
    p.outputs[0] = { ...p.outputs[0]!, address: w.admin.address };
    await refused(on, p, /\bT0[34]\b/);
    const staked = clonePlan(plan);
    staked.outputs[0] = {
      ...staked.outputs[0]!,
      address: shelleyAddress(
        { hash: w.scripts.tournament.hash, isScript: true },
        { hash: w.mallory.pkh, isScript: false },
        0,
      ),
    };
    await refused(on, staked, "T04");
  });

  it("attack: the pool output with a token: T05; with a reference script: T65", async () => {
    const { on, plan } = honest(w);
    const padded = on.snapshot();
    const { unit, utxo } = await mintNativeToken(padded, w.admin, "pad", 1n);
    const p = clonePlan(creation(w, padded, CUP).plan);
    p.walletInputs.push(utxo);
    p.outputs[0] = { ...p.outputs[0]!, assets: [...p.outputs[0]!.assets!, { unit, quantity: "1" }] };
    await refused(padded, p, "T05");
    const scripted = clonePlan(plan);
    scripted.outputs[0] = {
      ...scripted.outputs[0]!,
      lovelace: scripted.outputs[0]!.lovelace + 10n * ADA,
      scriptCode: w.scripts.batch.code,
    };
    await refused(on, scripted, "T65");
  });

  it("attack: a datum that is no pool datum ([1, 2]): T69; a minting redeemer that is neither Create nor Burn: the script fails", async () => {
    const { on, p } = withDatum(w, CUP, () => cborHex(makeListData([makeIntData(1n), makeIntData(2n)])));
    await refused(on, p, /\bT(69|16|06)\b/);
    const { on: c, plan } = honest(w);
    const bad = clonePlan(plan);
    bad.mints[0] = { ...bad.mints[0]!, redeemer: cborHex(makeConstrData(0, [makeConstrData(7, [])])) };
    await failed(c, bad);
  });
});

describe("v3 create: the configuration (v2.1's config.test.ts) on the small tree", () => {
  it("attack: brackets of 1 and 0: T09", async () => {
    for (const bracketSize of [1, 0])
      await refusedConfig(w, { ...CUP, payoutStructure: [8n * ADA], fixedPayouts: [] }, { bracketSize }, "T09");
  });

  it("attack: more placements than the bracket (3 in a bracket of 2): T11", async () => {
    await refusedConfig(w, CUP, { bracketSize: 2, payoutStructure: [3n * ADA, 2n * ADA, ADA] }, "T11");
  });

  it("attack: a placement of zero or negative: T13; a fixed payout of zero or negative: T14", async () => {
    for (const amount of [0n, -ADA]) {
      await refusedConfig(w, CUP, { payoutStructure: [8n * ADA, amount] }, "T13");
      await refusedConfig(w, CUP, { fixedPayouts: [{ address: w.bob.address, amount }] }, "T14");
    }
  });

  it("attack: an entry fee of −1, 1 and MIN_PAYOUT_LOVELACE − 1: T63", async () => {
    for (const entryFee of [-1n, 1n, MIN_PAYOUT_LOVELACE - 1n]) await refusedConfig(w, CUP, { entryFee }, "T63");
  });

  it("attack: free entry with prizes one lovelace under bracket × MIN_PAYOUT_LOVELACE: T64", async () => {
    const prizes = 6n * MIN_PAYOUT_LOVELACE;
    await refusedConfig(w, CUP, { entryFee: 0n, payoutStructure: [prizes - 1n], fixedPayouts: [] }, "T64");
  });

  it("attack: bracket × entry fee one lovelace over 45e15: T15; prizes adding up to more than 45e15: T15", async () => {
    await refusedConfig(w, CUP, { entryFee: MAX_LOVELACE / 6n + 1n }, "T15");
    const half = MAX_LOVELACE / 2n;
    await refusedConfig(w, CUP, { payoutStructure: [half, half + 1n] }, "T15");
  });

  it("attack: an admin at a script address (the pool's own): T61; an admin key with a pointer: T61", async () => {
    await refusedConfig(w, CUP, { adminAddress: scriptAddress(w.scripts.tournament, "devnet") }, "T61");
    const pointer = makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]);
    const { on, p } = withDatum(w, CUP, (c) => rawPoolDatum(c, { 1: addressData(keyCred(w.admin.pkh), pointer) }));
    await refused(on, p, "T61");
  });

  it("attack: a fixed payout to the pool's script address: T62; to a key with a pointer: T62; honest: a key with a script stake part", async () => {
    await refusedConfig(
      w,
      CUP,
      { fixedPayouts: [{ address: scriptAddress(w.scripts.tournament, "devnet"), amount: ADA }] },
      "T62",
    );
    const pointer = makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]);
    const { on, p } = withDatum(w, CUP, (c) =>
      rawPoolDatum(c, {
        5: makeListData([makeListData([addressData(keyCred(w.bob.pkh), pointer), makeIntData(ADA)])]),
      }),
    );
    await refused(on, p, "T62");
    const ok = withDatum(w, CUP, (c) =>
      rawPoolDatum(c, {
        5: makeListData([
          makeListData([addressData(keyCred(w.bob.pkh), stakeOf(scriptCred("ab".repeat(28)))), makeIntData(2n * ADA)]),
        ]),
      }),
    );
    await submitPlan(ok.on, ok.p);
  });

  describe("malformed data in the config: T06", () => {
    const bad27 = () => addressData(keyCred("ab".repeat(27)));
    const cases: [string, (c: TournamentConfig) => string][] = [
      [
        "a fixed-payout address with a 27-byte key hash",
        (c) => rawPoolDatum(c, { 5: makeListData([makeListData([bad27(), makeIntData(ADA)])]) }),
      ],
      ["an admin address with a 27-byte key hash", (c) => rawPoolDatum(c, { 1: bad27() })],
      ["a registration hash of 27 bytes", (c) => rawPoolDatum(c, { 6: makeByteArrayData("ab".repeat(27)) })],
      ["a deadline that is not an integer", (c) => rawPoolDatum(c, { 7: makeByteArrayData("00") })],
      ["a ninth config item", (c) => rawPoolDatum(c, {}, [makeIntData(0n)])],
    ];
    for (const [what, make] of cases) {
      it(`attack: ${what}: T06`, async () => {
        const { on, p } = withDatum(w, CUP, make);
        await refused(on, p, "T06");
      });
    }
  });

  describe("the deadline", () => {
    const START = 1000;
    /** The honest creation with deadline `settleBy`, valid from `validFrom` (null: no start) to `validTo` (undefined: no end), the chain at START. */
    const timed = (settleBy: number, validTo: number | undefined, validFrom: number | null = START) => {
      const { on, plan } = honest(w, { ...CUP, settleBy });
      on.setSlot(START);
      const p = clonePlan(plan);
      if (validTo === undefined) delete p.validTo;
      else p.validTo = validTo;
      if (validFrom === null) delete p.validFrom;
      else p.validFrom = validFrom;
      return { on, p };
    };
    it("honest: a deadline exactly at the end of the validity interval", async () => {
      const { on, p } = timed(Chain.timeOf(START + 600), START + 600);
      await submitPlan(on, p);
    });

    it("attack: a deadline before the end of the validity interval: T18; no upper bound: T18", async () => {
      const late = timed(Chain.timeOf(START + 600), START + 601);
      await refused(late.on, late.p, "T18");
      const open = timed(Chain.timeOf(START + 600), undefined);
      await refused(open.on, open.p, "T18");
    });

    it("attack: no validity start: T19; a deadline ten years away after a validity stretched to end there: T19", async () => {
      const noStart = timed(Chain.timeOf(START + 600), START + 600, null);
      await refused(noStart.on, noStart.p, "T19");
      const tenYears = START + 10 * 365 * 86_400;
      const far = timed(Chain.timeOf(tenYears) + 86_400_000, tenYears);
      await refused(far.on, far.p, "T19");
    });
  });
});

describe("v3 create: the limits at the production tree (1,024 seats)", () => {
  /** The largest configuration: 1,024 seats, 32 placements, 8 fixed payouts, a 64-byte name. */
  const LARGEST: ConfigInput = {
    ...CUP,
    name: "é".repeat(MAX_NAME_BYTES / 2),
    bracketSize: 1024,
    payoutStructure: Array.from({ length: MAX_PLACEMENTS }, () => 2n * ADA),
    fixedPayouts: Array.from({ length: MAX_FIXED_PAYOUTS }, () => ({ address: randomAddress(), amount: ADA })),
  };

  it("honest: the largest configuration is accepted", async () => {
    const { on, plan, pool } = honest(big, LARGEST);
    await submitPlan(on, plan);
    assert.equal(poolUtxo(on, pool).output.plutusData, poolDatum(pool.config, [], PRODUCTION_TREE));
  });

  it("attack: bracket 1,025: T09; 33 placements: T11; 9 fixed payouts: T12; a name of 65 bytes: T08", async () => {
    await refusedConfig(big, LARGEST, { bracketSize: 1025 }, "T09");
    await refusedConfig(big, LARGEST, { payoutStructure: [...LARGEST.payoutStructure, ADA] }, "T11");
    await refusedConfig(
      big,
      LARGEST,
      { fixedPayouts: [...LARGEST.fixedPayouts, { address: randomAddress(), amount: ADA }] },
      "T12",
    );
    const name = `${LARGEST.name}!`;
    assert.equal(Buffer.byteLength(name, "utf8"), MAX_NAME_BYTES + 1);
    await refusedConfig(big, LARGEST, { name }, "T08");
  });
});
