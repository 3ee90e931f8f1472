// The create transaction: consumes the seed (the first of the client's UTxOs), mints the tournament
// NFT whose name (the tournament ID) derives from the seed, and locks it at the tournament validator
// with the inline datum (configuration with its settlement deadline, no participants). The output
// holds its min-UTxO plus the creator's deposit: what the prizes exceed a full bracket's entry fees
// by (depositOf), so that the pool of a full bracket always pays every prize. The transaction's
// validity starts at the chain's tip and ends before the deadline: the contract bounds the deadline
// from both (after the validity, at most CONTRACT_MAX_SETTLE_WINDOW_MS after its start).
import type { UTxO } from "../cardano/types.js";
import { checkNotPointer, paymentKeyHash, utxoPaymentKeyHash } from "../cardano/address-rules.js";
import { BadRequestError, refusal } from "../errors.js";
import { ledgerOrder, utxoWithinCborLimits } from "../cardano/utxo.js";
import { minLovelace } from "../cardano/tx-encode.js";
import { valueOf } from "../cardano/value.js";
import { buildTournamentTx, type ScriptSource } from "./assemble.js";
import type { CompiledScript } from "./contracts.js";
import { MAX_BRACKET, MIN_PAYOUT_LOVELACE } from "./limits.js";
import { registrationAddressOf } from "./read.js";
import {
  checkUnspent,
  paidBy,
  payingUtxos,
  unspentOnly,
  type Paying,
  type TournamentContext,
  type TxAnswer,
} from "./context.js";
import { beforeDeadline } from "./deadline.js";
import { encodeTournamentDatum, mintCreateRedeemer, tournamentIdOf, type TournamentConfig } from "./datum.js";
import { selectContract, type ContractSelector } from "./deployment.js";
import {
  checkBracket,
  checkEntryFee,
  checkEntryFeeHoldsRegistration,
  checkFreePrizes,
  checkName,
  checkPayouts,
  depositOf,
  settleByOf,
} from "./rules.js";
import type { Address } from "../cardano/addresses.js";

export interface CreateInput extends ContractSelector {
  readonly name: string;
  readonly adminAddress: Address;
  readonly changeAddress: Address;
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly { readonly address: Address; readonly amount: bigint }[];
  /** Settlement deadline, Unix ms; absent: DEFAULT_SETTLE_WINDOW_MS after the chain's time. */
  readonly settleBy?: number | undefined;
  /** The first one given is the seed; left out: the admin's UTxOs on chain, the first in ledger order that can be spent is the seed. */
  readonly utxos: Paying;
}

export interface CreateAnswer extends TxAnswer {
  readonly tournamentId: string;
  /** The creator's deposit for the prizes (on top of the output's min-UTxO), lovelace. */
  readonly deposit: bigint;
  readonly settleBy: number;
}

/**
 * The seed (the UTxO the creation consumes: it names the tournament) and the UTxOs that pay. Given:
 * the first of them is the seed, and must be unspent. Left out: the admin's UTxOs on chain, the seed
 * the first in ledger order that coin selection could spend too (no reference script, no datum).
 */
async function seedAndUtxos(ctx: TournamentContext, paying: Paying): Promise<{ seed: UTxO; utxos: UTxO[] }> {
  if ("from" in paying) {
    const utxos = await payingUtxos(ctx.chain, paying);
    const seed = [...utxos]
      .sort(ledgerOrder)
      .find((u) => !u.output.scriptRef && !u.output.plutusData && !u.output.dataHash && utxoWithinCborLimits(u));
    if (seed === undefined) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(paying.from.field)} holds no UTxO on chain that the creation can spend to name the tournament (one without a datum or a ` +
          `reference script), and ${at("utxos")} was left out: fund that address, or pass the UTxOs that pay in ${at("utxos")}.`,
      );
    }
    return { seed, utxos };
  }
  const seed = paying.given[0];
  if (seed === undefined)
    throw refusal(
      BadRequestError,
      (at) => `${at("utxos")} must hold at least one UTxO: the first one is consumed and names the tournament.`,
    );
  if (seed.output.scriptRef) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("utxos[0]")} carries a reference script: pass another UTxO first (it is spent to name the tournament).`,
    );
  }
  utxoPaymentKeyHash(seed.output.address, "utxos[0]", "it is spent by the create transaction");
  await checkUnspent(ctx.chain, [seed], "utxos");
  return { seed, utxos: await unspentOnly(ctx.chain, paying.given) };
}

/** What a contract version decides at creation: where the pool goes, its datum, its reserve, the largest bracket. */
export interface CreationTerms {
  /** The tournament validator's address (the pool's). */
  readonly address: Address;
  /** Policy id of the tournament NFTs. */
  readonly policyId: string;
  readonly maxBracket: number;
  /** The registration validator of tournament `id`. */
  registration(id: string): CompiledScript;
  /** The pool's inline datum at creation, CBOR hex. */
  datum(config: TournamentConfig): string;
  /**
   * What the pool holds beyond the deposit at least: v2.1's MIN_PAYOUT_LOVELACE (the admin's
   * remainder of a full bracket's cancel or refund), v3's that and BATCH_MIN_LOVELACE.
   */
  readonly reserve: bigint;
  /** How the transaction uses the tournament script (mints with it). */
  source(): Promise<ScriptSource>;
}

export async function createTournament(ctx: TournamentContext, input: CreateInput): Promise<CreateAnswer> {
  const contract = selectContract(ctx.network, input);
  return createWith(ctx, input, {
    address: contract.address,
    policyId: contract.policyId,
    maxBracket: MAX_BRACKET,
    registration: contract.registrationOf,
    datum: (config) => encodeTournamentDatum({ config, participants: [] }),
    // The contract (v2.1) wants MIN_PAYOUT_LOVELACE beyond the deposit: the admin's remainder output of
    // a full bracket's cancel or refund must be payable from the pool.
    reserve: MIN_PAYOUT_LOVELACE,
    source: () => ctx.deployments.tournamentSource(contract),
  });
}

/** The create transaction under a contract version's terms (createTournament: v2.1's). */
export async function createWith(
  ctx: TournamentContext,
  input: CreateInput,
  terms: CreationTerms,
): Promise<CreateAnswer> {
  checkName(input.name);
  checkBracket(input.bracketSize, terms.maxBracket);
  checkEntryFee(input.entryFee);
  checkNotPointer(input.adminAddress, "adminAddress");
  paymentKeyHash(
    input.adminAddress,
    "adminAddress",
    "the admin signs the add-participants, settlement and cancel transactions",
  );
  const tip = await ctx.chain.tip();
  const settleBy = settleByOf(input.settleBy, tip);
  const { seed, utxos } = await seedAndUtxos(ctx, input.utxos);

  const tournamentId = tournamentIdOf(seed.input.txHash, seed.input.outputIndex);
  const params = await ctx.chain.protocolParameters();
  checkPayouts({ ...input, network: ctx.network, params, tournamentId });
  checkFreePrizes(input);

  const registration = terms.registration(tournamentId);
  checkEntryFeeHoldsRegistration(
    params,
    ctx.network,
    registrationAddressOf(registration.hash, ctx.network),
    input.entryFee,
  );
  const config: TournamentConfig = {
    name: input.name,
    adminAddress: input.adminAddress.bech32,
    bracketSize: input.bracketSize,
    entryFee: input.entryFee,
    payoutStructure: input.payoutStructure,
    fixedPayouts: input.fixedPayouts.map((f) => ({ address: f.address.bech32, amount: f.amount })),
    registrationHash: registration.hash,
    settleBy,
  };
  const datum = terms.datum(config);
  const nft = [[terms.policyId + tournamentId, 1n]] as const;
  const deposit = depositOf(config);
  // The output's min-UTxO (the builder's, cardano/tx-encode.ts) on top of the deposit. The output
  // holding more than its minimum only lengthens its coin beyond 2^32 lovelace, which the deposit's
  // own lovelace then pays for many times over: the sum is always above the ledger's minimum.
  const min = minLovelace(
    {
      address: terms.address,
      value: valueOf(deposit, nft),
      datum: { type: "Inline", data: { type: "CBOR", content: datum } },
    },
    params.coinsPerUtxoSize,
  );
  let lovelace = deposit + min;
  if (lovelace < deposit + terms.reserve) lovelace = deposit + terms.reserve;
  const validTo = beforeDeadline(ctx.eraHistory, tip, settleBy);
  // settleByOf leaves at least MIN_SETTLE_WINDOW_MS: never null here.
  if (validTo === null)
    throw refusal(
      BadRequestError,
      (at) => `${at("settleBy")} is too close to the chain's time now: choose a later deadline.`,
    );
  const source = await terms.source();
  const built = await paidBy(input.utxos, () =>
    buildTournamentTx(
      {
        scriptInputs: [],
        keyInputs: [seed],
        mint: {
          source,
          assetName: tournamentId,
          quantity: 1n,
          redeemer: mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex),
        },
        outputs: [{ address: terms.address, value: valueOf(lovelace, nft), datum }],
        requiredSigners: [],
        utxos,
        changeAddress: input.changeAddress,
        validFrom: tip.slot,
        validTo,
      },
      ctx.chain,
      params,
    ),
  );
  return { ...built, tournamentId, deposit, settleBy };
}
