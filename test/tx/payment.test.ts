// POST /transactions/build end to end on the devnet: payments, inputs, datums, reference inputs,
// required signers and validity. Each transaction is signed with a real key and submitted.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { build, signAndSubmit, submitRejected } from "../support/transactions-api.js";
import { fund, newBaseWallet } from "../support/wallets.js";
import { outputsOf, quantityOf, totalOf, utxosAt, utxoStringsAt } from "../support/utxos.js";
import {
  bodyHash,
  datumHash,
  datumJson,
  feeOf,
  inputsOf,
  referenceInputsOf,
  requiredSignersOf,
  txOf,
  validityOf,
  vkeyCount,
  witnessDatums,
} from "../support/tx-decode.js";
import { startService, type RunningService } from "../support/service.js";
import { Address } from "@meshsdk/core-cst";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

describe("build: payments", () => {
  test("a basic payment (UTxOs read from the chain) is accepted and pays exactly", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 100_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 10_000_000 }],
    });

    assert.match(built.hash, /^[0-9a-f]{64}$/);
    assert.equal(built.fee, String(feeOf(built.complete)), "the answer's fee is the body's");
    assert.equal(bodyHash(built.complete), built.hash);
    assert.equal(bodyHash(built.stripped), built.hash);
    const tx = txOf(built.complete);
    const stripped = txOf(built.stripped);
    assert.equal(stripped.body().to_hex(), tx.body().to_hex());
    assert.equal(stripped.witness_set().vkeys(), undefined);
    assert.equal(stripped.witness_set().native_scripts(), undefined);
    assert.equal(
      built.stripped.length,
      built.complete.length - built.witnessSet.length + 2,
      "stripped = complete with the witness set replaced by a0",
    );
    assert.equal(txOf(built.complete).witness_set().to_hex(), built.witnessSet);
    assert.equal(built.auxiliaryData, undefined);

    const txHash = await signAndSubmit(service, built, [alice]);
    const paid = outputsOf(await utxosAt(service, bob.address), txHash);
    assert.equal(paid.length, 1);
    assert.equal(quantityOf(paid[0]!, "lovelace"), 10_000_000n);
    const change = await utxosAt(service, alice.address);
    assert.equal(totalOf(change, "lovelace"), 100_000_000n - 10_000_000n - feeOf(built.complete));
  });

  test("addresses in hex (as CIP-30 wallets hand them out) are taken as their bech32: built, signed, submitted", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 50_000_000);
    const hex = (bech32: string) => Address.fromBech32(bech32).toBytes();
    const built = await build(service, {
      changeAddress: hex(alice.address),
      outputs: [{ address: hex(bob.address), lovelace: 7_000_000 }],
    });
    const txHash = await signAndSubmit(service, built, [alice]);
    const paid = outputsOf(await utxosAt(service, bob.address), txHash);
    assert.equal(paid.length, 1);
    assert.equal(quantityOf(paid[0]!, "lovelace"), 7_000_000n);
    assert.equal(
      totalOf(await utxosAt(service, alice.address), "lovelace"),
      50_000_000n - 7_000_000n - feeOf(built.complete),
    );
  });

  test("ADA-only output without lovelace gets the ledger minimum; one lovelace less is a 400 naming it", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const built = await build(service, { changeAddress: alice.address, outputs: [{ address: bob.address }] });
    const txHash = await signAndSubmit(service, built, [alice]);
    const min = quantityOf(outputsOf(await utxosAt(service, bob.address), txHash)[0]!, "lovelace");
    assert.ok(min > 800_000n && min < 1_200_000n, `min ${min}`);

    const below = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: Number(min - 1n) }],
    });
    assert.equal(below.status, 400);
    assert.match(
      below.body.message,
      new RegExp(`body\\.outputs\\[0\\]\\.lovelace .*below the ledger minimum .* ${min} lovelace`),
    );
  });

  test("given utxos: only those are spent", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 30_000_000);
    await fund(service, alice.address, 40_000_000);
    const all = await utxoStringsAt(service, alice.address);
    assert.equal(all.length, 2);
    const onChain = await utxosAt(service, alice.address);
    const forty = onChain.findIndex((u) => quantityOf(u, "lovelace") === 40_000_000n);
    const built = await build(service, {
      changeAddress: alice.address,
      utxos: [all[forty]!],
      outputs: [{ address: alice.address, lovelace: 5_000_000 }],
    });
    assert.deepEqual(inputsOf(built.complete), [
      `${onChain[forty]!.input.txHash}#${onChain[forty]!.input.outputIndex}`,
    ]);
    await signAndSubmit(service, built, [alice]);
  });

  test("requiredInputs are spent even when coin selection would not need them", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 500_000_000);
    await fund(service, alice.address, 3_000_000);
    const onChain = await utxosAt(service, alice.address);
    const strings = await utxoStringsAt(service, alice.address);
    const small = onChain.findIndex((u) => quantityOf(u, "lovelace") === 3_000_000n);
    const built = await build(service, {
      changeAddress: alice.address,
      requiredInputs: [strings[small]!],
      outputs: [{ address: alice.address, lovelace: 100_000_000 }],
    });
    const inputs = inputsOf(built.complete);
    assert.ok(inputs.includes(`${onChain[small]!.input.txHash}#${onChain[small]!.input.outputIndex}`));
    assert.equal(inputs.length, 2);
    await signAndSubmit(service, built, [alice]);
  });

  test("inline and hash datums (JSON and CBOR) land on chain as given", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 50_000_000);
    const inline = { constructor: 0, fields: [{ int: 42 }, { bytes: "cafe" }, { list: [{ int: 1 }] }] };
    const hashed = "d87a9f4474657374ff"; // 122([h'74657374'])
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [
        { address: bob.address, lovelace: 2_000_000, datum: { type: "inline", value: inline } },
        { address: bob.address, datum: { type: "hash", value: hashed } },
      ],
    });
    assert.ok(witnessDatums(built.complete).includes(hashed), "the hash datum travels in the witness set");
    const txHash = await signAndSubmit(service, built, [alice]);
    const [first, second] = outputsOf(await utxosAt(service, bob.address), txHash);
    assert.deepEqual(datumJson(first!.output.plutusData!), inline);
    assert.equal(second!.output.dataHash, datumHash(hashed));
  });

  test("referenceInputs (string and object forms) are read, not spent", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 50_000_000);
    const setup = await build(service, {
      changeAddress: alice.address,
      outputs: [
        { address: bob.address, lovelace: 2_000_000 },
        { address: bob.address, lovelace: 3_000_000 },
      ],
    });
    const setupHash = await signAndSubmit(service, setup, [alice]);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 1_500_000 }],
      referenceInputs: [`${setupHash}#0`, { txHash: setupHash, index: "1" }],
    });
    assert.deepEqual(referenceInputsOf(built.complete), [`${setupHash}#0`, `${setupHash}#1`]);
    await signAndSubmit(service, built, [alice]);
    assert.equal(outputsOf(await utxosAt(service, bob.address), setupHash).length, 2, "reference inputs stay unspent");

    const unknown = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      referenceInputs: [`${"ab".repeat(32)}#0`],
    });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /referenceInputs.*abab.*#0 is spent or unknown/);
  });

  test("requiredSigners: the ledger wants that key's signature too", async () => {
    const [alice, carol] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 30_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      requiredSigners: [carol.keyHash],
    });
    assert.deepEqual(requiredSignersOf(built.complete), [carol.keyHash]);
    const reason = await submitRejected(service, built, [alice]);
    assert.match(reason, /witness|sign/i);
    const signature = await carol.witnessSet(built.complete);
    assert.equal(vkeyCount(signature), 1);
    await signAndSubmit(service, built, [alice, carol]);
  });
});

describe("build: validity interval", () => {
  async function slotOf(unixSeconds: number): Promise<number> {
    const response = await service.request<"timeToSlot">("POST", "/utils/network/time-to-slot", {
      time: unixSeconds * 1000,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.slot as number;
  }

  test("default: from the tip to two hours later", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 10_000_000);
    const tip = (await service.request<"getHealth">("GET", "/health")).body.tip as { slot: number };
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
    });
    const { start, ttl } = validityOf(built.complete);
    assert.ok(start !== null && Math.abs(start - tip.slot) <= 2, `start ${start} vs tip ${tip.slot}`);
    assert.equal(ttl! - start!, 7200);
    await signAndSubmit(service, built, [alice]);
  });

  test("explicit Unix seconds become the era history's slots; an expired interval is refused by the ledger", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 20_000_000);
    const advanced = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 3600 });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
    const now = Math.floor((advanced.body.time as number) / 1000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      validityInterval: { start: now - 60, end: now + 600 },
    });
    assert.deepEqual(validityOf(built.complete), { start: await slotOf(now - 60), ttl: await slotOf(now + 600) });
    await signAndSubmit(service, built, [alice]);

    // An interval already over is refused at build (it could never be accepted) ...
    const over = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      validityInterval: { start: now - 600, end: now - 300 },
    });
    assert.equal(over.status, 400, JSON.stringify(over.body));
    assert.match(
      over.body.message,
      new RegExp(
        `^body\\.validityInterval\\.end \\(slot ${await slotOf(now - 300)}, .+Z\\) has already passed: the chain is at slot \\d+, .+Set a later end`,
      ),
    );
    // ... and one that ends while it waits for its signature is refused by the ledger.
    const soon = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      validityInterval: { start: now - 60, end: now + 30 },
    });
    assert.equal((await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 60 })).status, 200);
    assert.match(await submitRejected(service, soon, [alice]), /valid|interval|ttl|expired|slot/i);

    const open = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      validityInterval: { start: false, end: false },
    });
    assert.deepEqual(validityOf(open.complete), { start: null, ttl: null });
    await signAndSubmit(service, open, [alice]);
  });
});
