// Registration validators are the committed template with the tournament ID in the marker's place
// (test/slow/contracts-compile.test.ts checks them against full Helios compiles); and a
// tournament whose datum names another registration validator than its ID's (the NFT policy cannot
// check it) is listed and found as unreadable, with what it holds and why (it holds value: issue 19);
// nothing is built on it, since its registrations could never be added.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { getOutputMinLovelace } from "@meshsdk/core";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import { buildTournamentTx } from "../../src/tournament/assemble.js";
import { readFileSync } from "node:fs";
import { resolveScriptHash } from "@meshsdk/core";
import { tournamentScript, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { encodeTournamentDatum, mintCreateRedeemer, tournamentIdOf } from "../../src/tournament/datum.js";
import { contractOf } from "../../src/tournament/deployment.js";
import { registrationScriptOf, type RegistrationTemplateFile } from "../../src/tournament/registration-script.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, ok, signAndSubmit } from "../support/tournament-api.js";
import { fromAssets } from "../../src/cardano/value.js";
import { fundedWallet } from "../support/wallets.js";
import { readAddress } from "../../src/cardano/address-rules.js";

describe("registration validators", () => {
  it("are the committed template with the tournament ID in the marker's place, and nothing else changed", () => {
    const file = JSON.parse(readFileSync(V2_1_CONTRACT.template, "utf8")) as RegistrationTemplateFile;
    const t = file.registrationTemplate;
    const at = 2 * t.markerOffset;
    assert.equal(t.compiledCode.slice(at, at + 64), t.marker);
    for (let i = 0; i < 3; i++) {
      const id = randomBytes(32).toString("hex");
      const s = registrationScriptOf(id);
      assert.equal(s.compiledCode, t.compiledCode.slice(0, at) + id + t.compiledCode.slice(at + 64));
      assert.equal(s.code.slice(-s.compiledCode.length), s.compiledCode, "code wraps compiledCode");
      assert.equal(resolveScriptHash(s.code, "V2"), s.hash);
      assert.notEqual(s.hash, t.hash);
    }
    assert.throws(() => registrationScriptOf("AB".repeat(32)), /lowercase hex/);
  });

  describe("a tournament with another registration hash", () => {
    let s: RunningService;
    before(async () => {
      s = await startService();
    });
    after(async () => {
      await s?.close();
    });

    it("is minted (the policy cannot tell), listed and found as unreadable with the value it holds, and nobody can register to it", async () => {
      const admin = await fundedWallet(s, 100 * ADA);
      const utxos = decodeUtxos(await admin.utxos(), "utxos");
      const seed = utxos[0]!;
      const id = tournamentIdOf(seed.input.txHash, seed.input.outputIndex);
      const contract = contractOf(V2_1_CONTRACT, "devnet");
      // A deadline a day after the chain's time; the creation's validity ends an hour from now, before it.
      const tip = await s.app.chain!.tip();
      const settleBy = tip.time + 24 * 3600 * 1000;
      const datum = encodeTournamentDatum({
        config: {
          name: "Forged",
          adminAddress: admin.address,
          bracketSize: 2,
          entryFee: BigInt(10 * ADA),
          payoutStructure: [BigInt(5 * ADA)],
          fixedPayouts: [],
          registrationHash: "ab".repeat(28),
          settleBy,
        },
        participants: [],
      });
      const nft = { unit: contract.policyId + id, quantity: "1" };
      const lovelace = getOutputMinLovelace(
        {
          address: contract.address.bech32,
          amount: [{ unit: "lovelace", quantity: "10000000" }, nft],
          datum: { type: "Inline", data: { type: "CBOR", content: datum } },
        },
        4310,
      );
      const built = await buildTournamentTx(
        {
          scriptInputs: [],
          keyInputs: [seed],
          mint: {
            source: { kind: "inline", script: tournamentScript() },
            assetName: id,
            quantity: 1n,
            redeemer: mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex),
          },
          outputs: [
            {
              address: contract.address,
              value: fromAssets([{ unit: "lovelace", quantity: String(lovelace) }, nft]),
              datum,
            },
          ],
          requiredSigners: [],
          utxos,
          changeAddress: readAddress(admin.address, "changeAddress"),
          validFrom: tip.slot,
          validTo: tip.slot + 3600,
        },
        s.app.chain!,
        await s.app.chain!.protocolParameters(),
      );
      await signAndSubmit(s, built, [admin]);
      // A genuine one beside it is listed.
      const genuine = ok(
        await s.request<"createTournament">("POST", "/tournaments", {
          name: "Genuine",
          contractVersion: "2.1.0",
          adminAddress: admin.address,
          bracketSize: 2,
          entryFee: 10 * ADA,
          payoutStructure: [5 * ADA],
          utxos: await admin.utxos(),
        }),
      );
      await signAndSubmit(s, genuine, [admin]);
      // It holds value: the service lists and finds it (issue 19), as unreadable, and builds nothing on it.
      const list = await s.request<"listTournaments">("GET", "/tournaments?contractVersion=2.1.0");
      const byId = new Map(list.body.results!.map((t) => [t.tournamentId, t.status]));
      assert.deepEqual(
        [...byId.entries()].sort(),
        [
          [genuine.tournamentId, "open"],
          [id, "unreadable"],
        ].sort(),
      );
      const why =
        `Its datum names registration validator ${"ab".repeat(28)}, not the one of its ID (${registrationScriptOf(id).hash}): it was not ` +
        "created by this service's rules, and no registration can ever be added to it.";
      const t = await s.request<"getTournament">("GET", `/tournaments/${id}`);
      assert.equal(t.status, 200, JSON.stringify(t.body));
      assert.deepEqual(
        {
          status: t.body.status,
          reason: t.body.reason,
          outputRef: t.body.outputRef,
          lovelace: t.body.lovelace,
          value: t.body.value,
        },
        {
          status: "unreadable",
          reason: why,
          outputRef: `${built.hash}#0`,
          lovelace: String(lovelace),
          value: [
            { unit: "lovelace", quantity: String(lovelace) },
            { unit: nft.unit, quantity: "1" },
          ],
        },
      );
      const r = await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
        contractVersion: "2.1.0",
        registererAddress: admin.address,
        utxos: await admin.utxos(),
      });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(
        r.body.message,
        new RegExp(
          `^Tournament ${id} is unreadable: its NFT is held by output ${built.hash}#0 \\(${lovelace} lovelace\\), but its datum names registration validator`,
        ),
      );
    });
  });
});
