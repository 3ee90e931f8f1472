// Contracts v3 on a test's devnet service: the three programs (v3Scripts, the service's own loader), deployed as reference
// scripts on the service's devnet or attached inline; a pool read back by its NFT; many
// registrations made in one transaction (anyone may register any address: the registrant need not
// sign); and a built transaction signed and submitted through POST /tournaments/submit-tx.
import assert from "node:assert/strict";
import type { UTxO } from "../../src/cardano/types.js";
import { knownAddress } from "../../src/cardano/address-rules.js";
import { valueOf } from "../../src/cardano/value.js";
import { isDevnet } from "../../src/chain/port.js";
import { buildTournamentTx } from "../../src/tournament/assemble.js";
import type { TournamentContext } from "../../src/tournament/context.js";
import { encodeRegistrationDatum } from "../../src/tournament/datum.js";
import { v3Scripts as servedV3Scripts } from "../../src/tournament/deployment.js";
import { deployOnDevnet } from "../../src/tournament/devnet-deploy.js";
import { PRODUCTION_TREE } from "../../src/tournament/seat-tree.js";
import type { TournamentId } from "../../src/tournament/id.js";
import { v3Contract, type V3Contract, type V3Scripts } from "../../src/tournament/v3/contract.js";
import { poolOf, type Pool } from "../../src/tournament/v3/pool.js";
import type { RunningService } from "./service.js";
import { signAndSubmit } from "./tournament-api.js";
import type { Funded, TestWallet } from "./wallets.js";

/** The v3 programs the tests use: the service's own, from contracts/plutus.json (depth 10, batches of 64). */
export function v3Scripts(): V3Scripts {
  const { tournament, batch, registrationOf } = servedV3Scripts();
  return { shape: PRODUCTION_TREE, tournament, batch, registration: registrationOf };
}

export const V3_NAMES = { contractTitle: "cardano-tx-service/tournament", contractVersion: "3.0.0" } as const;

/** The v3 contract on `service`'s devnet: the tournament and batch scripts deployed as reference scripts, or inline. */
export async function v3OnDevnet(
  service: RunningService,
  how: "reference" | "inline" = "reference",
): Promise<V3Contract> {
  const chain = service.app.chain;
  assert.ok(chain !== undefined && isDevnet(chain), "a devnet service");
  const scripts = v3Scripts();
  if (how === "inline") return v3Contract(scripts, "devnet", V3_NAMES);
  const tournament = await deployOnDevnet(chain, scripts.tournament);
  const batch = await deployOnDevnet(chain, scripts.batch);
  return v3Contract(scripts, "devnet", V3_NAMES, { tournament, batch });
}

/** What the builders take: the service's own tournament context (its devnet port, era history). */
export const contextOf = (service: RunningService): TournamentContext => service.app.tournaments.context();

/** The live pool of tournament `id` (the unspent output holding its NFT), read. */
export async function livePool(service: RunningService, contract: V3Contract, id: string): Promise<Pool> {
  const last = await service.app.chain!.lastOutputWith(contract.policyId + id);
  assert.ok(last !== null && last.spentBy === null, `tournament ${id} is live`);
  const pool = poolOf(last.utxo, contract, "devnet");
  assert.ok(pool !== null, `the output holding ${id}'s NFT reads as a pool`);
  return pool;
}

/** Signs `built` with each wallet and submits it through the service; resolves to its hash once accepted. */
export const submitted = (
  service: RunningService,
  built: { complete: string; hash: string },
  signers: readonly TestWallet[],
): Promise<string> => signAndSubmit(service, built, signers);

/** The outputs of transaction `txHash` (indices 0..count−1) still unspent, in order. */
export async function outputsOfTx(service: RunningService, txHash: string, count: number): Promise<UTxO[]> {
  const refs = Array.from({ length: count }, (_, index) => ({ txHash, index }));
  const found = await service.app.chain!.utxosByRef(refs);
  return found.sort((a, b) => a.input.outputIndex - b.input.outputIndex);
}

/**
 * Registrations of `addresses` to tournament `id`, up to 40 per transaction, paid by `payer`: each
 * an output at the registration address holding `lovelace(i)`, its registrant's address as inline
 * datum. Resolves to their output references, in the order of `addresses`.
 */
export async function registerMany(
  service: RunningService,
  registrationAddress: string,
  payer: Funded,
  addresses: readonly string[],
  lovelace: (i: number) => bigint,
): Promise<{ address: string; outputRef: string }[]> {
  const ctx = contextOf(service);
  const params = await ctx.chain.protocolParameters();
  const refs: { address: string; outputRef: string }[] = [];
  for (let from = 0; from < addresses.length; from += 40) {
    const chunk = addresses.slice(from, from + 40);
    const built = await buildTournamentTx(
      {
        scriptInputs: [],
        keyInputs: [],
        outputs: chunk.map((address, k) => ({
          address: knownAddress(registrationAddress),
          value: valueOf(lovelace(from + k)),
          datum: encodeRegistrationDatum(address),
        })),
        requiredSigners: [],
        utxos: await ctx.chain.utxosAt(payer.address),
        changeAddress: knownAddress(payer.address),
      },
      ctx.chain,
      params,
    );
    await submitted(service, built, [payer]);
    chunk.forEach((address, k) => refs.push({ address, outputRef: `${built.hash}#${k}` }));
  }
  return refs;
}

/** Paying: the wallet's UTxOs on chain (the builders' `utxos` left out). */
export const fromChain = (w: { address: string }, field = "adminAddress") =>
  ({ from: { address: knownAddress(w.address), field } }) as const;

export type { TournamentId };
