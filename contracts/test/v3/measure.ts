// Measures v3 (contracts/V3-DESIGN.md §3.1, §9 commit 4) at the production shape
// (1,024 seats, batches of 64): the seat tree's functions one by one with Helios' evaluator under
// the devnet's Plutus V2 cost model, each compiled optimized and unoptimized and checked against
// src/tournament/seat-tree.ts (§10 item 6: the optimizer once broke a recursion); then the whole
// contract (contracts/plutus.json) on the devnet's ledger (Scalus, the devnet's protocol parameters and cost
// models: contracts/test's harness) with base addresses: a pool filled to 1,024 by adds of 40,
// an add of 40 all returning, settle 32 + 8 (worst-case and random winners), the refund and
// cancel splits of the full bracket and batch payments.
// Run: node --import tsx contracts/test/v3/measure.ts
import assert from "node:assert/strict";
import type { UTxO } from "@meshsdk/common";
import { makeIntData, makeListData } from "@helios-lang/uplc";
import { readTransaction } from "../../../src/cardano/tx-view.js";
import { addressToData } from "../../../src/tournament/datum.js";
import {
  accumulatorOf,
  appendLeaf,
  buildMultiproof,
  leafOf,
  rootOf,
  subtreeRoot,
  type Hash,
  type ProofOp,
} from "../../../src/tournament/seat-tree.js";
import {
  buildPlan,
  Chain,
  hasOnlyAda,
  MAX_TX_MEM,
  MAX_TX_SIZE,
  MAX_TX_STEPS,
  SYSTEM_START_MS,
  submitPlan,
  Wallet,
  type RefScript,
  type TxPlan,
} from "../helpers.js";
import { deploy, ledgerOrder, registerPlan, type ConfigInput } from "../tournament-txs.js";
import {
  bytesData,
  bytesOf,
  evaluate,
  hex,
  intsData,
  isTrue,
  listBytes,
  opsData,
  testingPrograms,
  type Evaluated,
} from "./helios.js";
import { addPlan, batchPlan, batchUtxo, closePlan, createPlan, poolDatum, registrantOf, settlePlan } from "./plans.js";
import { loadV3 } from "./scripts.js";
// The deterministic inputs, shared with budget.test.ts.
import { randomBaseAddress as baseAddress, randomWinners, worstWinners } from "./attack-world.js";

const pct = (x: number, of: bigint | number): string => `${((100 * x) / Number(of)).toFixed(1)} %`;

// ---------------------------------------------------------------- Helios

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

// ---------------------------------------------------------------- a full 1,024 on the ledger

interface Measured {
  readonly what: string;
  readonly size: number;
  readonly mem: number;
  readonly steps: number;
  /** Lovelace, as the builder set it (the ledger accepted it). */
  readonly fee: bigint;
  readonly accepted: boolean;
}

/** Builds `plan` with evaluated budgets, measures it and submits it to `on`. */
async function measured(on: Chain, what: string, plan: TxPlan): Promise<Measured & { txHash?: string }> {
  const tx = await buildPlan(on, plan);
  const budgets = on.evaluate(tx);
  const submitted = on.submit(tx);
  return {
    what,
    size: tx.length / 2,
    mem: budgets.reduce((s, b) => s + b.budget.mem, 0),
    steps: budgets.reduce((s, b) => s + b.budget.steps, 0),
    fee: readTransaction(Buffer.from(tx, "hex")).body.fee,
    accepted: submitted.ok,
    ...(submitted.txHash === undefined ? {} : { txHash: submitted.txHash }),
  };
}

const DAY_MS = 24 * 3600 * 1000;
const ADD = 40;

/**
 * The production build (contracts/plutus.json, depth 10, batches of 64) on the devnet ledger: a pool of
 * 1,024 seats filled by 26 adds (24, then 40 each) with exact fees, an add of 40 all returning
 * (984 → 1,024, on a snapshot), settle 32 + 8 (worst-case and random winners), and the refund of
 * the full bracket: the split into 16 batch UTxOs, then batches paid.
 */
async function fullBracket(seats: readonly string[]): Promise<Measured[]> {
  const scripts = loadV3();
  const [admin, stranger] = await Promise.all([Wallet.create(), Wallet.create()]);
  const chain = Chain.fund([admin.address, stranger.address], 1_000_000_000_000n, 8);
  const [tournamentRef, batchRef] = (await deploy(chain, admin, [scripts.tournament, scripts.batch])) as [
    RefScript,
    RefScript,
  ];
  const payouts = Array.from({ length: 32 }, (_, k) => BigInt(100 - 2 * k) * 1_000_000n);
  const input: ConfigInput = {
    name: "v3 draft, 1,024 seats",
    bracketSize: 1024,
    entryFee: 2_000_000n,
    payoutStructure: payouts,
    fixedPayouts: Array.from({ length: 8 }, () => ({ address: baseAddress(), amount: 5_000_000n })),
    settleBy: SYSTEM_START_MS + 30 * DAY_MS,
  };
  const seed = chain.utxosAt(admin.address).filter(hasOnlyAda)[0]!;
  const { plan, pool } = createPlan(scripts, { tournament: tournamentRef, batch: batchRef }, admin, input, seed);
  const rows: Measured[] = [await measured(chain, "create (1,024 seats, 32 + 8 prizes)", plan)];
  const [regRef] = await deploy(chain, admin, [pool.registration]);
  pool.refs.registration = regRef;
  const poolUtxo = (on: Chain): UTxO =>
    on.utxosAt(pool.address).find((u) => u.output.amount.some((a) => a.unit === pool.nftUnit))!;

  // Registrations, 64 per transaction, paid by the stranger; then the adds, 40 at a time in ledger order.
  for (let i = 0; i < seats.length; i += 64)
    await submitPlan(chain, registerPlan(pool, stranger, seats.slice(i, i + 64)));
  const pending = chain.utxosAt(pool.registrationAddress).sort(ledgerOrder);
  // The seats are the registrations in the order the adds take them (each add sorts its own).
  let order: string[] = [];
  const adds: Measured[] = [];
  // The first add takes the odd 24, so that the last is an add of 40 into the full bracket (984 → 1,024).
  const first = pending.length % ADD;
  const chunks = [
    pending.slice(0, first),
    ...Array.from({ length: Math.floor(pending.length / ADD) }, (_, c) =>
      pending.slice(first + c * ADD, first + (c + 1) * ADD),
    ),
  ].filter((c) => c.length > 0);
  for (const [c, batch] of chunks.entries()) {
    if (c === chunks.length - 1) {
      // The last add, 984 → 1,024, also with every registration overpaying (40 returns), on a snapshot.
      const returning = chain.snapshot();
      const over = await submitPlan(
        returning,
        registerPlan(pool, stranger, batch.map(registrantOf), input.entryFee + 2_000_000n),
      );
      const overRegs = returning.utxosAt(pool.registrationAddress).filter((u) => u.input.txHash === over.txHash);
      assert.equal(overRegs.length, ADD);
      rows.push(
        await measured(
          returning,
          `add 40 at ${order.length} → ${order.length + ADD}, all returning (40 tagged returns)`,
          addPlan(pool, admin, poolUtxo(returning), order, overRegs).plan,
        ),
      );
    }
    const { plan: add, seats: after } = addPlan(pool, admin, poolUtxo(chain), order, batch);
    const m = await measured(chain, `add ${batch.length} at ${order.length} → ${after.length}`, add);
    assert.ok(m.accepted, m.what);
    adds.push(m);
    order = after;
  }
  assert.equal(poolUtxo(chain).output.plutusData, poolDatum(pool.config, order, scripts.shape));
  const byMem = [...adds].sort((a, b) => b.mem - a.mem);
  rows.push({ ...byMem[0]!, what: `${byMem[0]!.what} (the add of 40 with the most memory)` });
  const full40 = adds.filter((a) => a.what.startsWith(`add ${ADD} `));
  const fees = full40.map((a) => a.fee).sort((a, b) => (a < b ? -1 : 1));
  const mems = full40.map((a) => a.mem).sort((a, b) => a - b);
  const sizes = full40.map((a) => a.size).sort((a, b) => a - b);
  console.log(
    `\n${adds.length} adds filled 1,024 seats; adds of 40 (exact fees): fee ${fees[0]}–${fees[fees.length - 1]} lovelace, ` +
      `per participant ${fees[0]! / 40n}–${fees[fees.length - 1]! / 40n} (target ≤ 37,700); memory ${pct(mems[0]!, MAX_TX_MEM)}–${pct(mems[mems.length - 1]!, MAX_TX_MEM)}; ` +
      `size ${sizes[0]}–${sizes[sizes.length - 1]} B; total fee of the fill ${adds.reduce((s, a) => s + a.fee, 0n)}\n` +
      `  memory by add: ${adds.map((a) => pct(a.mem, MAX_TX_MEM)).join(", ")}`,
  );

  // Settle 32 + 8, worst case and random winners, each on a snapshot of the full pool.
  for (const [what, winners] of [
    ["settle 32 + 8, worst case (32 distinct subtrees)", worstWinners()],
    ["settle 32 + 8, random winners", randomWinners(1024, 32)],
  ] as const) {
    const on = chain.snapshot();
    const { plan: settle, ops } = settlePlan(pool, admin, poolUtxo(on), order, winners);
    const hashes = ops.filter((op) => typeof op !== "number").length;
    rows.push(await measured(on, `${what}: ${hashes} hashes, ${ops.length} ops`, settle));
  }

  // Refund of the full bracket by a stranger after the deadline: the split, then batches.
  const after = chain.snapshot();
  after.setSlot(Chain.slotOf(input.settleBy) + 1);
  const { plan: close, batches } = closePlan(pool, stranger, poolUtxo(after), order, "refund");
  const split = await measured(after, `refund of 1,024: the split (${batches.length} batch UTxOs + remainder)`, close);
  rows.push(split);
  const atBatch = after.utxosAt(pool.batchAddress);
  for (const j of [0, 15]) {
    const u = batchUtxo(atBatch, split.txHash!, j)!;
    rows.push(
      await measured(
        after,
        `pay batch ${j} (64 seats${j === 0 ? ", extra on the first" : ""})`,
        batchPlan(pool, stranger, u, order, j),
      ),
    );
  }
  // The cancel's split, for its size (the admin signs).
  const cancelOn = chain.snapshot();
  rows.push(
    await measured(
      cancelOn,
      "cancel of 1,024: the split",
      closePlan(pool, admin, poolUtxo(cancelOn), order, "cancel").plan,
    ),
  );
  console.log(
    `script sizes: tournament ${scripts.tournament.compiledCode.length / 2} B, batch ${scripts.batch.compiledCode.length / 2} B, registration ${pool.registration.compiledCode.length / 2} B`,
  );
  return rows;
}

// ---------------------------------------------------------------- report

const seats = Array.from({ length: 1024 }, baseAddress);
const leaves = seats.map(leafOf);
const started = Date.now();
const rows = unitChecks(seats, leaves);
const shown = new Set<string>();
console.log("Seat tree functions, Helios evaluator, devnet Plutus V2 cost model (checked against seat-tree.ts):");
for (const r of rows) {
  if (shown.has(r.what)) continue;
  shown.add(r.what);
  const mem = `${r.mem.toString().padStart(9)} (${pct(Number(r.mem), MAX_TX_MEM).padStart(6)})`;
  const steps = `${r.cpu.toString().padStart(11)} (${pct(Number(r.cpu), MAX_TX_STEPS).padStart(6)})`;
  console.log(`  ${r.what.padEnd(72)} mem ${mem}  steps ${steps}`);
}
const ledgerRows = await fullBracket(seats);
console.log("\nv3 (contracts/plutus.json, production tree) on the devnet ledger (Scalus), base addresses:");
for (const m of ledgerRows) {
  console.log(
    `  ${m.what.padEnd(70)} size ${m.size} B (${pct(m.size, MAX_TX_SIZE)})  mem ${m.mem} (${pct(m.mem, MAX_TX_MEM)})  steps ${m.steps} (${pct(m.steps, MAX_TX_STEPS)})  fee ${m.fee}  ledger ${m.accepted ? "accepted" : "REFUSED"}`,
  );
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
