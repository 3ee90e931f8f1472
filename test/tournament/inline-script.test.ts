// Off the devnet the service never deploys by itself: until the operator's deployment is on chain,
// the tournament script is attached inline; once it is (built as `contracts deploy` builds it,
// signed by the operator), the service spends it by reference. The ledger here is a devnet seen
// through a chain port without the devnet's operations, as a real network's backend is. The whole
// flow runs on a v2.1 tournament (contractVersion "2.1.0", its deployment named): this stand-in
// cannot give a transaction's spent outputs, without which a v3 pool's seats cannot be read after
// its creation. The default contract, v3, is deployed as `contracts deploy` does it (both scripts)
// and used by reference from the next creation.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { contractOf, defaultContract, prepareDeployment } from "../../src/tournament/deployment.js";
import { V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import type { RunningService } from "../support/service.js";
import { startOnStandIn, type StandIn } from "../support/stand-in-devnet.js";
import { ADA, ok, signAndSubmit, tournamentCalls } from "../support/tournament-api.js";
import { referenceInputsOf } from "../support/tx-decode.js";
import { fundedWallet } from "../support/wallets.js";
import { readAddress } from "../../src/cardano/address-rules.js";

describe("tournament script inline until the operator deploys it", () => {
  let standIn: StandIn;
  let s: RunningService;
  before(async () => {
    standIn = await startOnStandIn("txsvc-inline-");
    s = standIn.service;
  });
  after(() => standIn?.close());

  it("creates and adds with the script inline, then settles by reference once the deployment is on chain", async () => {
    const contract = contractOf(V2_1_CONTRACT, "devnet");
    const admin = await fundedWallet(standIn, 200 * ADA);
    const player = await fundedWallet(standIn, 50 * ADA);
    const operator = await fundedWallet(standIn, 50 * ADA);
    assert.equal(
      (await s.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address: admin.address })).status,
      404,
      "no devnet operations",
    );

    const created = await tournamentCalls(() => s).create(admin, {
      name: "Inline",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [15 * ADA],
      contractVersion: "2.1.0",
    });
    assert.deepEqual(referenceInputsOf(created.complete), []);
    assert.ok(
      created.complete.includes(contract.script.compiledCode),
      "the tournament script travels in the witness set",
    );
    const id = created.tournamentId!;

    const regs = [];
    for (const w of [player, admin]) {
      const r = ok(
        await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          tournamentId: id,
          contractVersion: "2.1.0",
          registererAddress: w.address,
          utxos: await w.utxos(),
        }),
      );
      await signAndSubmit(s, r, [w]);
      regs.push({ address: w.address, outputRef: r.outputRef! });
    }
    const added = ok(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
        tournamentId: id,
        contractVersion: "2.1.0",
        adminAddress: admin.address,
        registrations: regs,
        utxos: await admin.utxos(),
      }),
    );
    assert.deepEqual(referenceInputsOf(added.complete), []);
    await signAndSubmit(s, added, [admin]);

    // The operator's deployment: recorded when built, used only once it is on chain.
    const deployment = await prepareDeployment(
      s.app.chain!,
      "devnet",
      s.app.stores.deployments,
      readAddress(operator.address, "from"),
      undefined,
      contract,
    );
    const early = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        tournamentId: id,
        contractVersion: "2.1.0",
        adminAddress: admin.address,
        results: [player.address],
        utxos: await admin.utxos(),
      }),
    );
    assert.deepEqual(referenceInputsOf(early.complete), [], "not on chain yet: still inline");
    const deployed = await s.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: deployment.transaction,
      signatures: [await operator.witnessSet(deployment.transaction)],
    });
    assert.equal(deployed.status, 200, JSON.stringify(deployed.body));

    const settled = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
        tournamentId: id,
        contractVersion: "2.1.0",
        adminAddress: admin.address,
        results: [player.address],
        utxos: await admin.utxos(),
      }),
    );
    assert.deepEqual(referenceInputsOf(settled.complete), [deployment.outputRef]);
    assert.ok(BigInt(settled.fee) < BigInt(early.fee), `by reference ${settled.fee} < inline ${early.fee}`);
    await signAndSubmit(s, settled, [admin]);
    // Ended, the tournament is read back from the last output that held its NFT (the backend's lastOutputWith).
    const ended = await s.request<"getTournament">("GET", `/tournaments/${id}`);
    assert.equal(ended.status, 200, JSON.stringify(ended.body));
    assert.equal(ended.body.status, "settled");
    assert.deepEqual(ended.body.endedBy, { action: "settle", txHash: settled.hash });
    console.log(
      `settle fee inline ${early.fee}, by reference ${settled.fee}; create (inline) ${created.fee}, add (inline) ${added.fee}`,
    );
  });

  it("deploys the default contract, v3, as `contracts deploy` does: the tournament script #0 and the batch validator #1, both recorded", async () => {
    const contract = defaultContract("devnet");
    assert.equal(contract.contractVersion, "3.0.0");
    const admin = await fundedWallet(standIn, 100 * ADA);
    const operator = await fundedWallet(standIn, 300 * ADA);
    const inline = await tournamentCalls(() => s).create(admin, {
      name: "Inline v3",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [15 * ADA],
    });
    assert.deepEqual(referenceInputsOf(inline.complete), []);
    assert.ok(inline.complete.includes(contract.script.compiledCode), "v3's tournament script travels inline");

    const deployment = await prepareDeployment(
      s.app.chain!,
      "devnet",
      s.app.stores.deployments,
      readAddress(operator.address, "from"),
    );
    for (const [index, script] of [contract.script, contract.tree!.batch].entries()) {
      const record = await s.app.stores.deployments.find("devnet", contract.contractTitle, "3.0.0", script.hash);
      assert.equal(record && `${record.txHash}#${record.outputIndex}`, `${deployment.hash}#${index}`);
    }
    const deployed = await s.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: deployment.transaction,
      signatures: [await operator.witnessSet(deployment.transaction)],
    });
    assert.equal(deployed.status, 200, JSON.stringify(deployed.body));

    const byReference = await tournamentCalls(() => s).create(admin, {
      name: "Referenced v3",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [15 * ADA],
    });
    assert.deepEqual(referenceInputsOf(byReference.complete), [deployment.outputRef]);
    assert.ok(BigInt(byReference.fee) < BigInt(inline.fee), `by reference ${byReference.fee} < inline ${inline.fee}`);
    const read = await s.request<"getTournament">("GET", `/tournaments/${byReference.tournamentId}`);
    assert.equal(read.body.contractVersion, "3.0.0");
  });
});
