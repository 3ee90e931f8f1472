// A v3 tournament filled, read and refunded at scale through HTTP alone, every transaction signed in
// the test (issue #23): registrations through POST /tournaments/{id}/register (funded wallets each
// paying for many players without a wallet here, the wallets side by side), the listing paged
// through, the adds of the most one request takes (the API's own figure, read from its 400), the
// participants paged back, and the refund's close and batches each paid by another stranger.
// test/slow/tournament-1024.test.ts (filled, settled) and tournament-1024-refund.test.ts (filled,
// refunded) run them at 1,024 on the devnet, tournament-v3-fakes.test.ts at 128 through the
// Blockfrost and Ogmios + Kupo fakes.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { DEVNET_PROTOCOL_PARAMETERS, maxTxExUnits } from "../../src/chain/protocol-params.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { startService, type RunningService } from "./service.js";
import type { Target } from "./target.js";
import {
  ADA,
  getTournament,
  ok,
  rejected,
  signAndSubmit,
  txStats,
  type BuiltTx,
  type Tournament,
} from "./tournament-api.js";
import { mintOf } from "./tx-decode.js";
import { lovelaceOf, totalLovelace, utxosAt } from "./utxos.js";
import { outputsOfTx } from "./v3-contract.js";
import { fund, fundedWallet, type Funded, type Funder } from "./wallets.js";

export const V3 = { contractVersion: "3.0.0" } as const;

/** A testnet base address (payment and stake key hashes) of a player without a wallet in the test. */
export const keyless = (): string =>
  serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

/** Milliseconds since `start`, as seconds with one decimal. */
export const seconds = (start: number): string => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** The smallest and the largest of `xs`. */
export const range = (xs: readonly bigint[]): string =>
  `${xs.reduce((a, b) => (a < b ? a : b))}..${xs.reduce((a, b) => (a > b ? a : b))}`;

/** `count` fresh wallets holding `lovelace` each, funded one after another (a faucet spends one UTxO at a time). */
export async function fundedWallets(from: RunningService | Funder, count: number, lovelace: number): Promise<Funded[]> {
  const wallets: Funded[] = [];
  for (let i = 0; i < count; i++) wallets.push(await fundedWallet(from, lovelace));
  return wallets;
}

/**
 * Registers every address of `players` to tournament `id` through POST /tournaments/{id}/register:
 * `players[i]` paid by `wallets[i % wallets.length]`, each wallet one registration after another
 * (its change pays the next), the wallets side by side. Resolves to each registration's fee.
 */
export async function registerAll(
  service: RunningService,
  id: string,
  wallets: readonly Funded[],
  players: readonly string[],
): Promise<bigint[]> {
  const fees: bigint[] = [];
  let failed = false;
  await Promise.all(
    wallets.map(async (w, k) => {
      for (let i = k; i < players.length && !failed; i += wallets.length) {
        const built = ok(
          await service.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
            registererAddress: players[i],
            changeAddress: w.address,
            utxos: await w.utxos(),
            ...V3,
          }),
        );
        await signAndSubmit(service, built, [w]);
        fees.push(BigInt(built.fee));
      }
    }),
  ).catch((error: unknown) => {
    // The other wallets stop at their next registration; a failed fetch says why in its cause.
    failed = true;
    const cause = (error as { cause?: Error }).cause;
    throw cause === undefined
      ? error
      : new Error(`${String(error)} after ${fees.length} registrations: ${cause.message}`, { cause });
  });
  return fees;
}

/** GET /tournaments/{id}/registrations?valid=true, page after page of 100 (following `cursor`) until the last. */
export async function listedRegistrations(
  service: RunningService,
  id: string,
): Promise<{ registrations: { address: string; outputRef: string }[]; pages: number }> {
  const registrations: { address: string; outputRef: string }[] = [];
  let pages = 0;
  for (let cursor: string | null = "1"; cursor !== null; pages++) {
    const path: string = `/tournaments/${id}/registrations?valid=true&limit=100&cursor=${cursor}`;
    const { status, body } = await service.request<"listTournamentRegistrations">("GET", path);
    assert.equal(status, 200, JSON.stringify(body));
    const results = body.results as { address: string; outputRef: string }[];
    assert.ok(results.length <= 100);
    registrations.push(...results.map(({ address, outputRef }) => ({ address, outputRef })));
    cursor = (body.cursor as string | null | undefined) ?? null;
  }
  return { registrations, pages };
}

/**
 * The most registrations one POST /tournaments/{id}/participants takes, as the API says it: a
 * request of `registrations.length` entries (more than it takes) is refused with a 400 whose message
 * names the field and "at most N are added per transaction".
 */
export async function addLimitOf(
  service: RunningService,
  id: string,
  admin: Funded,
  registrations: readonly { address: string; outputRef: string }[],
): Promise<number> {
  const r = await service.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
    adminAddress: admin.address,
    registrations,
    utxos: await admin.utxos(),
    ...V3,
  });
  assert.equal(r.status, 400, JSON.stringify(r.body));
  const message = (r.body as { message: string }).message;
  const said = /body\.registrations has (\d+) entries; at most (\d+) are added per transaction/.exec(message);
  assert.ok(said, message);
  assert.equal(Number(said[1]), registrations.length, message);
  return Number(said[2]);
}

/**
 * Adds `registrations` to tournament `id`, `limit` per POST /tournaments/{id}/participants, each
 * signed by the admin and submitted before the next; asserts each answer's participantCount and
 * seatsLeft. Resolves to the adds' answers.
 */
export async function addAll(
  service: RunningService,
  id: string,
  admin: Funded,
  bracket: number,
  registrations: readonly { address: string; outputRef: string }[],
  limit: number,
): Promise<(BuiltTx & { participantCount: number; seatsLeft: number })[]> {
  const answers: (BuiltTx & { participantCount: number; seatsLeft: number })[] = [];
  for (let from = 0; from < registrations.length; from += limit) {
    const part = registrations.slice(from, from + limit);
    const r = await service.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
      adminAddress: admin.address,
      registrations: part,
      utxos: await admin.utxos(),
      ...V3,
    });
    const built = ok(r) as BuiltTx & { participantCount: number; seatsLeft: number };
    assert.deepEqual(
      [built.participantCount, built.seatsLeft],
      [from + part.length, bracket - from - part.length],
      `the add of ${from}..${from + part.length - 1}`,
    );
    await signAndSubmit(service, built, [admin]);
    answers.push(built);
  }
  return answers;
}

/** Every participant of tournament `id` in seat order, GET /tournaments/{id} page after page of `limit`; asserts each page's figures. */
export async function pagedParticipants(
  service: RunningService,
  id: string,
  limit: number,
): Promise<{ participants: string[]; pages: number; participantCount: number }> {
  const participants: string[] = [];
  let participantCount = -1;
  let page = 1;
  for (; ; page++) {
    const r = await service.request<"getTournament">(
      "GET",
      `/tournaments/${id}?participantsPage=${page}&participantsLimit=${limit}`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const body = r.body as {
      participants: string[];
      participantCount: number;
      participantsPage: number;
      participantsLimit: number;
    };
    assert.deepEqual([body.participantsPage, body.participantsLimit], [page, limit]);
    participantCount = body.participantCount;
    if (body.participants.length === 0) break;
    assert.ok(body.participants.length <= limit);
    participants.push(...body.participants);
  }
  return { participants, pages: page - 1, participantCount };
}

/** What a call of POST /tournaments/{id}/refund (or /cancel) answers in v3: one transaction, a step of the refund. */
export type Step = BuiltTx & { step: "close" | "batch"; batch?: number; batchesRemaining: number };

/**
 * Refunds tournament `id` (its deadline passed) through POST /tournaments/{id}/refund until nothing is
 * left: each call's one transaction (the close, then the lowest unpaid batch) signed by a fresh
 * stranger funded by `from` and submitted before the next call. Resolves to the steps, in order.
 */
export async function refundAll(
  service: RunningService,
  from: RunningService | Funder,
  id: string,
  most: number,
): Promise<{ steps: Step[]; strangers: Funded[] }> {
  const steps: Step[] = [];
  const strangers: Funded[] = [];
  for (;;) {
    const stranger = await fundedWallet(from, 30_000_000);
    const r = await service.request<"refundTournament">("POST", `/tournaments/${id}/refund`, {
      address: stranger.address,
      utxos: await stranger.utxos(),
      ...V3,
    });
    const step = ok(r) as Step;
    assert.equal(step.step, steps.length === 0 ? "close" : "batch");
    await signAndSubmit(service, step, [stranger]);
    steps.push(step);
    strangers.push(stranger);
    assert.ok(steps.length <= most, `at most ${most} refund transactions`);
    if (step.batchesRemaining === 0 && step.step === "batch") break;
  }
  return { steps, strangers };
}

/** A target's service and what funds its wallets and moves its clock (./target.ts): the devnet, or a fake backend. */
export type ScaleTarget = Pick<Target, "service" | "fund" | "advance">;

/** How one fill goes: the bracket, its entry fee, the wallets that pay the registrations side by side, who sees the diagnostics. */
export interface FillPlan {
  readonly name: string;
  readonly bracket: number;
  readonly entryFee: number;
  /** Wallets paying the registrations side by side; with `selfRegister`, each registers itself first. */
  readonly wallets: number;
  readonly selfRegister: boolean;
  /** The rest of POST /tournaments's body: payoutStructure, fixedPayouts, settleBy. */
  readonly body: Record<string, unknown>;
  readonly log: (line: string) => void;
}

/** A v3 tournament as a fill leaves it: full, its seats as read back page by page. */
export interface Filled {
  readonly id: string;
  readonly participants: string[];
  readonly wallets: Funded[];
  readonly full: Tournament;
  /** How many add-participants transactions filled it. */
  readonly adds: number;
}

/** "fee …, … B unsigned, … memory (… %), … steps (… %)" of a built transaction. */
export function figures(built: { complete: string; fee: string }): string {
  const max = maxTxExUnits(DEVNET_PROTOCOL_PARAMETERS);
  const pct = (a: bigint, b: bigint) => `${((100 * Number(a)) / Number(b)).toFixed(1)} %`;
  const st = txStats(built.complete);
  return `fee ${built.fee} lovelace, ${st.size} B unsigned, ${st.mem} memory (${pct(st.mem, max.mem)}), ${st.steps} steps (${pct(st.steps, max.steps)})`;
}

/**
 * Creates a v3 tournament of `plan.bracket` seats with `admin`, fills it through the API
 * (registerAll, listedRegistrations, addLimitOf, addAll) and reads its seats back page by page;
 * asserts the seats are the players registered and the pool holds the entry fees.
 */
export async function fillV3(target: ScaleTarget, admin: Funded, plan: FillPlan): Promise<Filled> {
  const s = target.service;
  const { name, bracket, log } = plan;
  let start = performance.now();
  const created = ok(
    await s.request<"createTournament">("POST", "/tournaments", {
      name,
      adminAddress: admin.address,
      bracketSize: bracket,
      entryFee: String(plan.entryFee),
      utxos: await admin.utxos(),
      ...V3,
      ...plan.body,
    }),
  );
  log(`create: ${figures(created)}`);
  await signAndSubmit(s, created, [admin]);
  const id = created.tournamentId!;
  const held = BigInt((await getTournament(s, id)).lovelace!);
  const perWallet = Math.ceil(bracket / plan.wallets);
  const wallets = await fundedWallets(target, plan.wallets, perWallet * (plan.entryFee + 1 * ADA) + 20 * ADA);
  const players = Array.from({ length: bracket }, (_, i) =>
    plan.selfRegister && i < plan.wallets ? wallets[i]!.address : keyless(),
  );
  log(`created, ${plan.wallets} wallets funded in ${seconds(start)}`);

  start = performance.now();
  const fees = await registerAll(s, id, wallets, players);
  assert.equal(fees.length, bracket);
  log(
    `${bracket} registrations through POST /register by ${plan.wallets} wallets side by side in ${seconds(start)}, fees ${range(fees)} lovelace`,
  );

  start = performance.now();
  const { registrations, pages } = await listedRegistrations(s, id);
  assert.equal(registrations.length, bracket);
  assert.deepEqual(new Set(registrations.map((r) => r.address)), new Set(players));
  log(`${registrations.length} registrations listed in ${pages} pages of at most 100 in ${seconds(start)}`);

  start = performance.now();
  const limit = await addLimitOf(s, id, admin, registrations.slice(0, 41));
  const adds = await addAll(s, id, admin, bracket, registrations, limit);
  assert.equal(adds.length, Math.ceil(bracket / limit));
  log(`first add of ${limit}: ${figures(adds[0]!)}`);
  log(`last add (→ ${bracket}): ${figures(adds.at(-1)!)}`);
  const addFees = adds.map((a) => BigInt(a.fee));
  log(
    `${adds.length} adds of at most ${limit} (the API's figure) in ${seconds(start)}, fees ${range(addFees)}, total ${addFees.reduce((a, b) => a + b)} lovelace, largest ${Math.max(...adds.map((a) => a.complete.length / 2))} B unsigned`,
  );

  start = performance.now();
  const { participants, pages: seatPages, participantCount } = await pagedParticipants(s, id, 100);
  assert.equal(participantCount, bracket);
  assert.equal(participants.length, bracket);
  assert.deepEqual(new Set(participants), new Set(players));
  const full = (await getTournament(s, id)) as Tournament;
  assert.equal(full.status, "full");
  assert.equal(BigInt(full.lovelace), held + BigInt(bracket) * BigInt(plan.entryFee));
  log(`${participants.length} participants read in ${seatPages} pages of 100 in ${seconds(start)}`);
  return { id, participants, full, wallets, adds: adds.length };
}

/**
 * Settles `filled` with `winners` (its payout structure's length) and `fixed` (its fixed payouts, in
 * order): one transaction that burns the NFT; every prize output on chain (index, address, amount,
 * tag), the next places unpaid, the NFT nowhere, the admin holding the rest less the fee.
 */
export async function settleAndCheck(
  target: ScaleTarget,
  admin: Funded,
  filled: Filled,
  winners: readonly string[],
  payouts: readonly number[],
  fixed: readonly (readonly [string, number])[],
  log: (line: string) => void,
): Promise<void> {
  const s = target.service;
  const { id, full } = filled;
  const start = performance.now();
  const adminBefore = totalLovelace(await utxosAt(s, admin.address));
  const settled = ok(
    await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
      adminAddress: admin.address,
      results: winners,
      utxos: await admin.utxos(),
      ...V3,
    }),
  );
  log(
    `settle of ${filled.participants.length} (${payouts.length} placements + ${fixed.length} fixed payouts, burn): ${figures(settled)}`,
  );
  assert.deepEqual(mintOf(settled.complete), [[full.policyId + id, -1n]], "the NFT is burnt");
  await signAndSubmit(s, settled, [admin]);
  log(`settled in ${seconds(start)}`);

  const paid = [
    ...payouts.map((amount, i) => [winners[i]!, amount, i] as const),
    ...fixed.map(([address, amount], k) => [address, amount, payouts.length + k] as const),
  ];
  const outs = await outputsOfTx(s, settled.hash, paid.length);
  assert.equal(outs.length, paid.length);
  for (const [address, amount, index] of paid) {
    const out = outs[index]!;
    assert.equal(out.input.outputIndex, index);
    assert.equal(out.output.address, address, `output ${index}`);
    assert.equal(lovelaceOf(out), BigInt(amount), `output ${index}`);
    assert.equal(out.output.plutusData, encodePayoutTag(id, index), `output ${index}`);
  }
  const ended = (await getTournament(s, id)) as { status: string; results: string[] };
  assert.equal(ended.status, "settled");
  assert.deepEqual(ended.results, winners);
  const everywhere = [...(await utxosAt(s, admin.address)), ...(await utxosAt(s, full.registrationAddress))];
  assert.ok(!everywhere.some((u) => u.output.amount.some((a) => a.unit.endsWith(id))), "the NFT is nowhere");
  const prizes = BigInt([...payouts, ...fixed.map(([, a]) => a)].reduce((a, b) => a + b, 0));
  assert.equal(
    totalLovelace(await utxosAt(s, admin.address)),
    adminBefore + BigInt(full.lovelace) - prizes - BigInt(settled.fee),
    "the admin holds the rest of the pool, less the fee",
  );
}

/**
 * Refunds `filled` (a bracket of whole batches of 64, no deposit: each seat owed its entry fee) once
 * its deadline passed: a refund before it is a 400; then the clock moves `advanceSeconds` and
 * strangers refund it (refundAll, at most `most` transactions): the close, each batch in order; per
 * address, the batches paid exactly the entry fee, tagged [id, seat]; `sample` seats' addresses hold
 * just that on chain; the close's batch outputs all spent; a further refund a 400.
 */
export async function refundAndCheck(
  target: ScaleTarget,
  admin: Funded,
  filled: Filled,
  entryFee: number,
  advanceSeconds: number,
  most: number,
  log: (line: string) => void,
): Promise<Step[]> {
  const s = target.service;
  const { id, participants } = filled;
  const batches = participants.length / 64;
  const early = await fundedWallet(target, 30 * ADA);
  rejected(
    await s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, {
      address: early.address,
      utxos: await early.utxos(),
      ...V3,
    }),
    400,
    /can be refunded only after its settlement deadline/,
  );
  await target.advance(advanceSeconds);

  const start = performance.now();
  const { steps } = await refundAll(s, target, id, most);
  assert.equal(steps.length, 1 + batches);
  assert.deepEqual(
    steps.map((x) => [x.step, x.batch ?? null, x.batchesRemaining]),
    [["close", null, batches], ...Array.from({ length: batches }, (_, j) => ["batch", j, batches - 1 - j])],
  );
  log(`refund close of ${participants.length} (${batches} batches): ${figures(steps[0]!)}`);
  log(`refund batch 0 (64 seats): ${figures(steps[1]!)}`);
  const fees = steps.slice(1).map((x) => BigInt(x.fee));
  log(
    `refunded in ${steps.length} transactions, each by another stranger (${seconds(start)}), batch fees ${range(fees)}, total ${fees.reduce((a, b) => a + b) + BigInt(steps[0]!.fee)} lovelace`,
  );

  const paidTo = new Map<string, bigint>();
  for (const [j, x] of steps.slice(1).entries()) {
    const outs = await outputsOfTx(s, x.hash, 64);
    assert.equal(outs.length, 64, `batch ${j} pays 64 seats`);
    outs.forEach((u, k) => {
      const seat = 64 * j + k;
      assert.equal(u.output.address, participants[seat], `seat ${seat}`);
      assert.equal(u.output.plutusData, encodePayoutTag(id, seat), `seat ${seat}`);
      paidTo.set(u.output.address, (paidTo.get(u.output.address) ?? 0n) + lovelaceOf(u));
    });
  }
  assert.equal(paidTo.size, participants.length, "as many addresses paid as seats");
  for (const address of participants) assert.equal(paidTo.get(address), BigInt(entryFee), address);
  // On chain, each player (an address of nobody else's) holds exactly its refund.
  for (const address of [...participants.slice(0, 32), ...participants.slice(-32)]) {
    const held = await utxosAt(s, address);
    assert.deepEqual([held.length, totalLovelace(held)], [1, BigInt(entryFee)], address);
  }
  const ended = (await getTournament(s, id)) as { status: string; batches: { paidBy: string | null }[] };
  assert.equal(ended.status, "refunded");
  assert.deepEqual(
    ended.batches.map((b) => b.paidBy),
    steps.slice(1).map((x) => x.hash),
  );
  // The pool is empty: of the close's outputs only the admin's remainder (after the batches) is unspent.
  const left = await outputsOfTx(s, steps[0]!.hash, batches + 1);
  assert.deepEqual(
    left.map((u) => [u.input.outputIndex, u.output.address]),
    [[batches, admin.address]],
  );
  const last = await fundedWallet(target, 30 * ADA);
  rejected(
    await s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, {
      address: last.address,
      utxos: await last.utxos(),
      ...V3,
    }),
    400,
    new RegExp(`Nothing is left to refund in tournament ${id}: each of its ${batches} batches is paid already`),
  );
  return steps;
}

/**
 * A devnet service for a fill of 1,024 (its faucet funds, POST /devnet/advance moves the clock).
 * Idle keep-alive connections stay open a minute: the test and the service share one event loop,
 * and a loop busy for seconds could let the server close a connection the client is about to reuse.
 */
export async function devnetScaleTarget(): Promise<ScaleTarget> {
  const service = await startService({ KEEP_ALIVE_TIMEOUT_MS: "60000" });
  return {
    service,
    fund: (address, lovelace) => fund(service, address, Number(lovelace)),
    async advance(seconds) {
      const r = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    },
  };
}
