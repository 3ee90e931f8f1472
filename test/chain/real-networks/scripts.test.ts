// Scripts through each real-network adapter and its live-ledger fake: an output with an inline
// datum and one carrying a Plutus V2 reference script are read back through Blockfrost (UTxO
// fields, /scripts/{hash}, /scripts/{hash}/cbor) and through Ogmios + Kupo (resolved matches,
// ledger-state UTxOs) exactly as the ledger holds them; a spend through the reference script is
// evaluated by the ledger behind the fake (same budgets as the ledger's own), a failing redeemer
// is refused with the script's trace, and the spend with the evaluated budget is accepted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { createRealNetworkChain } from "../../../src/chain/real-networks.js";
import type { ChainPort, RedeemerBudget } from "../../../src/chain/port.js";
import { LedgerRejectedError } from "../../../src/errors.js";
import { FakeBlockfrost } from "../../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../../support/fakes/live-ledger.js";
import {
  lockWithReference,
  spendThroughReference,
  sumCheckValidator,
  type PlutusFixture,
} from "../../support/plutus-fixture.js";
import { newEnterpriseWallet, type TestWallet } from "../../support/wallets.js";

interface Setup {
  readonly port: ChainPort;
  faults(): unknown[];
  close(): Promise<void>;
}

const backends: [string, (ledger: LiveLedger) => Promise<Setup>][] = [
  [
    "Blockfrost",
    async (ledger) => {
      const fake = await FakeBlockfrost.start({ ledger });
      const port = createRealNetworkChain("preprod", {
        kind: "blockfrost",
        projectId: "preprodScripts0123456789abcdefABCDEF",
        url: fake.apiUrl,
      });
      return { port, faults: () => fake.faults, close: async () => (await port.close(), await fake.close()) };
    },
  ],
  [
    "Ogmios + Kupo",
    async (ledger) => {
      const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
      const port = createRealNetworkChain("preprod", {
        kind: "ogmios-kupo",
        ogmiosUrl: fake.ogmiosUrl,
        kupoUrl: fake.kupoUrl,
      });
      return {
        port,
        faults: () => [...fake.ogmios.faults, ...fake.kupo.faults],
        close: async () => (await port.close(), await fake.close()),
      };
    },
  ],
];

const ref = (u: UTxO): string => `${u.input.txHash}#${u.input.outputIndex}`;
/** Sorted, and without keys set to undefined (the devnet's decoding writes `scriptRef: undefined`). */
const byRef = (utxos: readonly UTxO[]): unknown =>
  JSON.parse(JSON.stringify([...utxos].sort((a, b) => ref(a).localeCompare(ref(b)))));
/** The ledger's UTxOs as the adapters give them: a reference script comes with its hash (the script's, from Helios). */
const withHash = (utxos: readonly UTxO[], script: PlutusFixture): UTxO[] =>
  utxos.map((u) => (u.output.scriptRef === undefined ? u : { ...u, output: { ...u.output, scriptHash: script.hash } }));

for (const [name, make] of backends) {
  describe(`scripts through ${name} (loopback fake, live ledger)`, () => {
    let ledger: LiveLedger;
    let setup: Setup;
    let port: ChainPort;
    let dave: TestWallet;
    let script: PlutusFixture;
    let locked: UTxO;
    let reference: UTxO;

    /** A spend of the locked output through the reference script, signed by dave. */
    const spend = (redeemer: number, budget: { mem: number; steps: number }): Promise<string> =>
      spendThroughReference({ port, script, locked, reference, wallet: dave }, redeemer, budget);

    before(async () => {
      ledger = await LiveLedger.create();
      setup = await make(ledger);
      port = setup.port;
      [dave, script] = await Promise.all([newEnterpriseWallet(), sumCheckValidator()]);
      await ledger.fund(dave.address, 200_000_000n);
      ({ locked, reference } = await lockWithReference(port, dave, script, ledger.devnet));
    });
    after(async () => {
      await setup.close();
      await ledger.close();
      assert.deepEqual(setup.faults(), [], "the fakes answered every request");
    });

    it("reads the inline datum and the reference script exactly as the ledger holds them", async () => {
      assert.deepEqual(byRef(await port.utxosAt(script.address)), byRef(await ledger.devnet.utxosAt(script.address)));
      assert.deepEqual(
        byRef(await port.utxosAt(dave.address)),
        byRef(withHash(await ledger.devnet.utxosAt(dave.address), script)),
      );
      const refs = [locked, reference].map((u) => ({ txHash: u.input.txHash, index: u.input.outputIndex }));
      assert.deepEqual(byRef(await port.utxosByRef(refs)), byRef(withHash([locked, reference], script)));
      const mine = (await port.utxosAt(dave.address)).find((u) => ref(u) === ref(reference));
      assert.equal(mine?.output.scriptHash, script.hash);
    });

    it("evaluates through the backend with the ledger's own budgets, and refuses a failing redeemer with the script's trace", async () => {
      const draft = await spend(22, { mem: 7_000_000, steps: 3_000_000_000 });
      const budgets: RedeemerBudget[] = await port.evaluate(draft);
      assert.deepEqual(budgets, await ledger.devnet.evaluate(draft));
      assert.equal(budgets.length, 1);
      assert.equal(budgets[0]?.tag, "SPEND");
      assert.ok((budgets[0]?.budget.mem ?? 0) > 0);

      const wrong = await spend(21, { mem: 7_000_000, steps: 3_000_000_000 });
      await assert.rejects(port.evaluate(wrong), (error: unknown) => {
        assert.ok(error instanceof LedgerRejectedError, String(error));
        assert.match((error as Error).message, /wrong redeemer/);
        return true;
      });
    });

    it("accepts the spend with the evaluated budget; the locked output is gone", async () => {
      const [evaluated] = await port.evaluate(await spend(22, { mem: 7_000_000, steps: 3_000_000_000 }));
      assert.ok(evaluated);
      const txHash = await port.submit(await spend(22, evaluated.budget));
      assert.equal((await port.txStatus(txHash)).status, "confirmed");
      assert.deepEqual(await port.utxosAt(script.address), []);
      assert.deepEqual(await ledger.devnet.utxosAt(script.address), []);
    });
  });
}
