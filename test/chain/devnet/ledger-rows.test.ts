// The devnet ledger kept as rows (issue #21): each accepted transaction writes the outputs it
// creates and spends, the UTxO index in memory follows the same diff, and a restart reads the
// unspent rows back. Checked against the Scalus emulator itself: a reference emulator that starts
// from the genesis and applies every accepted transaction, in order, holds the same UTxO set, byte
// for byte, as the devnet does before and after a restart, after any sequence of accepted and
// refused submits (fast-check), and after a transaction marked invalid (its collateral taken).
// A store written by the release before (its UTxO set as one blob) opens, converted once.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import Database from "better-sqlite3";
import fc from "fast-check";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import scalus from "scalus";
import { fromHex, joinTransaction, splitTransaction, toHex } from "../../../src/cardano/tx-cbor.js";
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { Faucet, generateFaucetKey } from "../../../src/chain/devnet/faucet.js";
import { indexUtxoMap } from "../../../src/chain/devnet/utxo-map.js";
import { SLOT_LENGTH_MS } from "../../../src/chain/devnet/clock.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { LedgerRejectedError } from "../../../src/errors.js";
import { sumCheckValidator, lockAtScript } from "../../support/plutus-fixture.js";
import { buildPayment, newEnterpriseWallet, type TestWallet } from "../../support/wallets.js";
import { replayed, sorted, storedSet } from "../../support/ledger-replay.js";
import { lovelaceOf as lovelaceOfOne } from "../../support/utxos.js";

const lovelaceOf = (utxos: readonly UTxO[]): bigint => utxos.reduce((sum, u) => sum + lovelaceOfOne(u), 0n);

const { Emulator, SlotConfig } = scalus;
const params = DEVNET_PROTOCOL_PARAMETERS;
const dir = mkdtempSync(join(tmpdir(), "txsvc-ledger-rows-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(dir, `devnet-${files++}.sqlite`);

/** What the devnet holds in memory: every input of `set` looked up through utxosByRef, and its size. */
async function devnetHolds(chain: DevnetChain, set: Map<string, string>): Promise<void> {
  assert.equal(chain.utxoCount(), set.size);
  const refs = [...set.keys()].map((input) => {
    const bytes = Buffer.from(input, "hex");
    // [h'32 bytes', index]: 0x82 0x58 0x20 <32 bytes> <uint>
    const index = bytes[35]! < 24 ? bytes[35]! : bytes.readUIntBE(36, bytes[35]! === 24 ? 1 : 2);
    return { txHash: bytes.subarray(3, 35).toString("hex"), index };
  });
  assert.equal((await chain.utxosByRef(refs)).length, set.size);
}

/** One step of a random sequence: a payment between the wallets, or a refused submit. */
type Step =
  | { kind: "pay"; from: number; to: number; ada: number; outputs: number }
  | { kind: "double-spend"; from: number }
  | { kind: "unsigned"; from: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      from: fc.nat(2),
      to: fc.nat(2),
      ada: fc.integer({ min: 1, max: 40 }),
      outputs: fc.integer({ min: 1, max: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("double-spend" as const), from: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unsigned" as const), from: fc.nat(2) }) },
);

/** Runs a step on `chain`; true when the devnet accepted a transaction. */
async function run(
  chain: DevnetChain,
  wallets: readonly TestWallet[],
  step: Step,
  spent: Array<{ from: TestWallet; utxos: UTxO[] }>,
): Promise<boolean> {
  if (step.kind === "double-spend") {
    // Another payment from the UTxOs an accepted payment spent (only those: any of them the new one
    // picks is spent already), of an amount no step pays (whole ADA), so that its id is another.
    const earlier = spent.at(-1);
    if (earlier === undefined) return false;
    const other = await buildPayment(params, earlier.from.address, earlier.utxos, wallets[0]!.address, 1_000_001n);
    await assert.rejects(chain.submit(await earlier.from.sign(other)), LedgerRejectedError);
    return false;
  }
  const from = wallets[step.from]!;
  const utxos = await chain.utxosAt(from.address);
  const pay = (b: MeshTxBuilder) => {
    if (step.kind !== "pay") return b;
    for (let i = 1; i < step.outputs; i++)
      b.txOut(wallets[step.to]!.address, [{ unit: "lovelace", quantity: String(1_000_000 + i) }]);
    return b;
  };
  const to = wallets[step.kind === "pay" ? step.to : 0]!.address;
  const unsigned = await buildPayment(
    params,
    from.address,
    utxos,
    to,
    BigInt(step.kind === "pay" ? step.ada : 2) * 1_000_000n,
    pay,
  );
  if (step.kind === "unsigned") {
    await assert.rejects(chain.submit(unsigned), LedgerRejectedError);
    return false;
  }
  await chain.submit(await from.sign(unsigned));
  // The UTxOs it spent: those offered to the builder that are no longer at the address (coin
  // selection may have left some of them unspent).
  const refOf = (u: UTxO) => `${u.input.txHash}#${u.input.outputIndex}`;
  const left = new Set((await chain.utxosAt(from.address)).map(refOf));
  spent.push({ from, utxos: utxos.filter((u) => !left.has(refOf(u))) });
  return true;
}

describe("devnet ledger as rows", () => {
  it("after any sequence of accepted and refused submits, the rows, the index and a replaying emulator hold the same UTxO set, and a restart restores it byte for byte", async () => {
    const wallets = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet(), newEnterpriseWallet()]);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 6 }), async (steps) => {
        const path = newPath();
        const chain = await DevnetChain.create({ path });
        let before: Map<string, string>;
        try {
          for (const wallet of wallets) await chain.faucet(wallet.address, 200_000_000n);
          const accepted: Array<{ from: TestWallet; utxos: UTxO[] }> = [];
          for (const step of steps) await run(chain, wallets, step, accepted);
          before = storedSet(path);
          await devnetHolds(chain, before);
          assert.deepEqual(before, replayed(path));
        } finally {
          await chain.close();
        }
        const restarted = await DevnetChain.create({ path });
        try {
          await devnetHolds(restarted, before);
          assert.deepEqual(storedSet(path), before);
        } finally {
          await restarted.close();
        }
      }),
      { numRuns: 6 },
    );
  });

  it("finds the UTxOs of an address through its index, in the order of their references, the same before and after a restart", async () => {
    const path = newPath();
    const alice = await newEnterpriseWallet();
    const bob = await newEnterpriseWallet();
    const chain = await DevnetChain.create({ path });
    await chain.faucet(alice.address, 100_000_000n);
    const many = await buildPayment(
      params,
      alice.address,
      await chain.utxosAt(alice.address),
      bob.address,
      2_000_000n,
      (b) => {
        for (let i = 0; i < 30; i++) b.txOut(bob.address, [{ unit: "lovelace", quantity: String(1_000_000 + i) }]);
        return b;
      },
    );
    const txHash = await chain.submit(await alice.sign(many));
    const bobs = await chain.utxosAt(bob.address);
    assert.equal(bobs.length, 31);
    assert.deepEqual(
      bobs.map((u) => `${u.input.txHash}#${u.input.outputIndex}`),
      Array.from({ length: 31 }, (_, i) => `${txHash}#${i}`),
    );
    assert.equal(lovelaceOf(bobs), 2_000_000n + BigInt(30 * 1_000_000 + (29 * 30) / 2));
    const aliceBalance = lovelaceOf(await chain.utxosAt(alice.address));
    await chain.close();
    const again = await DevnetChain.create({ path });
    assert.deepEqual(await again.utxosAt(bob.address), bobs);
    assert.equal(lovelaceOf(await again.utxosAt(alice.address)), aliceBalance);
    await again.close();
  });

  it("a transaction marked invalid takes its collateral and adds its collateral return, as the emulator does", async () => {
    const path = newPath();
    const script = await sumCheckValidator();
    const dave = await newEnterpriseWallet();
    const chain = await DevnetChain.create({ path });
    await chain.faucet(dave.address, 50_000_000n);
    const { locked } = await lockAtScript(chain, dave, script);
    const utxos = await chain.utxosAt(dave.address);
    const collateral = utxos[0] as UTxO;
    // A wrong redeemer (the script wants 22), run with a budget evaluated for a right one, and the
    // transaction marked invalid: the ledger takes the collateral, returns the rest.
    const unsigned = await new MeshTxBuilder({ params })
      .spendingPlutusScriptV2()
      .txIn(locked.input.txHash, locked.input.outputIndex, locked.output.amount, locked.output.address, 0)
      .txInInlineDatumPresent()
      .txInRedeemerValue(21, "Mesh", { mem: 7_000_000, steps: 3_000_000_000 })
      .txInScript(script.code)
      .txInCollateral(
        collateral.input.txHash,
        collateral.input.outputIndex,
        collateral.output.amount,
        collateral.output.address,
      )
      .setTotalCollateral("5000000")
      .setCollateralReturnAddress(dave.address)
      .changeAddress(dave.address)
      .selectUtxosFrom(utxos.slice(1))
      .complete();
    const parts = splitTransaction(fromHex(await dave.sign(unsigned)));
    const invalid = toHex(joinTransaction({ ...parts, rest: [Uint8Array.of(0xf4), ...parts.rest.slice(1)] }));
    const txHash = await chain.submit(invalid);
    assert.equal(
      (await chain.utxosByRef([{ txHash: collateral.input.txHash, index: collateral.input.outputIndex }])).length,
      0,
      "the collateral is spent",
    );
    assert.equal(
      (await chain.utxosByRef([{ txHash: locked.input.txHash, index: locked.input.outputIndex }])).length,
      1,
      "the script output is not",
    );
    const outputs = (await chain.utxosByRef([0, 1, 2, 3].map((index) => ({ txHash, index })))).map(
      (u) => u.input.outputIndex,
    );
    assert.equal(outputs.length, 1, "only the collateral return");
    assert.equal(
      lovelaceOf(await chain.utxosByRef([{ txHash, index: outputs[0]! }])),
      lovelaceOf([collateral]) - 5_000_000n,
    );
    const before = storedSet(path);
    await devnetHolds(chain, before);
    await chain.close();
    assert.deepEqual(before, replayed(path));
  });
});

describe("a devnet store of the release before (its UTxO set as one blob)", () => {
  // The schema that release created (store.ts at fdb1000), written by hand.
  const OLD_SCHEMA = `
CREATE TABLE devnet_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE devnet_ledger (id INTEGER PRIMARY KEY CHECK (id = 1), utxos BLOB NOT NULL, slot INTEGER NOT NULL);
CREATE TABLE devnet_datums (hash TEXT PRIMARY KEY, datum TEXT NOT NULL);
CREATE TABLE devnet_txs (seq INTEGER PRIMARY KEY AUTOINCREMENT, tx_hash TEXT NOT NULL UNIQUE, slot INTEGER NOT NULL);
CREATE TABLE devnet_stake (credential TEXT PRIMARY KEY, deposit TEXT NOT NULL, pool TEXT, drep TEXT) WITHOUT ROWID;
CREATE TABLE devnet_pools (pool TEXT PRIMARY KEY, certificate BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE devnet_dreps (credential TEXT PRIMARY KEY, deposit TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE devnet_tx_cbor (tx_hash TEXT PRIMARY KEY, cbor BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE devnet_spends (tx_hash TEXT NOT NULL, output_index INTEGER NOT NULL, spent_by TEXT NOT NULL, PRIMARY KEY (tx_hash, output_index)) WITHOUT ROWID;
CREATE TABLE devnet_asset_outputs (tx_hash TEXT NOT NULL, output_index INTEGER NOT NULL, output BLOB NOT NULL, spent_by TEXT, redeemer TEXT, PRIMARY KEY (tx_hash, output_index)) WITHOUT ROWID;
CREATE TABLE devnet_asset_units (unit TEXT NOT NULL, seq INTEGER NOT NULL, output_index INTEGER NOT NULL, tx_hash TEXT NOT NULL, PRIMARY KEY (unit, seq, output_index, tx_hash)) WITHOUT ROWID;
`;

  it("opens converted once: the same UTxOs and balances, the blob emptied, and the ledger goes on", async () => {
    const path = newPath();
    const faucetKey = generateFaucetKey();
    const faucet = await Faucet.create(faucetKey);
    const alice = await newEnterpriseWallet();
    const bob = await newEnterpriseWallet();
    const systemStartMs = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    // The UTxO set of that release's devnet: the faucet's genesis output and one output paid to alice.
    const genesis = Emulator.withAddresses(
      [faucet.address, alice.address],
      new SlotConfig(systemStartMs, 0, SLOT_LENGTH_MS),
      40_000_000n,
    );
    const blob = genesis.getUtxosCbor();
    const old = new Database(path);
    old.exec(OLD_SCHEMA);
    const meta = old.prepare("INSERT INTO devnet_meta (key, value) VALUES (?, ?)");
    meta.run("system_start_ms", String(systemStartMs));
    meta.run("faucet_key", faucetKey);
    meta.run("offset_seconds", "0");
    old.prepare("INSERT INTO devnet_ledger (id, utxos, slot) VALUES (1, ?, 42)").run(Buffer.from(blob));
    old.close();

    const chain = await DevnetChain.create({ path });
    assert.equal(chain.utxoCount(), 2);
    assert.equal(lovelaceOf(await chain.utxosAt(alice.address)), 40_000_000n);
    assert.equal(lovelaceOf(await chain.utxosAt(faucet.address)), 40_000_000n);
    assert.ok((await chain.tip()).slot >= 42);
    assert.deepEqual(storedSet(path), sorted([...indexUtxoMap(blob)].map(([input, output]) => [input, toHex(output)])));
    const db = new Database(path, { readonly: true });
    assert.equal(
      toHex((db.prepare("SELECT utxos FROM devnet_ledger WHERE id = 1").get() as { utxos: Buffer }).utxos),
      "a0",
    );
    db.close();
    // The converted outputs are spent like any other.
    await chain.submit(
      await alice.sign(
        await buildPayment(params, alice.address, await chain.utxosAt(alice.address), bob.address, 5_000_000n),
      ),
    );
    await chain.faucet(bob.address, 3_000_000n);
    assert.equal(lovelaceOf(await chain.utxosAt(bob.address)), 8_000_000n);
    const aliceLeft = lovelaceOf(await chain.utxosAt(alice.address));
    assert.ok(aliceLeft < 35_000_000n && aliceLeft > 34_000_000n);
    await chain.close();

    // Converted once: a second open reads the rows as they are.
    const again = await DevnetChain.create({ path });
    assert.equal(lovelaceOf(await again.utxosAt(bob.address)), 8_000_000n);
    assert.equal(lovelaceOf(await again.utxosAt(alice.address)), aliceLeft);
    assert.equal(again.utxoCount(), 4);
    await again.close();
  });
});
