// The add-participants transaction: the admin spends the tournament output (AddParticipants) and
// the given registrations (Add), and continues the tournament in output 0 with the same
// configuration and the registrants' addresses appended in the ledger's input order (by output
// reference: that is the order the validator reads them). The tournament output grows by the entry
// fee per participant added; what an underpaid registration lacks comes from the admin's UTxOs.
// What a registration holds beyond the entry fee (a free tournament's min-UTxO, an overpayment,
// any token) goes back to its registrant: outputs 1, 2, … in the same order, each tagged
// [tournament ID, the registrant's participant index], as the contract requires. The contract (v2.1)
// refuses a return the admin would have to top up (less than MIN_PAYOUT_LOVELACE, or less than its
// min-UTxO when it carries tokens): such a registration is refused with a 400 (returnProblem). Its validity ends before the settlement deadline.
import type { Protocol, UTxO } from "../cardano/types.js";
import { isKeyAddress, knownAddress, paymentKeyHash } from "../cardano/address-rules.js";
import { ledgerOrder, outRefOf, parseOutRef } from "../cardano/utxo.js";
import { minLovelace } from "../cardano/tx-encode.js";
import { fromAssets, valueOf } from "../cardano/value.js";
import { BadRequestError, refusal } from "../errors.js";
import { buildTournamentTx, type ScriptInput, type ScriptSource, type TxOutput } from "./assemble.js";
import type { CompiledScript } from "./contracts.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "./context.js";
import { requireBeforeDeadline } from "./deadline.js";
import { ADD_PARTICIPANTS_REDEEMER, encodeTournamentDatum, REGISTRATION_ADD_REDEEMER } from "./datum.js";
import { selectContract, type ContractSelector } from "./deployment.js";
import { duplicateOf, registrationOf, requireTournament, type TournamentState } from "./read.js";
import { checkedRegistration } from "./register.js";
import { MAX_REGISTRATIONS_PER_ADD } from "./limits.js";
import { checkAddBatch, returnProblem, taggedPayment } from "./rules.js";
import type { TournamentId } from "./id.js";
import type { Address } from "../cardano/addresses.js";

export interface ParticipantsInput extends ContractSelector {
  readonly tournamentId: TournamentId;
  readonly adminAddress: Address;
  readonly changeAddress: Address;
  readonly registrations: readonly { readonly address: Address; readonly outputRef: string }[];
  /** Left out: the admin's UTxOs on chain. */
  readonly utxos: Paying;
}

async function resolveRegistrations(
  ctx: TournamentContext,
  input: ParticipantsInput,
  registrationAddress: string,
): Promise<UTxO[]> {
  const refs = input.registrations.map((r) => r.outputRef.toLowerCase());
  const found = await ctx.chain.utxosByRef(refs.map(parseOutRef));
  const byRef = new Map(found.map((u) => [outRefOf(u), u]));
  return input.registrations.map((r, i) => {
    const u = byRef.get(refs[i]!);
    if (!u || u.output.address !== registrationAddress) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`registrations[${i}].outputRef`)} ${r.outputRef} is not an unspent registration of tournament ${input.tournamentId}: ` +
          "it was already added or cancelled, or it belongs to another tournament.",
      );
    }
    const reg = registrationOf(u, 0n, ctx.network);
    if (reg.address === null) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`registrations[${i}]`)} (${r.outputRef}) has no registrant address in its datum (it is not exactly the canonical encoding of an address): it cannot be added.`,
      );
    }
    if (!isKeyAddress(reg.address)) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`registrations[${i}]`)} (${r.outputRef}) names a script address (${reg.address}) in its datum: a participant must have a key payment credential, so it cannot be added.`,
      );
    }
    if (reg.address !== r.address.bech32) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`registrations[${i}].address`)} is not the address registration ${r.outputRef} names (${reg.address}).`,
      );
    }
    return u;
  });
}

/**
 * The return of what registration `u` holds beyond the entry fee, to `address` tagged with participant
 * index `k`; null when it holds exactly the fee (or less) and no token.
 */
function excessReturn(
  params: Protocol,
  u: UTxO,
  entryFee: bigint,
  address: string,
  tournamentId: string,
  k: number,
): TxOutput | null {
  const held = fromAssets(u.output.amount);
  const excess = held.lovelace - entryFee;
  if (excess <= 0n && held.assets.size === 0) return null;
  return taggedPayment(params, tournamentId, k, knownAddress(address), excess > 0n ? excess : 0n, held.assets);
}

/** A registration of the request that the add leaves out: its registrant takes a seat already. */
export interface SkippedRegistration {
  readonly outputRef: string;
  readonly address: string;
  /** Why, a sentence. */
  readonly reason: string;
}

/**
 * The registrations of the request that take a seat, and the ones skipped: an address takes one
 * seat, so a registration of a participant, or of an address another registration of this request
 * registers first (in the ledger's order, by output reference), is left out, as the registrations
 * listing marks it (duplicateOf). The addresses are the request's (checked against the datums later).
 */
function seats(
  input: ParticipantsInput,
  participants: readonly string[],
): { kept: ParticipantsInput["registrations"]; skipped: SkippedRegistration[] } {
  const refs = input.registrations.map((r) => r.outputRef.toLowerCase());
  const duplicate = refs.findIndex((r, i) => refs.indexOf(r) !== i);
  if (duplicate >= 0)
    throw refusal(BadRequestError, (at) => `${at(`registrations[${duplicate}]`)} repeats output ${refs[duplicate]}.`);
  const refOf = (r: { outputRef: string }) => parseOutRef(r.outputRef);
  const ordered = [...input.registrations].sort((a, b) => {
    const [x, y] = [refOf(a), refOf(b)];
    return x.txHash === y.txHash ? x.index - y.index : x.txHash < y.txHash ? -1 : 1;
  });
  const firstOf = new Map<string, string>();
  const skipped: SkippedRegistration[] = [];
  for (const r of ordered) {
    const address = r.address.bech32;
    const reason = duplicateOf(address, participants, firstOf.get(address));
    if (reason === null) firstOf.set(address, r.outputRef.toLowerCase());
    else skipped.push({ outputRef: r.outputRef.toLowerCase(), address, reason: `Skipped: ${reason}.` });
  }
  const left = new Set(skipped.map((k) => k.outputRef));
  return { kept: input.registrations.filter((r) => !left.has(r.outputRef.toLowerCase())), skipped };
}

export async function addParticipants(
  ctx: TournamentContext,
  input: ParticipantsInput,
): Promise<TxAnswer & { skipped: SkippedRegistration[]; participantCount: number; seatsLeft: number }> {
  checkAddBatch(input.registrations.length);
  const contract = selectContract(ctx.network, input);
  const t = await requireTournament(ctx.chain, contract, ctx.network, input.tournamentId);
  const { added, ...answer } = await addTo(ctx, t, input, {
    registration: () => checkedRegistration(t),
    source: () => ctx.deployments.tournamentSource(contract),
    datum: (participants) => encodeTournamentDatum({ config: t.datum.config, participants }),
  });
  const participantCount = t.datum.participants.length + added.length;
  return { ...answer, participantCount, seatsLeft: t.datum.config.bracketSize - participantCount };
}

/** What a contract version decides in an add: the pool's new datum, where its scripts come from. */
export interface AddTerms {
  /** The tournament's registration validator (checkedRegistration). */
  registration(): CompiledScript;
  /** How the transaction uses the tournament script. */
  source(): Promise<ScriptSource>;
  /** The pool's datum once `participants` (the old ones, then the added ones in seat order) take their seats, CBOR hex. */
  datum(participants: readonly string[]): string;
}

/**
 * The add to tournament `t` (its participants: v2.1's list, v3's seats) under a contract version's
 * terms; the answer also gives the addresses added, in seat order.
 */
export async function addTo(
  ctx: TournamentContext,
  t: TournamentState,
  input: ParticipantsInput,
  terms: AddTerms,
): Promise<TxAnswer & { skipped: SkippedRegistration[]; added: string[] }> {
  const c = t.datum.config;
  const address = t.contract.address;
  if (input.adminAddress.bech32 !== c.adminAddress) {
    throw refusal(
      BadRequestError,
      (at) =>
        `Only the tournament's admin (${c.adminAddress}) adds participants; ${at("adminAddress")} is another address.`,
    );
  }
  const adminKey = paymentKeyHash(input.adminAddress, "adminAddress", "the admin signs");
  const validTo = requireBeforeDeadline(
    ctx.eraHistory,
    await ctx.chain.tip(),
    t.tournamentId,
    c.settleBy,
    "no participant can be added",
  );
  const { kept, skipped } = seats(input, t.datum.participants);
  if (kept.length === 0) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("registrations")} adds nobody: ${skipped.map((k) => `${k.outputRef} registers ${k.address}, a participant already`).join("; ")}. ` +
        `An address takes one seat; its registrant can unregister such a registration (POST /tournaments/${t.tournamentId}/unregister).`,
    );
  }
  const have = t.datum.participants.length;
  const n = kept.length;
  if (have + n > c.bracketSize) {
    throw new BadRequestError(
      `The bracket holds ${c.bracketSize} participants and has ${have}: ${n} more would exceed it (at most ${c.bracketSize - have} can be added).`,
    );
  }
  const script = terms.registration();
  const regs = (await resolveRegistrations(ctx, input, t.registrationAddress.bech32))
    .filter((u) => kept.some((r) => r.outputRef.toLowerCase() === outRefOf(u)))
    .sort(ledgerOrder);
  const added = regs.map((u) => registrationOf(u, 0n, ctx.network).address!);
  const params = await ctx.chain.protocolParameters();
  regs.forEach((u) => {
    const problem = returnProblem(t.tournamentId, u, c.entryFee);
    if (problem === null) return;
    const i = input.registrations.findIndex((r) => r.outputRef.toLowerCase() === outRefOf(u));
    throw refusal(
      BadRequestError,
      (at) => `${at(`registrations[${i}]`)} (${outRefOf(u)}) cannot be added: ${problem}.`,
    );
  });
  const datum = terms.datum([...t.datum.participants, ...added]);
  const nft = fromAssets(t.utxo.output.amount).assets;
  let lovelace = t.lovelace + c.entryFee * BigInt(n);
  const min = minLovelace(
    {
      address,
      value: valueOf(lovelace, nft),
      datum: { type: "Inline", data: { type: "CBOR", content: datum } },
    },
    params.coinsPerUtxoSize,
  );
  if (lovelace < min) lovelace = min;
  const returns = regs
    .map((u, j) => excessReturn(params, u, c.entryFee, added[j]!, t.tournamentId, have + j))
    .filter((o): o is TxOutput => o !== null);
  const source = await terms.source();
  const scriptInputs: ScriptInput[] = [
    { utxo: t.utxo, redeemer: ADD_PARTICIPANTS_REDEEMER, source },
    ...regs.map((utxo) => ({ utxo, redeemer: REGISTRATION_ADD_REDEEMER, source: { kind: "inline", script } as const })),
  ];
  const built = await paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs,
        keyInputs: [],
        outputs: [{ address, value: valueOf(lovelace, nft), datum }, ...returns],
        requiredSigners: [adminKey],
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
        tooLarge: () =>
          `add fewer registrations per request (at most ${MAX_REGISTRATIONS_PER_ADD}; split them into several requests)`,
        validTo,
      },
      ctx.chain,
      params,
    ),
  );
  return { ...built, skipped, added };
}
