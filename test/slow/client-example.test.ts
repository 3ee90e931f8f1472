// The client's example program (client/examples/tournament-and-cip68.ts) against the service on
// the devnet: a whole tournament and a CIP-68 mint, its outcome checked on chain.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { runExample } from "../../client/examples/tournament-and-cip68.js";
import { startService, type RunningService } from "../support/service.js";
import { getTournament } from "../support/tournament-api.js";
import { outputsOf, quantityOf, totalOf, utxosAt } from "../support/utxos.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

test("the example runs a tournament to settlement and mints a CIP-68 NFT, as the chain shows", async () => {
  const lines: string[] = [];
  const result = await runExample({ baseUrl: service.url, log: (line) => lines.push(line) });

  assert.equal(result.status, "settled");
  const tournament = await getTournament(service, result.tournamentId);
  assert.equal(tournament.status, "settled");
  assert.equal(tournament.results![0], result.player, "the player won");

  // The winner's 15 ADA prize is at the player's address, from the settling transaction.
  const prize = outputsOf(await utxosAt(service, result.player), result.settleTx);
  assert.equal(totalOf(prize, "lovelace"), 15_000_000n);

  // The user token (222) is the player's; the reference token (100) the admin's, with its datum.
  const playerUtxos = await utxosAt(service, result.player);
  assert.equal(totalOf(playerUtxos, result.userUnit), 1n);
  const reference = outputsOf(await utxosAt(service, result.admin), result.mintTx).find(
    (u) => quantityOf(u, result.referenceUnit) === 1n,
  );
  assert.ok(reference?.output.plutusData, "the reference token holds the metadata datum");

  assert.deepEqual(result.playerTokens, [{ name: "Hero", label: 222, quantity: "1" }]);
  assert.ok(
    lines.some((line) => /tournament is settled/.test(line)),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((line) => /minted CIP-68 Hero/.test(line)),
    lines.join("\n"),
  );
});
