// The calls of the tournament API the tournament tests make: a building endpoint's answer checked
// (ok, rejected), signed in the test as a wallet would (./wallets.ts) and submitted through
// POST /tournaments/submit-tx, a tournament read back, its tagged payments checked on chain;
// tournamentCalls, the create, register, add and settle steps each built, signed and submitted; and
// openTournament, a devnet service with funded wallets and one tournament created.
import assert from "node:assert/strict";
import { fromHex, splitTransaction } from "../../src/cardano/tx-cbor.js";
import { declaredExUnits } from "../../src/chain/devnet/limits.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import type { Body, ErrorFields } from "./api.js";
import { startService, type RunningService } from "./service.js";
import { signAndSubmit as submitThrough } from "./transactions-api.js";
import { lovelaceOf, outputsFrom } from "./utxos.js";
import { fundedWallet, type Funded, type TestWallet } from "./wallets.js";

export const ADA = 1_000_000;

/** What a building endpoint answers. */
export interface BuiltTx {
  complete: string;
  hash: string;
  fee: string;
  tournamentId?: string;
  outputRef?: string;
  deposit?: string;
  settleBy?: number;
}

/** Expects 200 from a building endpoint; returns the body. */
export function ok(r: { status: number; body: unknown }): BuiltTx {
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const body = r.body as BuiltTx;
  assert.match(body.complete, /^[0-9a-f]+$/);
  assert.match(body.hash, /^[0-9a-f]{64}$/);
  return body;
}

/** Expects a 400 whose message matches. */
export function rejected(r: ErrorFields, status: number, message: RegExp): void {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.statusCode, status);
  assert.match(r.body.message as string, message);
}

/** Signs `complete` with each wallet (CIP-30 witness sets) and submits it through POST /tournaments/submit-tx; asserts the ledger accepted it. */
export const signAndSubmit = (
  service: RunningService,
  built: { complete: string; hash: string },
  signers: readonly TestWallet[],
): Promise<string> => submitThrough(service, built, signers, "/tournaments/submit-tx");

/**
 * The steps a tournament goes through, each built on `service()` (read at each call: a flow's
 * target starts in its `before`), signed by the wallet that acts and submitted; each resolves to
 * the building endpoint's answer.
 */
export function tournamentCalls(service: () => RunningService) {
  return {
    service,
    async create(admin: Funded, body: Record<string, unknown>) {
      const built = ok(
        await service().request<"createTournament">("POST", "/tournaments", {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
          ...body,
        }),
      );
      await signAndSubmit(service(), built, [admin]);
      return built;
    },
    async register(id: string, w: Funded): Promise<{ address: string; outputRef: string; hash: string; fee: bigint }> {
      const built = ok(
        await service().request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: w.address,
          utxos: await w.utxos(),
        }),
      );
      await signAndSubmit(service(), built, [w]);
      return { address: w.address, outputRef: built.outputRef!, hash: built.hash, fee: BigInt(built.fee) };
    },
    async add(id: string, admin: Funded, registrations: { address: string; outputRef: string }[]) {
      const built = ok(
        await service().request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          adminAddress: admin.address,
          registrations,
          utxos: await admin.utxos(),
        }),
      );
      await signAndSubmit(service(), built, [admin]);
      return built;
    },
    async settle(id: string, admin: Funded, results: string[]) {
      const built = ok(
        await service().request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
          adminAddress: admin.address,
          results,
          utxos: await admin.utxos(),
        }),
      );
      await signAndSubmit(service(), built, [admin]);
      return built;
    },
  };
}

/**
 * `service` with every tournament request naming `contractVersion` (a test that pins one
 * contract's behaviour: v2.1's list layout, limits and figures): added to the body of each building
 * call and the query of each read under /tournaments, unless the request names one already;
 * POST /tournaments/submit-tx and every other path pass unchanged. The default is v3 ("3.0.0").
 */
export function onContract(service: RunningService, contractVersion: string): RunningService {
  const named = (path: string, body: unknown): { path: string; body: unknown } => {
    const [route = "", query] = path.split("?", 2);
    if (!/^\/tournaments(\/|$)/.test(route) || route === "/tournaments/submit-tx") return { path, body };
    if (body !== undefined) {
      const fields = body as Record<string, unknown>;
      return { path, body: "contractVersion" in fields ? fields : { ...fields, contractVersion } };
    }
    if (query !== undefined && new URLSearchParams(query).has("contractVersion")) return { path, body };
    return { path: `${path}${query === undefined ? "?" : "&"}contractVersion=${contractVersion}`, body };
  };
  return {
    ...service,
    close: () => service.close(),
    request: ((method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      const r = named(path, body);
      return service.request(method, r.path, r.body, headers);
    }) as RunningService["request"],
  };
}

/** A devnet service with one tournament open (./openTournament). */
export interface OpenTournament<K extends string> {
  readonly service: RunningService;
  /** The wallets funded, by name: `admin` created the tournament. */
  readonly wallets: Readonly<Record<K | "admin", Funded>>;
  readonly id: string;
  readonly registrationAddress: string;
}

/**
 * Starts a devnet service, funds a fresh wallet for each name of `funds` (lovelace, in that
 * order), and has `admin` create the tournament `body` describes (name, bracketSize, entryFee,
 * payoutStructure…), built, signed and submitted. The caller closes the service.
 */
export async function openTournament<K extends string>(
  funds: Readonly<Record<K | "admin", number>>,
  body: Record<string, unknown>,
): Promise<OpenTournament<K>> {
  const service = await startService();
  try {
    const wallets = {} as Record<K | "admin", Funded>;
    for (const [name, lovelace] of Object.entries(funds) as [K | "admin", number][])
      wallets[name] = await fundedWallet(service, lovelace);
    const id = (await tournamentCalls(() => service).create(wallets.admin, body)).tournamentId!;
    return { service, wallets, id, registrationAddress: (await getTournament(service, id)).registrationAddress! };
  } catch (error) {
    await service.close();
    throw error;
  }
}

/** A tournament as GET /tournaments/{id} shows one whose datum it reads (not `status: "unreadable"`). */
export type Tournament = Exclude<Body<"getTournament">, { status: "unreadable" }>;

/** GET /tournaments/{id}, expecting 200. */
export async function getTournament(service: RunningService, id: string): Promise<Body<"getTournament">> {
  const r = await service.request<"getTournament">("GET", `/tournaments/${id}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

/** The chain's tip as the service sees it (GET /health). */
export async function tipOf(service: RunningService): Promise<{ slot: number; time: number }> {
  const r = await service.request<"getHealth">("GET", "/health");
  assert.ok(r.body.tip, JSON.stringify(r.body));
  return r.body.tip;
}

/**
 * Asserts that output `index` of `txHash` is at `address`, holds exactly `lovelace` and is tagged
 * [tournamentId, tag] (tag: `index` unless given: a free tournament's admin output 0 is tagged N).
 */
export async function assertTagged(
  service: RunningService,
  txHash: string,
  index: number,
  address: string,
  lovelace: bigint | number,
  tournamentId: string,
  tag = index,
): Promise<void> {
  const out = (await outputsFrom(service, address, txHash)).find((u) => u.input.outputIndex === index);
  assert.ok(out, `output ${txHash}#${index} to ${address}`);
  assert.equal(lovelaceOf(out), BigInt(lovelace), `${txHash}#${index} holds ${lovelace}`);
  assert.equal(out.output.plutusData, encodePayoutTag(tournamentId, tag), `${txHash}#${index} is tagged [id, ${tag}]`);
}

/** Size (unsigned; each vkey witness adds ~101 B) and the ExUnits the redeemers declare. */
export function txStats(complete: string): { size: number; mem: bigint; steps: bigint } {
  const { mem, steps } = declaredExUnits(splitTransaction(fromHex(complete)).witnessSet);
  return { size: complete.length / 2, mem, steps };
}
