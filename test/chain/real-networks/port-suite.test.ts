// The chain port suite (test/support/port-suite.ts, the one the devnet passes) run
// through the Blockfrost adapter and through the Ogmios + Kupo adapter, each pointed at its
// loopback fake answering from a live ledger: funds, spends, double spends, exact fees and
// min-UTxO all go through the adapter's HTTP / JSON-RPC translation, the resilience wrapper and
// the epoch cache, exactly as createChain assembles them for preprod.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eraHistoryFor } from "../../../src/cardano/era-history.js";
import type { BackendSettings } from "../../../src/config.js";
import { createRealNetworkChain } from "../../../src/chain/real-networks.js";
import { runPortSuite, type PortSuiteSubject } from "../../support/port-suite.js";
import { FakeBlockfrost } from "../../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../../support/fakes/live-ledger.js";

const PROJECT_ID = "preprodLiveLedgerPortSuite012345678";

/**
 * A real-network adapter pointed at its loopback fake, which answers from a fresh live ledger;
 * closing it checks that the fake answered every request (`fakeName` says which fake).
 */
async function liveLedgerSubject<F extends { close(): Promise<void> }>(
  startFake: (ledger: LiveLedger) => Promise<F>,
  settingsOf: (fake: F) => BackendSettings,
  faultsOf: (fake: F) => unknown[],
  fakeName: string,
): Promise<PortSuiteSubject & { ledger: LiveLedger; fake: F }> {
  const ledger = await LiveLedger.create();
  const fake = await startFake(ledger);
  const port = createRealNetworkChain("preprod", settingsOf(fake));
  return {
    ledger,
    fake,
    port,
    fund: async (address, lovelace) => {
      await ledger.fund(address, lovelace);
    },
    registersPools: true,
    close: async () => {
      await port.close();
      await fake.close();
      await ledger.close();
      assert.deepEqual(faultsOf(fake), [], `the fake ${fakeName} answered every request`);
    },
  };
}

const blockfrostSubject = () =>
  liveLedgerSubject(
    (ledger) => FakeBlockfrost.start({ ledger }),
    (fake) => ({ kind: "blockfrost", projectId: PROJECT_ID, url: fake.apiUrl }),
    (fake) => fake.faults,
    "Blockfrost",
  );

const ogmiosKupoSubject = () =>
  liveLedgerSubject(
    (ledger) => FakeOgmiosKupo.start({ ledger, network: "preprod" }),
    (fake) => ({ kind: "ogmios-kupo", ogmiosUrl: fake.ogmiosUrl, kupoUrl: fake.kupoUrl }),
    (fake) => [...fake.ogmios.faults, ...fake.kupo.faults],
    "Ogmios and Kupo",
  );

runPortSuite("Blockfrost adapter → fake Blockfrost → live ledger", blockfrostSubject);
runPortSuite("Ogmios + Kupo adapter → fake Ogmios and Kupo → live ledger", ogmiosKupoSubject);

describe("the live fakes keep the ledger's time", () => {
  const preprod = eraHistoryFor("preprod");
  for (const [name, make] of [
    ["Blockfrost", blockfrostSubject],
    ["Ogmios + Kupo", ogmiosKupoSubject],
  ] as const) {
    describe(name, () => {
      let subject: Awaited<ReturnType<typeof make>>;
      before(async () => {
        subject = await make();
      });
      after(() => subject.close());

      it("gives the ledger's slot as the tip, timed by preprod's era history", async () => {
        const before = await subject.ledger.tip();
        const tip = await subject.port.tip();
        const afterTip = await subject.ledger.tip();
        assert.ok(
          tip.slot >= before.slot && tip.slot <= afterTip.slot,
          `tip ${tip.slot} within the ledger's ${before.slot}..${afterTip.slot}`,
        );
        assert.equal(tip.time, preprod.slotToTime(tip.slot));
        assert.ok(Math.abs(tip.time - Date.now()) < 5_000, "preprod's slot for now");
      });

      it("reports the ledger's own protocol parameters, in the epoch preprod is in", async () => {
        const params = await subject.port.protocolParameters();
        const ledgerParams = await subject.ledger.devnet.protocolParameters();
        const { epoch: _fakeEpoch, ...rest } = params;
        const { epoch: _ledgerEpoch, ...expected } = ledgerParams;
        assert.deepEqual(rest, expected);
        const tip = await subject.port.tip();
        assert.equal(params.epoch, 4 + Math.floor((tip.slot - 86_400) / 432_000));
      });

      it("shows a payment's outputs with the ledger's amounts and knows its status", async () => {
        const wallet = await import("../../support/wallets.js").then((m) => m.newEnterpriseWallet());
        const txHash = await subject.ledger.fund(wallet.address, 7_654_321n);
        const utxos = await subject.port.utxosAt(wallet.address);
        assert.deepEqual(
          utxos.map((u) => ({ ref: `${u.input.txHash}#${u.input.outputIndex}`, amount: u.output.amount })),
          (await subject.ledger.devnet.utxosAt(wallet.address)).map((u) => ({
            ref: `${u.input.txHash}#${u.input.outputIndex}`,
            amount: u.output.amount,
          })),
        );
        assert.equal(utxos[0]?.input.txHash, txHash);
        assert.equal((await subject.port.txStatus(txHash)).status, "confirmed");
      });
    });
  }
});
