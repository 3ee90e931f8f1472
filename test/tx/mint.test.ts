// Mints and burns through POST /transactions/build on the devnet, with native-script policies
// given in preloadedScripts; every transaction is signed with the policy key and submitted.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Address } from "@meshsdk/core-cst";
import { build, signAndSubmit, utf8Hex } from "../support/transactions-api.js";
import { fund, newBaseWallet, signaturePolicy, type TestWallet } from "../support/wallets.js";
import { outputsOf, quantityOf, totalOf, utxosAt } from "../support/utxos.js";
import {
  datumJson,
  inputsOf,
  metadataJson,
  nativeScriptHashesOf,
  policyIdOf,
  validityOf,
} from "../support/tx-decode.js";
import { nativeScriptBytes, nativeScriptHash } from "../../src/cardano/native-scripts.js";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import { startService, type RunningService } from "../support/service.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

const hexOf = (text: string) => Buffer.from(text, "utf8").toString("hex");

describe("build: CIP-25", () => {
  test("mint with a simple preloaded script: label 721 v1 metadata, long strings chunked, token at the change address", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 50_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const image = `ipfs://Qm${"a".repeat(90)}`;
    const built = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip25",
          assetName: { name: "Sword", format: "utf8" },
          metadata: { name: "A sword", image, mediaType: "image/png", attributes: { power: 9 } },
          policyId,
          quantity: 1,
        },
      ],
    });
    assert.deepEqual(nativeScriptHashesOf(built.complete), [policyId]);
    assert.ok(built.auxiliaryData);
    assert.deepEqual(metadataJson(built.complete, 721), {
      [policyId]: {
        Sword: {
          name: "A sword",
          image: [image.slice(0, 64), image.slice(64)],
          mediaType: "image/png",
          attributes: { power: 9 },
        },
      },
    });
    const txHash = await signAndSubmit(service, built, [alice]);
    const mine = await utxosAt(service, alice.address);
    assert.equal(totalOf(outputsOf(mine, txHash), policyId + hexOf("Sword")), 1n);
  });

  test("destAddress routes minted tokens; a negative quantity burns", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 50_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const unit = policyId + hexOf("Coin");
    const minted = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip25",
          assetName: { name: "Coin", format: "utf8" },
          policyId,
          quantity: "1_000",
          destAddress: alice.address,
        },
        {
          version: "cip25",
          assetName: { name: hexOf("Gem"), format: "hex" },
          policyId,
          quantity: 5,
          destAddress: bob.address,
        },
      ],
    });
    const mintHash = await signAndSubmit(service, minted, [alice]);
    const bobs = outputsOf(await utxosAt(service, bob.address), mintHash);
    assert.equal(bobs.length, 1);
    assert.equal(quantityOf(bobs[0]!, policyId + hexOf("Gem")), 5n);
    assert.equal(quantityOf(bobs[0]!, unit), 0n);
    assert.equal(totalOf(await utxosAt(service, alice.address), unit), 1000n);

    const burnt = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [{ version: "cip25", assetName: { name: "Coin", format: "utf8" }, policyId, quantity: -400 }],
    });
    assert.equal(burnt.auxiliaryData, undefined, "a burn carries no CIP-25 metadata");
    await signAndSubmit(service, burnt, [alice]);
    assert.equal(totalOf(await utxosAt(service, alice.address), unit), 600n);
  });

  test("a destAddress in hex is taken as its bech32", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 50_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const minted = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip25",
          assetName: { name: "Gem", format: "utf8" },
          policyId,
          quantity: 3,
          destAddress: Address.fromBech32(bob.address).toBytes(),
        },
      ],
    });
    const mintHash = await signAndSubmit(service, minted, [alice]);
    assert.equal(totalOf(outputsOf(await utxosAt(service, bob.address), mintHash), policyId + hexOf("Gem")), 3n);
  });

  test("mint quantities are the ledger's signed 64 bits: 2^63 - 1 mints, 2^63 and -2^63 - 1 are 400 naming the field", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 50_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const mintOf = (quantity: string) => ({
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [{ version: "cip25", assetName: { name: "Max", format: "utf8" }, policyId, quantity }],
    });
    for (const quantity of ["9223372036854775808", "-9223372036854775809"]) {
      const response = await service.request<"buildTransaction">("POST", "/transactions/build", mintOf(quantity));
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(
        response.body.message,
        /^body\.mint\[0\]\.quantity is -?\d+, outside the range the ledger allows for a mint or burn quantity \(-2\^63 to 2\^63 - 1\)/,
      );
    }
    const txHash = await signAndSubmit(service, await build(service, mintOf("9223372036854775807")), [alice]);
    assert.equal(
      totalOf(outputsOf(await utxosAt(service, alice.address), txHash), policyId + hexOf("Max")),
      2n ** 63n - 1n,
    );
  });

  test("multi-output asset transfer: hex and {name, format} asset names, lovelace left to the minimum", async () => {
    const [alice, bob, carol] = await Promise.all([newBaseWallet(), newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 60_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const mint = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        { version: "cip25", assetName: { name: "Gold", format: "utf8" }, policyId, quantity: 100 },
        { version: "cip25", assetName: { name: "Silver", format: "utf8" }, policyId, quantity: 100 },
      ],
    });
    await signAndSubmit(service, mint, [alice]);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [
        {
          address: bob.address,
          lovelace: 3_000_000,
          assets: [
            { policyId, assetName: hexOf("Gold"), quantity: 30 },
            { policyId, assetName: { name: "Silver", format: "utf8" }, quantity: 10 },
          ],
        },
        {
          address: carol.address,
          assets: [{ policyId, assetName: { name: hexOf("Gold"), format: "hex" }, quantity: "20" }],
        },
      ],
    });
    const txHash = await signAndSubmit(service, built, [alice]);
    const [toBob] = outputsOf(await utxosAt(service, bob.address), txHash);
    const [toCarol] = outputsOf(await utxosAt(service, carol.address), txHash);
    assert.equal(quantityOf(toBob!, "lovelace"), 3_000_000n);
    assert.equal(quantityOf(toBob!, policyId + hexOf("Gold")), 30n);
    assert.equal(quantityOf(toBob!, policyId + hexOf("Silver")), 10n);
    assert.equal(quantityOf(toCarol!, policyId + hexOf("Gold")), 20n);
    assert.ok(quantityOf(toCarol!, "lovelace") < 1_500_000n, "the minimum, not a round default");
    const left = await utxosAt(service, alice.address);
    assert.equal(totalOf(left, policyId + hexOf("Gold")), 50n);
    assert.equal(totalOf(left, policyId + hexOf("Silver")), 90n);
  });
});

describe("build: time-locked policies", () => {
  const lockedPolicy = (wallet: TestWallet, lock: { before?: number; after?: number }) => {
    const scripts: unknown[] = [{ type: "sig", keyHash: wallet.keyHash }];
    if (lock.before !== undefined) scripts.push({ type: "before", slot: lock.before });
    if (lock.after !== undefined) scripts.push({ type: "after", slot: lock.after });
    const policyId = policyIdOf(wallet.keyHash, lock);
    return { policyId, preloaded: { type: "simple", script: { type: "all", scripts }, hash: policyId } };
  };
  const tipSlot = async () =>
    ((await service.request<"getHealth">("GET", "/health")).body.tip as { slot: number }).slot;

  test("a 'before' lock narrows the default interval so that the ledger accepts the mint", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 30_000_000);
    const before = (await tipSlot()) + 600; // sooner than the default two hours
    const { policyId, preloaded } = lockedPolicy(alice, { before });
    const built = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip25",
          assetName: { name: "Timed", format: "utf8" },
          policyId,
          quantity: 1,
          metadata: { name: "Timed", image: "ipfs://t" },
        },
      ],
    });
    assert.equal(validityOf(built.complete).ttl, before);
    await signAndSubmit(service, built, [alice]);
    assert.equal(totalOf(await utxosAt(service, alice.address), policyId + hexOf("Timed")), 1n);
  });

  test("an explicit end past the lock, an expired lock and a lock in the future are 400 saying which slot", async () => {
    const alice = await newBaseWallet();
    // On a fresh devnet the tip can still be at slot 0 or 1, where no earlier slot exists to have
    // expired: move the clock so that `now - 5` below is really in the past.
    const advanced = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 60 });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
    const now = await tipSlot();
    assert.ok(now >= 60, `the devnet tip is at slot ${now}`);
    const mint = (policyId: string) => [
      { version: "cip25", assetName: { name: "T", format: "utf8" }, policyId, quantity: 1 },
    ];
    const soon = lockedPolicy(alice, { before: now + 600 });
    const health = (await service.request<"getHealth">("GET", "/health")).body.tip as { time: number };
    const nowSeconds = Math.floor(health.time / 1000);
    const tooLate = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      preloadedScripts: [soon.preloaded],
      mint: mint(soon.policyId),
      validityInterval: { end: nowSeconds + 3600 },
    });
    assert.equal(tooLate.status, 400, JSON.stringify(tooLate.body));
    assert.match(
      tooLate.body.message,
      new RegExp(`body\\.validityInterval\\.end must be at or before slot ${now + 600} `),
    );

    const expired = lockedPolicy(alice, { before: now - 5 });
    const gone = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      preloadedScripts: [expired.preloaded],
      mint: mint(expired.policyId),
    });
    assert.equal(gone.status, 400, JSON.stringify(gone.body));
    assert.match(
      gone.body.message,
      new RegExp(`${expired.policyId} can no longer mint or burn: its script allows it only before slot`),
    );

    const future = lockedPolicy(alice, { after: now + 10_000 });
    const early = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      preloadedScripts: [future.preloaded],
      mint: mint(future.policyId),
    });
    assert.equal(early.status, 400, JSON.stringify(early.body));
    assert.match(early.body.message, new RegExp(`${future.policyId} allows minting only from slot ${now + 10_000}`));
  });

  test("hostile slots: past 2^64 - 1, past 2^53, past any date are 400s naming the field or the slot; a slot past 2^53 still mints", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 30_000_000);
    const sig = { type: "sig", keyHash: alice.keyHash };
    /** A policy of `leaf` (under all, beside the signature); its hash from the service's codec, a dummy where it cannot encode. */
    const policy = (leaf: object) => {
      const script = { type: "all", scripts: [sig, leaf] };
      let hash = "00".repeat(28);
      try {
        hash = nativeScriptHash(nativeScriptBytes(script as Parameters<typeof nativeScriptBytes>[0]));
      } catch {
        // a slot past 64 bits: the service refuses it before it reads the hash
      }
      return { policyId: hash, preloaded: { type: "simple", script, hash } };
    };
    const attempt = (leaf: object, extra: object = {}) => {
      const { policyId, preloaded } = policy(leaf);
      const body = {
        changeAddress: alice.address,
        preloadedScripts: [preloaded],
        mint: [{ version: "cip25", assetName: { name: "T", format: "utf8" }, policyId, quantity: 1 }],
        ...extra,
      };
      return service.request<"buildTransaction">("POST", "/transactions/build", body).then((r) => ({ ...r, policyId }));
    };
    const tooLarge = (field: string, slot: string) =>
      `body.preloadedScripts[0].script.${field}.slot is ${slot}, but a native script's slot is a whole number from 0 to 2^64 - 1 (18446744073709551615): the ledger's slots are 64-bit.`;

    // Past what a native script can hold: before (2^64), after (40 digits, the schema's longest), and under any.
    for (const [leaf, field, slot] of [
      [{ type: "before", slot: "18446744073709551616" }, "scripts[1]", "18446744073709551616"],
      [{ type: "after", slot: "9".repeat(40) }, "scripts[1]", "9".repeat(40)],
      [
        { type: "any", scripts: [{ type: "before", slot: "18_446_744_073_709_551_616" }] },
        "scripts[1].scripts[0]",
        "18446744073709551616",
      ],
    ] as const) {
      const answer = await attempt(leaf);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.code, "SVC_ERR_BAD_REQUEST");
      assert.equal(answer.body.message, tooLarge(field, slot));
    }

    // Slots a script can hold but a JavaScript number or a Date cannot: named exactly, without a date.
    const past53 = await attempt({ type: "after", slot: "9007199254740993" });
    assert.equal(past53.status, 400, JSON.stringify(past53.body));
    assert.equal(
      past53.body.message,
      `The minting policy ${past53.policyId} allows minting only from slot 9007199254740993: build the transaction from then on.`,
    );
    const pastDates = await attempt({ type: "after", slot: 8_700_000_000_000 }); // its time is past the year 275760
    assert.equal(pastDates.status, 400, JSON.stringify(pastDates.body));
    assert.equal(
      pastDates.body.message,
      `The minting policy ${pastDates.policyId} allows minting only from slot 8700000000000: build the transaction from then on.`,
    );
    const unbounded = await attempt(
      { type: "before", slot: "18446744073709551615" },
      { validityInterval: { end: false } },
    );
    assert.equal(unbounded.status, 400, JSON.stringify(unbounded.body));
    assert.equal(
      unbounded.body.message,
      `body.validityInterval.end must be at or before slot 18446744073709551615: The minting policy ${unbounded.policyId} allows minting only before it.`,
    );

    // A slot past 2^53: the default interval ends well before it, and the ledger takes the mint. (The
    // devnet's ledger reads a slot as a signed 64-bit number: 2^63 - 1 is the largest it decodes.)
    const largest = await attempt({ type: "before", slot: "9223372036854775807" });
    assert.equal(largest.status, 200, JSON.stringify(largest.body));
    await signAndSubmit(service, largest.body as Parameters<typeof signAndSubmit>[1], [alice]);
    assert.equal(totalOf(await utxosAt(service, alice.address), largest.policyId + hexOf("T")), 1n);
  });
});

describe("build: CIP-68", () => {
  test("pair mint: reference token (100) with the inline datum at the change address, user token (222) at destAddress", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 50_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const description = "A very long description that certainly exceeds the sixty-four byte limit of metadata strings.";
    const built = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip68",
          assetName: { name: "Hero", format: "utf8", label: 222 },
          metadata: { name: "Hero", image: "ipfs://hero", description, level: 3 },
          policyId,
          quantity: 1,
          destAddress: bob.address,
        },
      ],
    });
    assert.equal(built.auxiliaryData, undefined, "CIP-68 metadata lives in the datum, not in label 721");
    const txHash = await signAndSubmit(service, built, [alice]);
    const refUnit = `${policyId}000643b0${hexOf("Hero")}`;
    const userUnit = `${policyId}000de140${hexOf("Hero")}`;
    const [toBob] = outputsOf(await utxosAt(service, bob.address), txHash);
    assert.equal(quantityOf(toBob!, userUnit), 1n);
    const reference = outputsOf(await utxosAt(service, alice.address), txHash).find(
      (u) => quantityOf(u, refUnit) === 1n,
    );
    assert.ok(reference, "the reference token sits at the change address");
    assert.ok(reference.output.plutusData, "with an inline datum");
    const bytes = (text: string) => ({ bytes: utf8Hex(text) });
    const expected: unknown = {
      constructor: 0,
      fields: [
        {
          map: [
            { k: bytes("name"), v: bytes("Hero") },
            { k: bytes("image"), v: bytes("ipfs://hero") },
            { k: bytes("description"), v: bytes(description) },
            { k: bytes("level"), v: { int: 3 } },
          ],
        },
        { int: 1 },
        { constructor: 0, fields: [] },
      ],
    };
    assert.deepEqual(datumJson(reference.output.plutusData), expected);
  });

  test("a fungible (333) user token goes to the change address without destAddress; a burn takes the user token only", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 50_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const userUnit = `${policyId}0014df10${hexOf("Fun")}`;
    const refUnit = `${policyId}000643b0${hexOf("Fun")}`;
    const minted = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip68",
          assetName: { name: "Fun", format: "utf8", label: 333 },
          metadata: { name: "Fun", decimals: 6 },
          policyId,
          quantity: 1_000_000,
        },
      ],
    });
    await signAndSubmit(service, minted, [alice]);
    let held = await utxosAt(service, alice.address);
    assert.equal(totalOf(held, userUnit), 1_000_000n);
    assert.equal(totalOf(held, refUnit), 1n);

    const burnt = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        { version: "cip68", assetName: { name: "Fun", format: "utf8", label: 333 }, policyId, quantity: -250_000 },
      ],
    });
    await signAndSubmit(service, burnt, [alice]);
    held = await utxosAt(service, alice.address);
    assert.equal(totalOf(held, userUnit), 750_000n);
    assert.equal(totalOf(held, refUnit), 1n);

    // Spending nearly everything: coin selection leaves the reference token's UTxO (and its datum) alone.
    const reference = held.find((u) => quantityOf(u, refUnit) === 1n)!;
    const spendable = totalOf(held, "lovelace") - quantityOf(reference, "lovelace");
    const payment = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: Number(spendable - 3_000_000n) }],
    });
    assert.ok(!inputsOf(payment.complete).includes(`${reference.input.txHash}#${reference.input.outputIndex}`));
    await signAndSubmit(service, payment, [alice]);
    const still = (await utxosAt(service, alice.address)).find((u) => quantityOf(u, refUnit) === 1n);
    assert.equal(still?.output.plutusData, reference.output.plutusData);

    // Needing the reference UTxO's lovelace is a shortfall, not a silent spend of its datum.
    const rest = await utxosAt(service, alice.address);
    const free = totalOf(rest, "lovelace") - quantityOf(still!, "lovelace");
    const short = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: Number(free - 500_000n) }],
    });
    assert.equal(short.status, 400, JSON.stringify(short.body));
    assert.match(short.body.message, /^Not enough ADA/);
    // Burning the pair: the reference token's UTxO (with its datum) is spent through requiredInputs.
    const burnAll = await build(service, {
      changeAddress: alice.address,
      requiredInputs: [encodeUtxo(still!)],
      preloadedScripts: [preloaded],
      mint: [
        { version: "cip68", assetName: { name: "Fun", format: "utf8", label: 333 }, policyId, quantity: -750_000 },
        { version: "cip68", assetName: { name: "Fun", format: "utf8", label: 100 }, policyId, quantity: -1 },
      ],
    });
    await signAndSubmit(service, burnAll, [alice]);
    held = await utxosAt(service, alice.address);
    assert.equal(totalOf(held, userUnit), 0n);
    assert.equal(totalOf(held, refUnit), 0n);
  });
});
