// The create transaction: consumes the seed (the first of the client's UTxOs), mints the tournament
// NFT whose name (the tournament ID) derives from the seed, and locks it at the tournament validator
// with the inline datum (configuration, no participants). The admin's deposit is the output's min-UTxO.
import type { UTxO } from "@meshsdk/common";
import { getOutputMinLovelace } from "@meshsdk/core";
import { BadRequestError } from "../errors.js";
import { buildTournamentTx } from "./assemble.js";
import { registrationScriptOf } from "./registration-script.js";
import { checkUnspent, unspentOnly, type TournamentContext, type TxAnswer } from "./context.js";
import { encodeTournamentDatum, mintCreateRedeemer, tournamentIdOf, type FixedPayout, type TournamentConfig } from "./datum.js";
import { selectContract, type ContractSelector } from "./deployment.js";
import { checkBracket, checkName, checkPayouts, paymentKeyHash } from "./rules.js";

export interface CreateInput extends ContractSelector {
  readonly name: string;
  readonly adminAddress: string;
  readonly changeAddress: string;
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly FixedPayout[];
  /** The first one is the seed. */
  readonly utxos: readonly UTxO[];
}

export async function createTournament(ctx: TournamentContext, input: CreateInput): Promise<TxAnswer & { tournamentId: string }> {
  checkName(input.name);
  checkBracket(input.bracketSize);
  paymentKeyHash(input.adminAddress, "body.adminAddress", "the admin signs the add-participants and settlement transactions");
  const contract = selectContract(ctx.network, input);
  const seed = input.utxos[0];
  if (seed === undefined) throw new BadRequestError("body.utxos must hold at least one UTxO: the first one is consumed and names the tournament.");
  if (seed.output.scriptRef) throw new BadRequestError("body.utxos[0] carries a reference script: pass another UTxO first (it is spent to name the tournament).");
  paymentKeyHash(seed.output.address, "body.utxos[0]", "it is spent by the create transaction");
  await checkUnspent(ctx.chain, [seed], "body.utxos");

  const tournamentId = tournamentIdOf(seed.input.txHash, seed.input.outputIndex);
  const params = await ctx.chain.protocolParameters();
  checkPayouts({ ...input, network: ctx.network, params, tournamentId });

  const registration = registrationScriptOf(tournamentId);
  const config: TournamentConfig = {
    name: input.name,
    adminAddress: input.adminAddress,
    bracketSize: input.bracketSize,
    entryFee: input.entryFee,
    payoutStructure: input.payoutStructure,
    fixedPayouts: input.fixedPayouts,
    registrationHash: registration.hash,
  };
  const datum = encodeTournamentDatum({ config, participants: [] });
  const nft = { unit: contract.policyId + tournamentId, quantity: "1" };
  const deposit = getOutputMinLovelace(
    { address: contract.address, amount: [{ unit: "lovelace", quantity: "100000000" }, nft], datum: { type: "Inline", data: { type: "CBOR", content: datum } } },
    params.coinsPerUtxoSize,
  );
  const source = await ctx.deployments.tournamentSource(contract);
  const built = await buildTournamentTx(
    {
      scriptInputs: [],
      keyInputs: [seed],
      mint: { source, assetName: tournamentId, quantity: 1n, redeemer: mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex) },
      outputs: [{ address: contract.address, amount: [{ unit: "lovelace", quantity: String(deposit) }, nft], datum }],
      requiredSigners: [],
      utxos: await unspentOnly(ctx.chain, input.utxos),
      changeAddress: input.changeAddress,
      utxosField: "body.utxos",
    },
    ctx.chain,
  );
  return { ...built, tournamentId };
}
