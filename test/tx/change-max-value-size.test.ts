// A change of more assets than one output can hold, through POST /transactions/build on the
// devnet: the ledger refuses an output whose value is over maxValSize bytes (5,000 on the devnet,
// as on mainnet), but a wallet can hold more assets over several UTxOs. Spending them together
// gave one change output of all of them, which the ledger refused; the change is now dealt over
// outputs of at most maxValSize bytes each, and the ledger takes the transaction.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { txOf } from "../support/tx-decode.js";
import { quantityOf, utxosAt } from "../support/utxos.js";
import { fund, newBaseWallet, newEnterpriseWallet, signaturePolicy } from "../support/wallets.js";

/** Asset names of 32 bytes: 80 of them make a value of about 2,800 bytes, 160 one of about 5,600. */
const nameOf = (batch: number, i: number): string => (batch * 100 + i).toString(16).padStart(4, "0") + "ee".repeat(30);

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

describe("build: a change over maxValSize", () => {
  test("160 assets of two UTxOs spent together: the change split over outputs under maxValSize, which the ledger takes", async () => {
    const max = DEVNET_PROTOCOL_PARAMETERS.maxValSize;
    const alice = await newBaseWallet();
    const bob = await newEnterpriseWallet();
    await fund(service, alice.address, 200_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    for (const batch of [0, 1]) {
      const mint = Array.from({ length: 80 }, (_, i) => ({
        version: "cip25",
        assetName: { name: nameOf(batch, i), format: "hex" },
        policyId,
        quantity: "1000",
        destAddress: alice.address,
      }));
      const minted = await build(service, { changeAddress: alice.address, preloadedScripts: [preloaded], mint });
      await signAndSubmit(service, minted, [alice]);
    }
    const units = [0, 1].flatMap((batch) => Array.from({ length: 80 }, (_, i) => policyId + nameOf(batch, i)));
    const holders = (await utxosAt(service, alice.address)).filter(
      (u) => quantityOf(u, units[0]!) > 0n || quantityOf(u, units[80]!) > 0n,
    );
    assert.equal(holders.length, 2);

    const built = await build(service, {
      changeAddress: alice.address,
      requiredInputs: holders.map(encodeUtxo),
      outputs: [{ address: bob.address, lovelace: "2000000" }],
    });
    const outputs = txOf(built.complete).body().outputs();
    const sizes = Array.from({ length: outputs.len() }, (_, i) => outputs.get(i).amount().to_bytes().length);
    assert.equal(sizes.length, 3, `bob's output and two change outputs: ${sizes.join(", ")}`);
    for (const size of sizes) assert.ok(size <= max, `an output's value of ${size} bytes, over ${max}`);
    await signAndSubmit(service, built, [alice]);

    // Every asset back at alice's, 1,000 of each.
    const after = await utxosAt(service, alice.address);
    for (const unit of units)
      assert.equal(
        after.reduce((total, u) => total + quantityOf(u, unit), 0n),
        1000n,
        unit,
      );
  });
});
