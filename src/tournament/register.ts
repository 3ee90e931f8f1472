// Registration and its cancellation. A registration is output 0 of its transaction: at the
// tournament's registration address, holding the entry fee (at least the ledger minimum: a free
// tournament's registration holds that or MIN_PAYOUT_LOVELACE, whichever is more, and gets it back when added), with the registrant's
// address as inline datum. Cancelling spends it with the Cancel redeemer, the
// registrant signing (required signer), and refunds the whole output to the registrant.
import { checkNotPointer, paymentCredentialOf, paymentKeyHash } from "../cardano/address-rules.js";
import { ledgerOrder, outRef, parseOutRef } from "../cardano/utxo.js";
import { minLovelace } from "../cardano/tx-encode.js";
import { fromAssets, valueOf } from "../cardano/value.js";
import { BadRequestError, NotFoundError, refusal } from "../errors.js";
import { buildTournamentTx } from "./assemble.js";
import type { CompiledScript } from "./contracts.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "./context.js";
import { encodeRegistrationDatum, REGISTRATION_CANCEL_REDEEMER } from "./datum.js";
import { deadlinePassed, isExpired, REFUND_ADVICE } from "./deadline.js";
import { selectContract, type ContractSelector } from "./deployment.js";
import { MIN_PAYOUT_LOVELACE } from "./limits.js";
import {
  findTournament,
  registrationAddressOf,
  registrationOf,
  requireTournament,
  type TournamentState,
} from "./read.js";
import type { TournamentId } from "./id.js";
import type { Address } from "../cardano/addresses.js";

export interface RegisterInput extends ContractSelector {
  readonly tournamentId: TournamentId;
  readonly registererAddress: Address;
  readonly changeAddress: Address;
  /** Left out: the registrant's UTxOs on chain. */
  readonly utxos: Paying;
}

/**
 * The registration validator of a tournament (`script`: v2.1's of its ID unless given), after
 * checking that its datum names that validator.
 */
export function checkedRegistration(
  t: TournamentState,
  script: CompiledScript = t.contract.registrationOf(t.tournamentId),
) {
  if (script.hash !== t.datum.config.registrationHash) {
    throw new BadRequestError(
      `Tournament ${t.tournamentId} names registration validator ${t.datum.config.registrationHash} in its datum, not the one of its ID (${script.hash}): ` +
        "it was not created by this service's rules, and registering to it is refused.",
    );
  }
  return script;
}

/**
 * Refuses a second registration: an address takes one seat, so one that is a participant already,
 * or has a valid registration waiting to be added, cannot register again (the contract would
 * accept the output, but the add would take only one of them: the other's registrant has to cancel it).
 */
async function checkNotRegistered(ctx: TournamentContext, t: TournamentState, address: string): Promise<void> {
  if (t.datum.participants.includes(address)) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("registererAddress")} ${address} is already a participant of tournament ${t.tournamentId}: an address takes one seat, ` +
        "so it cannot register again.",
    );
  }
  // Only the outputs whose datum is this address's registration datum byte for byte (a valid
  // registration's datum is canonical: decodeRegistrationDatum), so that a register does not decode
  // every registration waiting at the address (a full bracket's 1,024 took seconds per request).
  const datum = encodeRegistrationDatum(address);
  const pending = (await ctx.chain.utxosAt(t.registrationAddress.bech32))
    .filter((u) => u.output.plutusData?.toLowerCase() === datum)
    .sort(ledgerOrder)
    .map((u) => registrationOf(u, t.datum.config.entryFee, ctx.network, { tournamentId: t.tournamentId }))
    .find((r) => r.valid);
  if (pending !== undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("registererAddress")} ${address} has a registration to tournament ${t.tournamentId} already (${pending.outputRef}), ` +
        "waiting to be added: an address takes one seat, so it cannot register twice. To register again (another amount, another " +
        `change address), cancel that one first: POST /tournaments/${t.tournamentId}/unregister with outputRef ${pending.outputRef}.`,
    );
  }
}

export async function register(
  ctx: TournamentContext,
  input: RegisterInput,
): Promise<TxAnswer & { outputRef: string }> {
  const contract = selectContract(ctx.network, input);
  const t = await requireTournament(ctx.chain, contract, ctx.network, input.tournamentId);
  return registerTo(ctx, t, checkedRegistration(t), input);
}

/**
 * The registration to tournament `t` (its participants: v2.1's list, v3's seats), whose
 * registration validator is `script` (checkedRegistration): any contract version's.
 */
export async function registerTo(
  ctx: TournamentContext,
  t: TournamentState,
  script: CompiledScript,
  input: RegisterInput,
): Promise<TxAnswer & { outputRef: string }> {
  checkNotPointer(input.registererAddress, "registererAddress");
  paymentKeyHash(input.registererAddress, "registererAddress", "only its key can cancel the registration");
  const c = t.datum.config;
  if (t.datum.participants.length >= c.bracketSize) {
    throw new BadRequestError(
      `Tournament ${t.tournamentId} is full (${c.bracketSize} participants): it takes no more registrations.`,
    );
  }
  const tip = await ctx.chain.tip();
  if (isExpired(c.settleBy, tip)) {
    throw deadlinePassed(
      t.tournamentId,
      c.settleBy,
      tip,
      "it takes no more registrations (none could be added)",
      REFUND_ADVICE(t.tournamentId),
    );
  }
  checkedRegistration(t, script);
  await checkNotRegistered(ctx, t, input.registererAddress.bech32);
  const datum = encodeRegistrationDatum(input.registererAddress.bech32);
  const params = await ctx.chain.protocolParameters();
  const min = minLovelace(
    {
      address: t.registrationAddress,
      value: valueOf(c.entryFee),
      datum: { type: "Inline", data: { type: "CBOR", content: datum } },
    },
    params.coinsPerUtxoSize,
  );
  // A free tournament's registration is returned whole at the add, in an output of its own: the
  // contract (v2.1) returns nothing below MIN_PAYOUT_LOVELACE, so it holds at least that.
  const floor = c.entryFee > 0n ? c.entryFee : min > MIN_PAYOUT_LOVELACE ? min : MIN_PAYOUT_LOVELACE;
  const lovelace = floor > min ? floor : min;
  const built = await paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [],
        keyInputs: [],
        outputs: [{ address: t.registrationAddress, value: valueOf(lovelace), datum }],
        requiredSigners: [],
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
      },
      ctx.chain,
      params,
    ),
  );
  return { ...built, outputRef: outRef(built.hash, 0) };
}

export interface UnregisterInput extends RegisterInput {
  readonly outputRef: string;
}

export async function unregister(ctx: TournamentContext, input: UnregisterInput): Promise<TxAnswer> {
  const contract = selectContract(ctx.network, input);
  const t = await findTournament(ctx.chain, contract, ctx.network, input.tournamentId);
  return unregisterFrom(ctx, t, contract.registrationOf(input.tournamentId), input);
}

/**
 * The cancellation of a registration to tournament `input.tournamentId`, whose registration
 * validator is `script` (v2.1's or v3's of its ID); `t` is the live tournament, null once it ended.
 */
export async function unregisterFrom(
  ctx: TournamentContext,
  t: TournamentState | null,
  script: CompiledScript,
  input: UnregisterInput,
): Promise<TxAnswer> {
  const id = input.tournamentId;
  const [utxo] = await ctx.chain.utxosByRef([parseOutRef(input.outputRef)]);
  const notOurs = () =>
    t === null
      ? new NotFoundError(`No tournament ${id} and no unspent registration ${input.outputRef} of it.`)
      : refusal(
          BadRequestError,
          (at) =>
            `${at("outputRef")} ${input.outputRef} is not an unspent registration of tournament ${id}: it was already added, cancelled, or belongs to another tournament.`,
        );
  // The registration validator derives from the ID alone, so a registration stays cancellable
  // after its tournament was settled.
  if (!utxo || paymentCredentialOf(utxo.output.address)?.isScript !== true) throw notOurs();
  if (t !== null) checkedRegistration(t, script);
  if (utxo.output.address !== registrationAddressOf(script.hash, ctx.network).bech32) throw notOurs();
  if (utxo.output.plutusData === undefined && utxo.output.dataHash !== undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("outputRef")} ${input.outputRef} carries a datum hash (${utxo.output.dataHash}), not an inline datum: this service can only ` +
        "unregister registrations with an inline datum (the ones it builds). The registration validator can still cancel it: its registrant " +
        "builds a transaction of their own that spends it with the Cancel redeemer (Constr 0 []), provides the datum whose hash this is (the " +
        "registrant's address as Plutus data) in the witness set, and is signed by the registrant's payment key.",
    );
  }
  const registration = registrationOf(utxo, 0n, ctx.network);
  if (registration.address === null) {
    throw new BadRequestError(
      `Registration ${input.outputRef} has no registrant address in its datum: nobody can cancel it.`,
    );
  }
  if (registration.address !== input.registererAddress.bech32) {
    throw refusal(
      BadRequestError,
      (at) =>
        `Only the registrant (${registration.address}) can cancel registration ${input.outputRef}; ${at("registererAddress")} is another address.`,
    );
  }
  const pkh = paymentKeyHash(input.registererAddress, "registererAddress", "the registrant signs the cancellation");
  const params = await ctx.chain.protocolParameters();
  return paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [{ utxo, redeemer: REGISTRATION_CANCEL_REDEEMER, source: { kind: "inline", script } }],
        keyInputs: [],
        outputs: [{ address: input.registererAddress, value: fromAssets(utxo.output.amount) }],
        requiredSigners: [pkh],
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
      },
      ctx.chain,
      params,
    ),
  );
}
