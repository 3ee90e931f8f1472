// The local cross-check of a real-network backend's script evaluation, through the Blockfrost and
// Ogmios + Kupo fakes over a live ledger: a Plutus V2 spend through a reference script (the setup
// of real-networks/scripts.test.ts) is evaluated by the backend and by the service's own Scalus
// evaluator. Agreeing evaluations are counted and silent; a backend answering other budgets (or
// refusing a passing script) is still the answer, with one warning giving both evaluations; a
// local evaluation that cannot resolve an input is logged and counted, and the call succeeds.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import type { EvaluationCheck, EvaluationCrossCheck, WarnLogger } from "../../src/chain/cross-checked-evaluation.js";
import type { ChainPort, RedeemerBudget } from "../../src/chain/port.js";
import { createRealNetworkChain } from "../../src/chain/real-networks.js";
import { LedgerRejectedError } from "../../src/errors.js";
import { blockfrostError, FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import {
  lockWithReference,
  spendThroughReference,
  sumCheckValidator,
  type PlutusFixture,
} from "../support/plutus-fixture.js";
import { newEnterpriseWallet, type TestWallet } from "../support/wallets.js";
import { MeshTxBuilder } from "@meshsdk/core";
import { CborWriter } from "../../src/cardano/cbor.js";
import { recursivePolicy } from "../hostile/recursive-policy.js";

interface Warning {
  readonly obj: Record<string, unknown>;
  readonly msg: string;
}

/** Ogmios's evaluateTransaction answer (Blockfrost's /utils/txs/evaluate?version=6 is the same). */
const evaluationText = (budgets: readonly RedeemerBudget[]): string =>
  JSON.stringify({
    jsonrpc: "2.0",
    method: "evaluateTransaction",
    result: budgets.map((b) => ({
      validator: { purpose: b.tag.toLowerCase(), index: b.index },
      budget: { memory: b.budget.mem, cpu: b.budget.steps },
    })),
  });
const refusalText = (reason: string): string =>
  JSON.stringify({
    jsonrpc: "2.0",
    method: "evaluateTransaction",
    error: {
      code: 3004,
      message: "Unable to create the evaluation context from the given transaction.",
      data: { reason },
    },
  });

interface Setup {
  readonly port: ChainPort & EvaluationCrossCheck;
  /** The backend answers every evaluation with `text` (an Ogmios v6 evaluation answer). */
  answerEvaluation(text: string): void;
  /** The backend's utxosByRef finds no output of `txHash` (an indexer behind the ledger). */
  hideOutputsOf(txHash: string): void;
  /** Back to answering from the ledger. */
  restore(): void;
  faults(): unknown[];
  close(): Promise<void>;
}

const backends: [string, (ledger: LiveLedger, logger: WarnLogger) => Promise<Setup>][] = [
  [
    "Blockfrost",
    async (ledger, logger) => {
      const fake = await FakeBlockfrost.start({ ledger });
      const port = createRealNetworkChain(
        "preprod",
        { kind: "blockfrost", projectId: "preprodScripts0123456789abcdefABCDEF", url: fake.apiUrl },
        {},
        logger,
      );
      return {
        port,
        answerEvaluation: (text) =>
          fake.answer("POST", /^\/utils\/txs\/evaluate(\/utxos)?$/, { status: 200, body: text, raw: true }),
        hideOutputsOf: (txHash) =>
          fake.answer("GET", new RegExp(`^/txs/${txHash}/utxos$`), { status: 404, body: blockfrostError(404) }),
        restore: () => fake.reset(),
        faults: () => fake.faults,
        close: async () => (await port.close(), await fake.close()),
      };
    },
  ],
  [
    "Ogmios + Kupo",
    async (ledger, logger) => {
      const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
      const port = createRealNetworkChain(
        "preprod",
        { kind: "ogmios-kupo", ogmiosUrl: fake.ogmiosUrl, kupoUrl: fake.kupoUrl },
        {},
        logger,
      );
      return {
        port,
        answerEvaluation: (text) => fake.replies.set("evaluateTransaction", () => text),
        hideOutputsOf: () =>
          fake.replies.set("queryLedgerState/utxo", () =>
            JSON.stringify({ jsonrpc: "2.0", method: "queryLedgerState/utxo", result: [] }),
          ),
        restore: () => fake.replies.clear(),
        faults: () => [...fake.ogmios.faults, ...fake.kupo.faults],
        close: async () => (await port.close(), await fake.close()),
      };
    },
  ],
];

for (const [name, make] of backends) {
  describe(`evaluation cross-check through ${name} (loopback fake, live ledger)`, () => {
    let ledger: LiveLedger;
    let setup: Setup;
    let port: ChainPort & EvaluationCrossCheck;
    let dave: TestWallet;
    let script: PlutusFixture;
    let locked: UTxO;
    let reference: UTxO;
    let deployHash: string;
    const warnings: Warning[] = [];
    const logger: WarnLogger = { warn: (obj, msg) => void warnings.push({ obj: obj as Record<string, unknown>, msg }) };

    /** The counters' change since `before`. */
    const since = (before: EvaluationCheck): EvaluationCheck => {
      const now = port.evaluationCheck();
      return {
        agreed: now.agreed - before.agreed,
        disagreed: now.disagreed - before.disagreed,
        localFailed: now.localFailed - before.localFailed,
      };
    };

    /** A spend of the locked output through the reference script, signed by dave. */
    const spend = (redeemer: number, budget: { mem: number; steps: number }): Promise<string> =>
      spendThroughReference({ port, script, locked, reference, wallet: dave }, redeemer, budget);
    const draft = (): Promise<string> => spend(22, { mem: 7_000_000, steps: 3_000_000_000 });

    before(async () => {
      ledger = await LiveLedger.create();
      setup = await make(ledger, logger);
      port = setup.port;
      [dave, script] = await Promise.all([newEnterpriseWallet(), sumCheckValidator()]);
      await ledger.fund(dave.address, 200_000_000n);
      ({ txHash: deployHash, locked, reference } = await lockWithReference(port, dave, script, ledger.devnet));
    });
    after(async () => {
      await setup.close();
      await ledger.close();
      assert.deepEqual(setup.faults(), [], "the fakes answered every request");
    });

    it("counts agreeing evaluations (same budgets, or both refusing) without a warning", async () => {
      const before = port.evaluationCheck();
      const tx = await draft();
      const budgets = await port.evaluate(tx);
      assert.deepEqual(budgets, await ledger.devnet.evaluate(tx));
      assert.equal(budgets.length, 1);
      assert.deepEqual(since(before), { agreed: 1, disagreed: 0, localFailed: 0 });

      await assert.rejects(
        port.evaluate(await spend(21, { mem: 7_000_000, steps: 3_000_000_000 })),
        LedgerRejectedError,
      );
      assert.deepEqual(since(before), { agreed: 2, disagreed: 0, localFailed: 0 });
      assert.deepEqual(warnings, []);
    });

    it("stops the local evaluation at the network's budget: a policy recursing 10^9 times is refused on both sides, within seconds (issue #20)", async () => {
      const policy = recursivePolicy();
      // Mesh takes a script CBOR-wrapped twice.
      const script = new CborWriter().bytes(Buffer.from(policy.compiledCode, "hex")).finish();
      const utxos = (await port.utxosAt(dave.address)).filter((u) => !u.output.scriptRef);
      const collateral = utxos[0]!;
      const builder = new MeshTxBuilder({ params: await port.protocolParameters() })
        .mintPlutusScriptV2()
        .mint("1", policy.hash, "78")
        .mintingScript(Buffer.from(script).toString("hex"))
        .mintRedeemerValue(1_000_000_000, "Mesh", { mem: 7_000_000, steps: 3_000_000_000 })
        .txInCollateral(
          collateral.input.txHash,
          collateral.input.outputIndex,
          collateral.output.amount,
          collateral.output.address,
        )
        .changeAddress(dave.address)
        .selectUtxosFrom(utxos);
      const tx = await dave.sign(await builder.complete());
      await port.evaluate(await draft()); // both sides' evaluation workers started (a second or more), not part of the timing
      const before = port.evaluationCheck();
      warnings.length = 0;
      const started = performance.now();
      await assert.rejects(
        port.evaluate(tx),
        (error: unknown) =>
          error instanceof LedgerRejectedError &&
          /per-transaction limit of 16500000 memory units/.test((error as Error).message),
      );
      assert.ok(performance.now() - started < 2_000, `refused in ${Math.round(performance.now() - started)} ms`);
      assert.deepEqual(since(before), { agreed: 1, disagreed: 0, localFailed: 0 });
      assert.deepEqual(warnings, []);
    });

    it("answers the backend's budgets when they differ from the local ones, with one warning giving both", async () => {
      const tx = await draft();
      const local = await ledger.devnet.evaluate(tx);
      const [real] = local;
      assert.ok(real);
      const tampered: RedeemerBudget[] = [
        { ...real, budget: { mem: real.budget.mem + 1_000, steps: real.budget.steps + 250_000 } },
      ];
      const before = port.evaluationCheck();
      warnings.length = 0;
      setup.answerEvaluation(evaluationText(tampered));
      try {
        assert.deepEqual(await port.evaluate(tx), tampered);
      } finally {
        setup.restore();
      }
      assert.deepEqual(since(before), { agreed: 0, disagreed: 1, localFailed: 0 });
      assert.equal(warnings.length, 1);
      const [warning] = warnings;
      assert.match(warning!.msg, /disagrees/);
      assert.deepEqual(warning!.obj["backendEvaluation"], { budgets: tampered });
      assert.deepEqual(warning!.obj["localEvaluation"], { budgets: local });
      assert.equal(warning!.obj["network"], "preprod");
    });

    it("passes the backend's refusal of a script the local evaluator passes, with one warning", async () => {
      const tx = await draft();
      const local = await ledger.devnet.evaluate(tx);
      const before = port.evaluationCheck();
      warnings.length = 0;
      setup.answerEvaluation(refusalText("the backend's evaluator says no"));
      try {
        await assert.rejects(
          port.evaluate(tx),
          (error: unknown) =>
            error instanceof LedgerRejectedError && /the backend's evaluator says no/.test((error as Error).message),
        );
      } finally {
        setup.restore();
      }
      assert.deepEqual(since(before), { agreed: 0, disagreed: 1, localFailed: 0 });
      assert.equal(warnings.length, 1);
      assert.match(
        String((warnings[0]!.obj["backendEvaluation"] as { error?: string }).error),
        /the backend's evaluator says no/,
      );
      assert.deepEqual(warnings[0]!.obj["localEvaluation"], { budgets: local });
    });

    it("logs a local evaluation that cannot resolve an input and still answers the backend's budgets", async () => {
      const tx = await draft();
      const before = port.evaluationCheck();
      warnings.length = 0;
      setup.hideOutputsOf(deployHash);
      let budgets: RedeemerBudget[];
      try {
        budgets = await port.evaluate(tx);
      } finally {
        setup.restore();
      }
      assert.deepEqual(budgets, await ledger.devnet.evaluate(tx));
      assert.deepEqual(since(before), { agreed: 0, disagreed: 0, localFailed: 1 });
      assert.equal(warnings.length, 1);
      assert.match(String(warnings[0]!.obj["reason"]), new RegExp(`unresolved outputs .*${deployHash}#0`));
    });
  });
}
