// The default contract's reference deployment on the devnet (v3: the tournament script and the batch
// validator, each its own output): made at start at the vault (an address nobody holds a key for),
// recorded in DATA_DIR, and reused by a restarted service.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { contractsCommand } from "../../src/cli/contracts.js";
import { loadConfig } from "../../src/config.js";
import { deploymentsPath, SqliteDeploymentStore } from "../../src/store/sqlite/deployments.js";
import { defaultContract } from "../../src/tournament/deployment.js";
import { vaultAddress } from "../../src/tournament/devnet-deploy.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, tournamentCalls } from "../support/tournament-api.js";
import { fundedWallet } from "../support/wallets.js";
import { utxosAt } from "../support/utxos.js";
import { referenceInputsOf } from "../support/tx-decode.js";

describe("tournament script deployment", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-deploy-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("deploys once at the vault, records it, and a restarted service reuses it", async () => {
    const contract = defaultContract("devnet");
    const vault = vaultAddress("devnet");
    const create = async (s: RunningService) =>
      tournamentCalls(() => s).create(await fundedWallet(s, 100 * ADA), {
        name: "Deployed",
        bracketSize: 2,
        entryFee: 5 * ADA,
        payoutStructure: [5 * ADA],
      });

    const first = await startService({}, { dataDir });
    let reference: string;
    let batchReference: string;
    try {
      const built = await create(first);
      const read = await first.request<"getTournament">("GET", `/tournaments/${built.tournamentId}`);
      assert.equal(read.body.contractVersion, "3.0.0", "v3 is the default");
      const refs = referenceInputsOf(built.complete);
      assert.equal(refs.length, 1, "the tournament script is used by reference");
      reference = refs[0]!;
      const atVault = await utxosAt(first, vault);
      const carrying = (code: string) =>
        atVault
          .filter((u) => u.output.scriptRef?.includes(code))
          .map((u) => `${u.input.txHash}#${u.input.outputIndex}`);
      assert.equal(atVault.length, 2, "the tournament script and the batch validator, each its own output");
      assert.deepEqual(
        carrying(contract.script.compiledCode),
        [reference],
        "the vault output carries the tournament script",
      );
      batchReference = carrying(contract.tree!.batch.compiledCode)[0]!;
      assert.ok(batchReference, "the other vault output carries the batch validator");
      // Attached by reference, the witness set carries no copy of the 4 KB script.
      assert.ok(
        built.complete.length / 2 < contract.script.compiledCode.length / 2,
        `create tx is ${built.complete.length / 2} bytes`,
      );
    } finally {
      await first.close();
    }

    const store = await SqliteDeploymentStore.open(deploymentsPath(dataDir));
    const record = await store.find("devnet", contract.contractTitle, contract.contractVersion, contract.script.hash);
    const batchRecord = await store.find(
      "devnet",
      contract.contractTitle,
      contract.contractVersion,
      contract.tree!.batch.hash,
    );
    await store.close();
    assert.equal(record && `${record.txHash}#${record.outputIndex}`, reference);
    assert.equal(batchRecord && `${batchRecord.txHash}#${batchRecord.outputIndex}`, batchReference);
    // `npm run cli -- contracts show` names both scripts and both records.
    const lines: string[] = [];
    const shown = await contractsCommand.run(["show"], {
      config: loadConfig({ DATA_DIR: dataDir }),
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    assert.equal(shown, 0);
    assert.deepEqual(
      lines
        .filter((l) => /^(contractVersion|scriptHash|batchScriptHash|deployment|batchDeployment) /.test(l))
        .map((l) => l.replace(/ \(recorded .*\)$/, "")),
      [
        "contractVersion  3.0.0",
        `scriptHash       ${contract.script.hash} (the NFT policy id)`,
        `batchScriptHash  ${contract.tree!.batch.hash} (the batch validator)`,
        `deployment       ${reference}`,
        `batchDeployment  ${batchReference}`,
      ],
    );

    const second = await startService({}, { dataDir });
    try {
      const built = await create(second);
      assert.deepEqual(referenceInputsOf(built.complete), [reference]);
      assert.equal((await utxosAt(second, vault)).length, 2, "no second deployment");
      const list = await second.request<"listTournaments">("GET", "/tournaments");
      assert.equal(list.body.results!.length, 2);
    } finally {
      await second.close();
    }
  });

  it("deploys again after a devnet reset removed the deployment (the record then points at nothing)", async () => {
    const contract = defaultContract("devnet");
    const vault = vaultAddress("devnet");
    const service = await startService();
    try {
      const create = async () =>
        tournamentCalls(() => service).create(await fundedWallet(service, 100 * ADA), {
          name: "Reset",
          bracketSize: 2,
          entryFee: 5 * ADA,
          payoutStructure: [5 * ADA],
        });
      const [before] = referenceInputsOf((await create()).complete);
      const reset = await service.request<"resetDevnet">("POST", "/devnet/reset", { confirm: "reset" });
      assert.equal(reset.status, 200);
      assert.deepEqual(await utxosAt(service, vault), []);
      const after = referenceInputsOf((await create()).complete);
      assert.equal(after.length, 1);
      assert.notEqual(after[0], before);
      const atVault = await utxosAt(service, vault);
      assert.deepEqual(
        atVault
          .filter((u) => u.output.scriptRef?.includes(contract.script.compiledCode))
          .map((u) => `${u.input.txHash}#${u.input.outputIndex}`),
        after,
      );
      assert.equal(atVault.length, 2, "the tournament script and the batch validator deployed again");
    } finally {
      await service.close();
    }
  });
});
