// Issue #13 item 5: ledger refusals in words that say what to do, the ledger's own text kept in
// `detail`. Each refusal is provoked on the devnet through HTTP with really signed transactions;
// the Ogmios and Blockfrost shapes of the same refusals are read by the same translation.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CborReader, CborWriter } from "../../src/cardano/cbor.js";
import { fromHex, joinTransaction, readMapEntries, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
import { explainLedgerRefusal } from "../../src/tx/submit/ledger-refusals.js";
import type { Answer, ErrorFields } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";
import { build, type Built } from "../support/transactions-api.js";
import { oneLovelaceLess } from "../support/tx-decode.js";
import { fund, newBaseWallet, type TestWallet } from "../support/wallets.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

/** The transaction with its fee raised by `add` and nothing else changed: it no longer balances. */
function feePlus(complete: string, add: bigint): string {
  const parts = splitTransaction(fromHex(complete));
  const entries = readMapEntries(parts.body);
  const w = new CborWriter().map(entries.length);
  for (const [key, value] of entries) {
    w.raw(key);
    if (new CborReader(key).smallUint() === 2) w.uint(new CborReader(value).uint() + add);
    else w.raw(value);
  }
  return toHex(joinTransaction({ ...parts, body: w.finish() }));
}

async function submit(tx: string, signers: readonly TestWallet[]): Promise<Answer<"submitTransaction">> {
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(tx)));
  return service.request<"submitTransaction">("POST", "/transactions/submit", { transaction: tx, signatures });
}

/** Asserts a 422 CHAIN_ERR_LEDGER_REJECTED whose message matches `sentence` and whose detail matches `detail`. */
function assertRefused(response: ErrorFields, sentence: RegExp, detail: RegExp): void {
  assert.equal(response.status, 422, JSON.stringify(response.body));
  assert.equal(response.body.code, "CHAIN_ERR_LEDGER_REJECTED");
  assert.match(response.body.message!, sentence);
  assert.match(response.body.detail!, detail);
  assert.match(response.body.requestId!, /^[0-9a-f-]{36}$/);
}

const payment = (from: TestWallet, to: TestWallet, extra: object = {}): Promise<Built> =>
  build(service, { changeAddress: from.address, outputs: [{ address: to.address, lovelace: 2_000_000 }], ...extra });

describe("ledger refusals at submit, on the devnet", () => {
  test("missing signatures name the key hashes, and the address whose payment key it is", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const built = await payment(alice, bob, { requiredSigners: [bob.keyHash] });
    const unsigned = await submit(built.complete, []);
    assertRefused(
      unsigned,
      /^The ledger rejected the transaction: a signature is missing: the keys with hashes /,
      /^Missing key hashes .*TreeSet\(/,
    );
    const message = unsigned.body.message!;
    assert.ok(message.includes(`${alice.keyHash} (the payment key of ${alice.address})`), message);
    assert.ok(message.includes(bob.keyHash), message);
    assert.match(message, /Sign `complete` with those keys too/);

    const halfSigned = await submit(built.complete, [alice]);
    assertRefused(
      halfSigned,
      new RegExp(
        `a signature is missing: the key with hash ${bob.keyHash} must sign it\\. Sign \`complete\` with that key too`,
      ),
      /required signers key hashes: TreeSet\(/,
    );
    assert.ok(!halfSigned.body.message!.includes(alice.keyHash));
  });

  test("a validity interval that has ended gives the window in UTC and says to rebuild; one not begun says when it opens", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const now = Math.floor(
      ((await service.request<"getHealth">("GET", "/health")).body.tip as { time: number }).time / 1000,
    );
    const soon = await payment(alice, bob, { validityInterval: { end: now + 20 } });
    const later = await payment(alice, bob, { validityInterval: { start: now + 5000 } });
    assert.equal((await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 60 })).status, 200);
    assertRefused(
      await submit(soon.complete, [alice]),
      /validity interval has ended: it ran from slot \d+, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ until before slot \d+, .+Z\. The chain is at slot \d+, .+Z\. Rebuild the transaction/,
      /is outside the validity interval ValidityInterval\(Some\(\d+\),Some\(\d+\)\) for slot \d+$/,
    );
    assertRefused(
      await submit(later.complete, [alice]),
      /is not valid yet: its validity interval runs from slot \d+, .+Z until .+ Submit it once the interval has begun, or rebuild/,
      /outside the validity interval/,
    );
  });

  test("an input already spent is named, with the transaction that spent it", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    const funding = await fund(service, alice.address, 20_000_000);
    const first = await payment(alice, bob);
    const second = await payment(alice, bob, { outputs: [{ address: bob.address, lovelace: 3_000_000 }] });
    const accepted = await submit(first.complete, [alice]);
    assert.equal(accepted.status, 200);
    assertRefused(
      await submit(second.complete, [alice]),
      new RegExp(
        `the input was spent already: ${funding}#0 by transaction ${accepted.body.txHash!}\\. Rebuild the transaction from the address's current UTxOs`,
      ),
      /^Missing inputs, collateral inputs or reference inputs .*missing inputs: TreeSet\(TransactionInput/,
    );
  });

  test("a fee below the minimum, and a transaction that does not balance", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const built = await payment(alice, bob);
    const fee = BigInt(built.fee);
    assertRefused(
      await submit(oneLovelaceLess(built.complete, alice.address), [alice]),
      new RegExp(
        `the fee is too small \\(${fee - 1n} lovelace, the minimum for this transaction is ${fee}\\): .+Rebuild it`,
      ),
      /fee Coin\(\d+\) is less than minimum required Coin\(\d+\)/,
    );
    assertRefused(
      await submit(feePlus(built.complete, 1000n), [alice]),
      /the transaction does not balance \(the inputs bring Value\(20\.000000 ADA\), the outputs, fee and deposits take Value\(20\.001000 ADA\)\): .+rebuild it/,
      /^Value not conserved/,
    );
  });

  test("any other refusal keeps the ledger's text as its message, without detail", async () => {
    const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
      address: (await newBaseWallet()).address,
      lovelace: 1,
    });
    assert.equal(response.status, 422, JSON.stringify(response.body));
    assert.equal(response.body.detail, undefined);
  });
});

describe("the same refusals as Ogmios and Blockfrost write them", () => {
  const hash = "d76d270c511d69cbef9e1caa4d16ad90e680836426bc48aa417fe1cf";
  const tx = "88b9e97b45e431f5a52acb1ed1a642b885a9b91f223f2b1b39e3e72a9dc4311f";
  const slotTime = (slot: number) => Date.UTC(2026, 0, 1) + slot * 1000;

  test("missing signatures", () => {
    const keyAddresses = new Map([[hash, "addr_test1vxyz"]]);
    assert.match(
      explainLedgerRefusal(`Some signatures are missing. {"missingSignatories":["${hash}"]}`, { keyAddresses })!,
      new RegExp(`key with hash ${hash} \\(the payment key of addr_test1vxyz\\)`),
    );
    assert.match(
      explainLedgerRefusal(
        `ConwayUtxowFailure (MissingVKeyWitnessesUTXOW (fromList [KeyHash {unKeyHash = "${hash}"}]))`,
      )!,
      new RegExp(`key with hash ${hash} must sign`),
    );
  });

  test("validity interval", () => {
    const ogmios =
      'Transaction is outside of its validity interval. {"validityInterval":{"invalidBefore":5,"invalidAfter":25},"currentSlot":65}';
    assert.match(
      explainLedgerRefusal(ogmios, { slotTime })!,
      /has ended: it ran from slot 5, 2026-01-01T00:00:05Z until before slot 25, 2026-01-01T00:00:25Z\. The chain is at slot 65, 2026-01-01T00:01:05Z\. Rebuild/,
    );
    const node =
      "ConwayUtxoFailure (OutsideValidityIntervalUTxO (ValidityInterval {invalidBefore = SNothing, invalidHereafter = SJust (SlotNo 25)}) (SlotNo 65))";
    assert.match(
      explainLedgerRefusal(node)!,
      /has ended: it ran from any time until before slot 25\. The chain is at slot 65\./,
    );
  });

  test("spent inputs, fee, value", () => {
    assert.match(
      explainLedgerRefusal(
        `Unknown transaction input. {"unknownOutputReferences":[{"transaction":{"id":"${tx}"},"index":1}]}`,
      )!,
      new RegExp(`the input ${tx}#1 is not among`),
    );
    assert.match(
      explainLedgerRefusal(
        `ConwayUtxoFailure (BadInputsUTxO (fromList [TxIn (TxId {unTxId = SafeHash "${tx}"}) (TxIx 2)]))`,
      )!,
      new RegExp(`the input ${tx}#2 is not among`),
    );
    const two = `ConwayUtxoFailure (BadInputsUTxO (fromList [TxIn (TxId {unTxId = SafeHash "${tx}"}) (TxIx 2),TxIn (TxId {unTxId = SafeHash "${tx}"}) (TxIx 3)]))`;
    const spender = "ab".repeat(32);
    assert.match(
      explainLedgerRefusal(two, { spenders: new Map([[`${tx}#3`, spender]]) })!,
      new RegExp(
        `the inputs ${tx}#2, ${tx}#3 are not among the chain's unspent outputs: .+ \\(${tx}#3 was spent by transaction ${spender}\\)\\. Rebuild`,
      ),
    );
    assert.match(
      explainLedgerRefusal(
        'Fee too small. {"minimumRequiredFee":{"ada":{"lovelace":170000}},"providedFee":{"ada":{"lovelace":160000}}}',
      )!,
      /fee is too small \(160000 lovelace, the minimum for this transaction is 170000\)/,
    );
    assert.match(
      explainLedgerRefusal(
        "ConwayUtxoFailure (FeeTooSmallUTxO (Mismatch {mismatchSupplied = Coin 160000, mismatchExpected = Coin 170000}))",
      )!,
      /fee is too small \(160000 lovelace, the minimum for this transaction is 170000\)/,
    );
    assert.match(explainLedgerRefusal("ConwayUtxoFailure (ValueNotConservedUTxO (Mismatch {…}))")!, /does not balance/);
    assert.equal(explainLedgerRefusal("ConwayCertsFailure (something else)"), null);
  });
});
