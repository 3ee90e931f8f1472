// Measures the v3 draft (contracts/V3-DESIGN.md §9 commit 4, open question 1) before the v3
// contracts are written: settle of a full 1,024 bracket, 32 placements + 8 fixed payouts, on the
// devnet's ledger (Scalus, the devnet's protocol parameters and cost models: contracts/test's
// harness), with the worst-case multiproof (32 winners in 32 distinct subtrees of 32 seats: 160
// proof hashes) and with random winners; and the seat tree's functions one by one with Helios'
// evaluator under the devnet's Plutus V2 cost model, each compiled optimized and unoptimized and
// checked against src/tournament/seat-tree.ts (§10 item 6: the optimizer once broke a recursion).
// Run: node --import tsx contracts/v3-draft/measure.ts
import assert from "node:assert/strict";
import { makeByteArrayData, makeConstrData, makeIntData, makeListData, type UplcProgramV2 } from "@helios-lang/uplc";
import { blake2b256Bytes } from "../../src/cardano/hash.js";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { plutusScriptHashOfCode } from "../../src/cardano/script-hash.js";
import { readTransaction } from "../../src/cardano/tx-view.js";
import { scriptAddress, type CompiledScript } from "../../src/tournament/contracts.js";
import {
  addressToData,
  encodePayoutTag,
  MINT_BURN_REDEEMER,
  mintCreateRedeemer,
  tournamentDatumToData,
  tournamentIdOf,
  type TournamentConfig,
} from "../../src/tournament/datum.js";
import {
  accumulatorOf,
  appendLeaf,
  buildMultiproof,
  leafOf,
  rootOf,
  subtreeRoot,
  type Hash,
  type ProofOp,
} from "../../src/tournament/seat-tree.js";
import {
  attempt,
  buildPlan,
  Chain,
  hasOnlyAda,
  MAX_TX_MEM,
  MAX_TX_SIZE,
  MAX_TX_STEPS,
  SYSTEM_START_MS,
  Wallet,
  type Out,
  type RefScript,
  type TxPlan,
} from "../test/helpers.js";
import { beforeDeadline, deploy, minLovelace } from "../test/tournament-txs.js";
import {
  bytesData,
  bytesOf,
  compileDraft,
  draftSource,
  evaluate,
  hex,
  intsData,
  isTrue,
  listBytes,
  opsData,
  SEAT_TREE,
  testingPrograms,
  type Evaluated,
} from "./helios.js";

const pct = (x: number, of: bigint | number): string => `${((100 * x) / Number(of)).toFixed(1)} %`;

// ---------------------------------------------------------------- deterministic inputs

let seed = 0x5eed;
/** A small deterministic generator (mulberry32), so that every run measures the same transactions. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randomHash = (bytes: number): string =>
  hex(blake2b256Bytes(Uint8Array.from([...Array<number>(8)].map(() => Math.floor(random() * 256))))).slice(
    0,
    bytes * 2,
  );
/** A base address (payment key + stake key) on testnet: the larger and more common kind. */
const baseAddress = (): string =>
  shelleyAddress({ hash: randomHash(28), isScript: false }, { hash: randomHash(28), isScript: false }, 0);
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

// ---------------------------------------------------------------- Helios

/** The draft's lookups swapped for Helios' own list get (what §3 measured at 51 %), for comparison. */
const SEAT_TREE_WITH_GET = SEAT_TREE.replace("nth_int(seats, k)", "seats.get(k)").replace(
  "nth_bytes(leaves, k)",
  "leaves.get(k)",
);
/** 32 winners in 32 distinct subtrees of 32 seats, at scattered offsets: 160 proof hashes. */
const worstWinners = (): number[] => shuffle(Array.from({ length: 32 }, (_, k) => 32 * k + ((k * 13) % 32)));
const randomWinners = (count: number, p: number): number[] =>
  shuffle(Array.from({ length: count }, (_, i) => i)).slice(0, p);

interface Row {
  readonly what: string;
  readonly mem: bigint;
  readonly cpu: bigint;
}

function unitChecks(seats: readonly string[], leaves: readonly Hash[]): Row[] {
  const rows: Row[] = [];
  const both = (label: string, results: Evaluated[], check: (e: Evaluated) => void): void => {
    results.forEach(check);
    rows.push({ what: `${label} (unoptimized)`, mem: results[0]!.mem, cpu: results[0]!.cpu });
    rows.push({ what: `${label} (optimized)`, mem: results[1]!.mem, cpu: results[1]!.cpu });
  };

  const leafFn = testingPrograms("a: Address) -> ByteArray", "leaf(a)", "leaf");
  for (const s of seats.slice(0, 20)) {
    const results = leafFn.map((p) => evaluate(p, [addressToData(s)]));
    both("leaf of a base address", results, (e) => assert.equal(bytesOf(e.value), hex(leafOf(s))));
  }

  const rootFn = testingPrograms("count: Int, peaks: []ByteArray) -> ByteArray", "root_of(count, peaks)", "root_of");
  for (const count of [0, 1, 2, 3, 63, 64, 65, 511, 1000, 1023, 1024]) {
    const acc = accumulatorOf(leaves.slice(0, count));
    const results = rootFn.map((p) =>
      evaluate(p, [makeIntData(BigInt(count)), makeListData(acc.peaks.map(bytesData))]),
    );
    both(`root from the peaks, count ${count}`, results, (e) => assert.equal(bytesOf(e.value), hex(rootOf(acc))));
  }

  const appendFn = testingPrograms(
    "count: Int, peaks: []ByteArray, x: ByteArray) -> []ByteArray",
    "append_leaf(count, peaks, x)",
    "append_leaf",
  );
  for (const count of [0, 1, 2, 3, 7, 62, 63, 500, 1023]) {
    const acc = accumulatorOf(leaves.slice(0, count));
    const next = appendLeaf(acc, leaves[count]!);
    const results = appendFn.map((p) =>
      evaluate(p, [makeIntData(BigInt(count)), makeListData(acc.peaks.map(bytesData)), bytesData(leaves[count]!)]),
    );
    both(`append one leaf at count ${count}`, results, (e) =>
      assert.deepEqual(listBytes(e.value), next.peaks.map(hex)),
    );
  }

  const proofFn = testingPrograms(
    "ops: []Data, seats: []Int, leaves: []ByteArray, root: ByteArray) -> Bool",
    "verify_multiproof(ops, seats, leaves, root)",
    "verify_multiproof",
  );
  const root = rootOf(accumulatorOf(leaves));
  const cases: [string, number[]][] = [
    ["multiproof, 32 of 1,024 spread (160 hashes)", worstWinners()],
    ["multiproof, 32 random of 1,024", randomWinners(1024, 32)],
    ["multiproof, 3 random of 1,024", randomWinners(1024, 3)],
    ["multiproof, 1 of 1,024", [777]],
  ];
  for (const [label, winners] of cases) {
    const ops = buildMultiproof(leaves, winners);
    const args = (o: readonly ProofOp[], w: readonly number[], l: readonly Hash[]) => [
      opsData(o),
      intsData(w),
      makeListData(l.map(bytesData)),
      bytesData(root),
    ];
    const wl = winners.map((s) => leaves[s]!);
    const hashes = ops.filter((op) => typeof op !== "number").length;
    both(
      `${label}: ${hashes} hashes, ${ops.length} ops`,
      proofFn.map((p) => evaluate(p, args(ops, winners, wl))),
      (e) => assert.ok(isTrue(e.value), `${label}: ${e.error}`),
    );
    // Refusals, both ways: a proof hash flipped, a winner's seat off by one, a leaf pushed twice.
    const at = ops.findIndex((op) => typeof op !== "number");
    const flipped = ops.map((op, i) => (i === at ? Uint8Array.from(op as Hash, (b, j) => (j === 0 ? b ^ 1 : b)) : op));
    const offByOne = winners.map((s, k) => (k === 0 ? (s + 1) % 1024 : s));
    const firstPush = ops.findIndex((op) => op === 0);
    const twice = ops.map((op, i) => (i === firstPush && winners.length > 1 ? 1 : op));
    for (const [o, w] of [
      [flipped, winners],
      [ops, offByOne],
      [twice, winners],
    ] as const) {
      if (o === twice && winners.length === 1) continue;
      for (const p of proofFn) {
        const e = evaluate(p, args(o, w, wl));
        assert.ok(!isTrue(e.value), `${label}: a broken proof passed`);
      }
    }
  }

  const batchFn = testingPrograms("leaves: []ByteArray) -> ByteArray", "subtree_root(leaves)", "subtree_root");
  for (const n of [1, 2, 33, 63, 64]) {
    const batch = leaves.slice(0, n);
    both(
      `batch subtree root, ${n} seats`,
      batchFn.map((p) => evaluate(p, [makeListData(batch.map(bytesData))])),
      (e) => assert.equal(bytesOf(e.value), hex(subtreeRoot(batch, 6))),
    );
  }
  return rows;
}

// ---------------------------------------------------------------- settle on the ledger

const DAY_MS = 24 * 3600 * 1000;

function compiledScript(program: UplcProgramV2): CompiledScript {
  const code = hex(program.toCbor());
  const hash = hex(program.hash());
  assert.equal(plutusScriptHashOfCode(code, "V2"), hash);
  // The blueprint's compiledCode: the code without its outer CBOR byte-string header.
  const outer = Buffer.from(code, "hex");
  const info = outer[0]! & 0x1f;
  const skip = info < 24 ? 1 : info === 24 ? 2 : info === 25 ? 3 : 5;
  return { code, compiledCode: outer.subarray(skip).toString("hex"), hash, version: "V2" };
}

interface Settled {
  readonly what: string;
  readonly hashes: number;
  readonly ops: number;
  readonly size: number;
  readonly spendMem: number;
  readonly mem: number;
  readonly steps: number;
  /** Lovelace, as the builder set it (the ledger accepted it). */
  readonly fee: bigint;
  /** The reference script's size, which the fee pays 15 lovelace a byte for. */
  readonly scriptBytes: number;
  readonly accepted: boolean;
}

async function settleOnLedger(
  seats: readonly string[],
  leaves: readonly Hash[],
  seatTree: string,
  cases: readonly (readonly [string, number[]])[],
): Promise<Settled[]> {
  const admin = await Wallet.create();
  const chain = Chain.fund([admin.address], 1_000_000_000_000n, 4);
  const script = compiledScript(compileDraft(draftSource("tournament.hl"), true, seatTree));
  const [ref] = (await deploy(chain, admin, [script])) as [RefScript];
  const address = scriptAddress(script, "devnet");

  const payouts = Array.from({ length: 32 }, (_, k) => BigInt(100 - 2 * k) * 1_000_000n);
  const fixed = Array.from({ length: 8 }, () => ({ address: baseAddress(), amount: 5_000_000n }));
  const config: TournamentConfig = {
    name: "v3 settle draft, 1,024 seats",
    adminAddress: admin.address,
    bracketSize: 1024,
    entryFee: 2_000_000n,
    payoutStructure: payouts,
    fixedPayouts: fixed,
    registrationHash: randomHash(28),
    settleBy: SYSTEM_START_MS + 30 * DAY_MS,
  };
  const configData = tournamentDatumToData({ config, participants: [] });
  if (configData.kind !== "list" || configData.items[0] === undefined) throw new Error("config");
  const acc = accumulatorOf(leaves);
  const datum = hex(
    makeListData([
      configData.items[0],
      makeIntData(BigInt(acc.count)),
      makeListData(acc.peaks.map(bytesData)),
    ]).toCbor(),
  );
  const seedUtxo = chain.utxosAt(admin.address).filter(hasOnlyAda)[0]!;
  const id = tournamentIdOf(seedUtxo.input.txHash, seedUtxo.input.outputIndex);
  const unit = script.hash + id;
  const create: TxPlan = {
    payer: admin,
    scriptInputs: [],
    walletInputs: [seedUtxo],
    mints: [
      {
        script: ref,
        name: id,
        quantity: 1n,
        redeemer: mintCreateRedeemer(seedUtxo.input.txHash, seedUtxo.input.outputIndex),
      },
    ],
    outputs: [{ address, lovelace: 2_400_000_000n, assets: [{ unit, quantity: "1" }], datum }],
    requiredSigners: [],
    signers: [],
  };
  const created = chain.submit(await buildPlan(chain, create));
  assert.ok(created.ok, created.error);
  const pool = chain.utxosAt(address).find((u) => u.output.amount.some((a) => a.unit === unit))!;

  const prize = (to: string, amount: bigint, index: number): Out => {
    const tag = encodePayoutTag(id, index);
    const min = minLovelace(tag);
    return { address: to, lovelace: amount > min ? amount : min, datum: tag };
  };
  const settlePlan = (winners: readonly number[], ops: readonly ProofOp[]): TxPlan => ({
    payer: admin,
    scriptInputs: [
      {
        utxo: pool,
        redeemer: hex(makeConstrData(1, [makeConstrData(1, [intsData(winners), opsData(ops)])]).toCbor()),
        script: ref,
      },
    ],
    walletInputs: [],
    mints: [{ script: ref, name: id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs: [
      ...payouts.map((amount, k) => prize(seats[winners[k]!]!, amount, k)),
      ...fixed.map((f, j) => prize(f.address, f.amount, payouts.length + j)),
    ],
    requiredSigners: [admin.pkh],
    signers: [admin],
    validTo: beforeDeadline(config.settleBy),
  });

  const results: Settled[] = [];
  for (const [what, winners] of cases) {
    const ops = buildMultiproof(leaves, winners);
    const on = chain.snapshot();
    const tx = await buildPlan(on, settlePlan(winners, ops));
    const budgets = on.evaluate(tx);
    const submitted = on.submit(tx);
    results.push({
      what,
      hashes: ops.filter((op) => typeof op !== "number").length,
      ops: ops.length,
      size: tx.length / 2,
      spendMem: budgets.find((b) => b.tag === "SPEND")?.budget.mem ?? 0,
      mem: budgets.reduce((s, b) => s + b.budget.mem, 0),
      steps: budgets.reduce((s, b) => s + b.budget.steps, 0),
      fee: readTransaction(Buffer.from(tx, "hex")).body.fee,
      scriptBytes: ref.size,
      accepted: submitted.ok,
    });
  }
  // The ledger refuses the worst case with one proof hash flipped, and with winners 0 and 1 swapped.
  const winners = worstWinners();
  const ops = buildMultiproof(leaves, winners);
  const at = ops.findIndex((op) => typeof op !== "number");
  const flipped = ops.map((op, i) => (i === at ? Uint8Array.from(op as Hash, (b, j) => (j === 0 ? b ^ 1 : b)) : op));
  const swapped = [winners[1]!, winners[0]!, ...winners.slice(2)];
  for (const [w, o] of [
    [winners, flipped],
    [swapped, ops],
  ] as const) {
    const outcome = await attempt(chain.snapshot(), settlePlan(w, o));
    assert.ok(!outcome.ledger.ok && outcome.evaluationError !== null, "a broken settle was accepted");
  }
  return results;
}

// ---------------------------------------------------------------- a batch on the ledger

interface Batched {
  readonly seats: number;
  readonly size: number;
  readonly mem: number;
  readonly steps: number;
  /** Lovelace, as the builder set it (the ledger accepted it). */
  readonly fee: bigint;
  /** The reference script's size, which the fee pays 15 lovelace a byte for. */
  readonly scriptBytes: number;
  readonly accepted: boolean;
}

/** Pays batch 15 (seats 960..) of a tournament: `n` seats, each `pay`, the first `extra` more. */
async function batchOnLedger(seats: readonly string[], leaves: readonly Hash[], n: number): Promise<Batched> {
  const payer = await Wallet.create();
  const chain = Chain.fund([payer.address], 1_000_000_000_000n, 4);
  const script = compiledScript(compileDraft(draftSource("batch.hl"), true));
  const [ref] = (await deploy(chain, payer, [script])) as [RefScript];
  const address = scriptAddress(script, "devnet");
  const id = randomHash(32);
  const batch = 15;
  const first = 64 * batch;
  const pay = 2_345_678n;
  const extra = 63n;
  const datum = hex(
    makeListData([
      makeByteArrayData([...Buffer.from(id, "hex")]),
      makeIntData(BigInt(batch)),
      bytesData(subtreeRoot(leaves.slice(first, first + n), 6)),
      makeIntData(BigInt(n)),
      makeIntData(pay),
      makeIntData(extra),
    ]).toCbor(),
  );
  const bare = { scriptInputs: [], walletInputs: [], mints: [], requiredSigners: [], signers: [] };
  const locked = chain.submit(
    await buildPlan(chain, { ...bare, payer, outputs: [{ address, lovelace: BigInt(n) * pay + extra, datum }] }),
  );
  assert.ok(locked.ok, locked.error);
  const utxo = chain.utxosAt(address)[0]!;
  const tx = await buildPlan(chain, {
    ...bare,
    payer,
    scriptInputs: [{ utxo, redeemer: hex(makeConstrData(0, []).toCbor()), script: ref }],
    outputs: seats.slice(first, first + n).map((to, k) => ({
      address: to,
      lovelace: pay + (k === 0 ? extra : 0n),
      datum: encodePayoutTag(id, first + k),
    })),
  });
  const budgets = chain.evaluate(tx);
  return {
    seats: n,
    size: tx.length / 2,
    mem: budgets.reduce((s, b) => s + b.budget.mem, 0),
    steps: budgets.reduce((s, b) => s + b.budget.steps, 0),
    fee: readTransaction(Buffer.from(tx, "hex")).body.fee,
    scriptBytes: ref.size,
    accepted: chain.submit(tx).ok,
  };
}

// ---------------------------------------------------------------- report

const seats = Array.from({ length: 1024 }, baseAddress);
const leaves = seats.map(leafOf);
const started = Date.now();
const rows = unitChecks(seats, leaves);
const shown = new Set<string>();
console.log("Seat tree functions, Helios evaluator, devnet Plutus V2 cost model (checked against seat-tree.ts):");
for (const r of rows) {
  // The leaf is checked on 20 addresses; one line each way.
  if (shown.has(r.what)) continue;
  shown.add(r.what);
  const mem = `${r.mem.toString().padStart(9)} (${pct(Number(r.mem), MAX_TX_MEM).padStart(6)})`;
  const steps = `${r.cpu.toString().padStart(11)} (${pct(Number(r.cpu), MAX_TX_STEPS).padStart(6)})`;
  console.log(`  ${r.what.padEnd(72)} mem ${mem}  steps ${steps}`);
}
const worst = worstWinners();
const settled = [
  ...(await settleOnLedger(seats, leaves, SEAT_TREE, [
    ["worst case: 32 winners in 32 distinct subtrees", worst],
    ["random winners (1)", randomWinners(1024, 32)],
    ["random winners (2)", randomWinners(1024, 32)],
  ])),
  ...(await settleOnLedger(seats, leaves, SEAT_TREE_WITH_GET, [["worst case, lookups by Helios' get", worst]])),
];
console.log("\nSettle 32 + 8 at 1,024 seats on the devnet ledger (Scalus), draft script optimized, traces kept:");
for (const s of settled) {
  console.log(
    `  ${s.what.padEnd(48)} ${s.hashes} hashes / ${s.ops} ops  size ${s.size} B (${pct(s.size, MAX_TX_SIZE)})  mem ${s.mem} (${pct(s.mem, MAX_TX_MEM)}; spend ${s.spendMem})  steps ${s.steps} (${pct(s.steps, MAX_TX_STEPS)})  fee ${s.fee} (script ${s.scriptBytes} B)  ledger ${s.accepted ? "accepted" : "REFUSED"}`,
  );
}
console.log(
  "\nA batch paid (batch 15 of 1,024: base addresses, tags [id, 960 + k]), draft batch validator, on the devnet ledger:",
);
for (const n of [64, 33]) {
  const b = await batchOnLedger(seats, leaves, n);
  console.log(
    `  ${`${b.seats} seats`.padEnd(48)} size ${b.size} B (${pct(b.size, MAX_TX_SIZE)})  mem ${b.mem} (${pct(b.mem, MAX_TX_MEM)})  steps ${b.steps} (${pct(b.steps, MAX_TX_STEPS)})  fee ${b.fee} (script ${b.scriptBytes} B)  ledger ${b.accepted ? "accepted" : "REFUSED"}`,
  );
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
