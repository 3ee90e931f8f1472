// Every tournament transaction pays the ledger's minimum fee and not a lovelace more: the signed
// transaction with its fee one lovelace lower (and its change one higher, so that value is still
// conserved and the size does not move) is refused by the devnet for its fee, and the transaction
// as built is accepted. The minimum counts the size, the reference scripts and the scripts'
// execution units, and the budgets declared are exactly those the chain's evaluator says the
// scripts need. And nothing is attached that was not asked for: no auxiliary data.
import assert from "node:assert/strict";
import { after, before, describe, it, type TestContext } from "node:test";
import { CborReader } from "../../src/cardano/cbor.js";
import { fromHex, readMapEntries, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
import { MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, ok, signAndSubmit, tipOf, type BuiltTx } from "../support/tournament-api.js";
import { oneLovelaceLess } from "../support/tx-decode.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

let s: RunningService;
before(async () => {
  s = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await s?.close();
});

/** Signs `complete` with each wallet and submits it, expecting the ledger to refuse it; returns the ledger's own words (`detail`, else the message). */
async function submitRejected(complete: string, signers: readonly Funded[]): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(complete)));
  const response = await s.request<"submitTournamentTransaction">("POST", "/tournaments/submit-tx", {
    transaction: complete,
    signatures,
  });
  assert.equal(response.status, 422, JSON.stringify(response.body));
  return (response.body.detail ?? response.body.message) as string;
}

/** The redeemers of a transaction (the witness set's key 5, array form): "tag index" → [mem, steps]. */
function declaredBudgets(complete: string): Map<string, [bigint, bigint]> {
  const entry = readMapEntries(splitTransaction(fromHex(complete)).witnessSet).find(
    ([key]) => new CborReader(key).smallUint() === 5,
  );
  const budgets = new Map<string, [bigint, bigint]>();
  if (!entry) return budgets;
  const reader = new CborReader(entry[1]);
  reader.each(reader.arrayLength(), () => {
    assert.equal(reader.arrayLength(), 4, "a redeemer is [tag, index, data, ex_units]");
    const key = `${reader.smallUint()} ${reader.smallUint()}`;
    reader.raw();
    reader.arrayLength();
    budgets.set(key, [reader.uint(), reader.uint()]);
  });
  return budgets;
}

/** What the chain's evaluator says each redeemer of `complete` needs, in the same shape. */
async function neededBudgets(complete: string): Promise<Map<string, [bigint, bigint]>> {
  const tags: Record<string, number> = { SPEND: 0, MINT: 1 };
  const answer = await s.app.chain!.evaluate(complete);
  return new Map(answer.map((r) => [`${tags[r.tag]} ${r.index}`, [BigInt(r.budget.mem), BigInt(r.budget.steps)]]));
}

/** The body's field numbers. */
const bodyFields = (complete: string): number[] =>
  readMapEntries(splitTransaction(fromHex(complete)).body).map(([key]) => new CborReader(key).smallUint());

/**
 * Asserts that `built` carries no auxiliary data, that one lovelace less is refused for its fee
 * and that the transaction as built is accepted (so submitted: the flow goes on from it).
 */
async function assertExactFee(
  t: TestContext,
  what: string,
  built: BuiltTx,
  changeAddress: string,
  signers: readonly Funded[],
): Promise<void> {
  t.diagnostic(`${what}: fee ${built.fee} lovelace, ${built.complete.length / 2} bytes unsigned`);
  assert.deepEqual(
    splitTransaction(fromHex(built.complete)).rest.map(toHex),
    ["f5", "f6"],
    "no auxiliary data: is_valid true, then null",
  );
  assert.ok(!bodyFields(built.complete).includes(7), "no auxiliary data hash");
  const declared = declaredBudgets(built.complete);
  if (declared.size > 0)
    assert.deepEqual(declared, await neededBudgets(built.complete), "the budgets declared are those the scripts need");
  const lowered = oneLovelaceLess(built.complete, changeAddress);
  const refusal = await submitRejected(lowered, signers);
  const [, given, required] = /fee Coin\((\d+)\) is less than minimum required Coin\((\d+)\)/.exec(refusal) ?? [];
  assert.ok(given && required, refusal);
  assert.equal(BigInt(given), BigInt(built.fee) - 1n);
  assert.equal(BigInt(required), BigInt(built.fee), "the fee built is the ledger's minimum");
  await signAndSubmit(s, built, signers);
}

describe("exact fees: one lovelace less is refused by the ledger, for every tournament transaction", () => {
  let admin: Funded;
  let stranger: Funded;
  let players: Funded[];
  /** A short deadline for the tournament refunded at the end. */
  let settleBy = 0;

  before(async () => {
    admin = await fundedWallet(s, 1000 * ADA);
    stranger = await fundedWallet(s, 50 * ADA);
    players = [];
    for (let i = 0; i < 4; i++) players.push(await fundedWallet(s, 100 * ADA));
    settleBy = (await tipOf(s)).time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
  });

  const create = async (t: TestContext, name: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const body = {
      name,
      adminAddress: admin.address,
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [15 * ADA],
      utxos: await admin.utxos(),
      ...extra,
    };
    const built = ok(await s.request<"createTournament">("POST", "/tournaments", body));
    await assertExactFee(t, `create ${name}`, built, admin.address, [admin]);
    return built.tournamentId!;
  };
  const register = async (t: TestContext, id: string, w: Funded): Promise<{ address: string; outputRef: string }> => {
    const built = ok(
      await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
        registererAddress: w.address,
        utxos: await w.utxos(),
      }),
    );
    await assertExactFee(t, "register", built, w.address, [w]);
    return { address: w.address, outputRef: built.outputRef! };
  };
  const add = async (
    t: TestContext,
    id: string,
    registrations: { address: string; outputRef: string }[],
  ): Promise<void> => {
    const built = ok(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
        adminAddress: admin.address,
        registrations,
        utxos: await admin.utxos(),
      }),
    );
    await assertExactFee(t, `add ${registrations.length} participant(s)`, built, admin.address, [admin]);
  };

  let refunded = "";

  it("create, register, unregister, add participants and settle", async (t) => {
    const id = await create(t, "Exact");
    refunded = await create(t, "Refunded", { settleBy });
    const regs = [await register(t, id, players[0]!), await register(t, id, players[1]!)];
    const dropped = await register(t, id, players[2]!);
    const unregister = ok(
      await s.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
        registererAddress: players[2]!.address,
        outputRef: dropped.outputRef,
        utxos: await players[2]!.utxos(),
      }),
    );
    await assertExactFee(t, "unregister", unregister, players[2]!.address, [players[2]!]);
    await add(t, id, regs);
    const settle = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        adminAddress: admin.address,
        results: [regs[1]!.address, regs[0]!.address],
        utxos: await admin.utxos(),
      }),
    );
    await assertExactFee(t, "settle", settle, admin.address, [admin]);
  });

  it("cancel", async (t) => {
    const id = await create(t, "Cancelled");
    await add(t, id, [await register(t, id, players[3]!)]);
    const cancel = ok(
      await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
      }),
    );
    await assertExactFee(t, "cancel", cancel, admin.address, [admin]);
  });

  it("refund, after the deadline", async (t) => {
    await add(t, refunded, [await register(t, refunded, players[0]!)]);
    const r = await s.request<"advanceDevnetClock">("POST", "/devnet/advance", {
      seconds: (MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const refund = ok(
      await s.request<"refundTournament">("POST", `/tournaments/${refunded}/refund`, {
        address: stranger.address,
        utxos: await stranger.utxos(),
      }),
    );
    await assertExactFee(t, "refund", refund, stranger.address, [stranger]);
  });
});
