// Our transaction view (src/cardano/tx-view.ts) reads every field it exposes as cardano-js-sdk
// does (through Mesh's core-cst, a dev dependency kept for this cross-check): on the transactions
// the service built into the devnet store fixture, and on random well-formed transactions written
// in every encoding the CDDL allows (definite and indefinite lengths, sets with and without tag
// 258, both redeemer forms, 3 or 4 items, the three forms of auxiliary data).
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import fc from "fast-check";
import {
  AssetFingerprint,
  AssetName,
  blake2b as meshBlake2b,
  HexBlob,
  PolicyId,
  Serialization,
  TxCBOR,
} from "@meshsdk/core-cst";
import { CborWriter } from "../../src/cardano/cbor.js";
import {
  assetFingerprint,
  keyHashOf,
  metadataEntries,
  outputValue,
  readMetadatum,
  readTransaction,
  scriptOfRef,
  txHashOf,
  viewOfParts,
  type Metadatum,
} from "../../src/cardano/tx-view.js";
import { mergeSignatures } from "../../src/tx/submit/submit.js";
import {
  joinTransaction,
  readMapEntries,
  readSet,
  splitTransaction,
  vkeyOfWitness,
  writeMap,
  writeSet,
} from "../../src/cardano/tx-cbor.js";

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const cat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));
const w = () => new CborWriter();

// ── Writing CBOR in any allowed form ────────────────────────────────────────────────────────────

/** An array of encoded items, definite or indefinite. */
const array = (items: readonly Uint8Array[], indefinite: boolean): Uint8Array =>
  indefinite
    ? cat(Uint8Array.of(0x9f), ...items, Uint8Array.of(0xff))
    : cat(w().array(items.length).finish(), ...items);
const map = (entries: ReadonlyArray<readonly [Uint8Array, Uint8Array]>, indefinite: boolean): Uint8Array =>
  indefinite
    ? cat(Uint8Array.of(0xbf), ...entries.flat(), Uint8Array.of(0xff))
    : cat(w().map(entries.length).finish(), ...entries.flat());
const set = (items: readonly Uint8Array[], tagged: boolean, indefinite: boolean): Uint8Array =>
  cat(tagged ? w().tag(258).finish() : new Uint8Array(), array(items, indefinite));
const uint = (n: number | bigint) => w().uint(n).finish();
const int = (n: bigint) => w().int(n).finish();
const bytes = (b: Uint8Array) => w().bytes(b).finish();

const form = fc.boolean();
const hash = (size: number) => fc.uint8Array({ minLength: size, maxLength: size });
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const slot = fc.bigInt({ min: 0n, max: 2n ** 53n - 1n });

// Fixed-size tuples (an input, a value, an output) are written definite: cardano-js-sdk refuses
// them indefinite (the view reads them either way).
const input = fc.tuple(hash(32), fc.nat({ max: 70_000 })).map(([id, index]) => array([bytes(id), uint(index)], false));
const inputSet = fc
  .tuple(fc.array(input, { minLength: 1, maxLength: 3 }), form, form)
  .map(([items, tagged, indef]) => set(items, tagged, indef));
const address = hash(28).map((h) => bytes(cat(Uint8Array.of(0x60), h)));
const assetMap = (quantity: fc.Arbitrary<bigint>) =>
  fc
    .uniqueArray(
      fc.tuple(
        hash(28),
        fc.uniqueArray(fc.tuple(fc.uint8Array({ maxLength: 32 }), quantity), {
          minLength: 1,
          maxLength: 3,
          selector: ([name]) => hexOf(name),
        }),
      ),
      { minLength: 1, maxLength: 2, selector: ([policy]) => hexOf(policy) },
    )
    .chain((policies) =>
      fc.tuple(form, form).map(([outer, inner]) =>
        map(
          policies.map(([policy, assets]) => [
            bytes(policy),
            map(
              assets.map(([n, q]) => [bytes(n), int(q)]),
              inner,
            ),
          ]),
          outer,
        ),
      ),
    );
const value = fc.oneof(
  u64.map(uint),
  fc
    .tuple(u64, assetMap(fc.bigInt({ min: 1n, max: 2n ** 63n })))
    .map(([coin, assets]) => array([uint(coin), assets], false)),
);
const plutusData: fc.Arbitrary<Uint8Array> = fc.oneof(
  u64.map(uint),
  fc.uint8Array({ maxLength: 64 }).map(bytes),
  fc.array(u64, { maxLength: 3 }).map((fields) => cat(w().tag(121).finish(), array(fields.map(uint), false))),
);
const output = fc.oneof(
  fc.tuple(address, value).map(([a, v]) => array([a, v], false)),
  fc
    .tuple(address, value, fc.option(plutusData, { nil: undefined }), form)
    .map(([a, v, datum, indef]) =>
      map(
        [
          [uint(0), a],
          [uint(1), v],
          ...(datum === undefined
            ? []
            : [[uint(2), array([uint(1), cat(w().tag(24).finish(), bytes(datum))], false)] as const]),
        ],
        indef,
      ),
    ),
);
const credential = hash(28).map((h) => array([uint(0), bytes(h)], false));
const certificate = fc.oneof(
  credential.map((c) => array([uint(0), c], false)),
  credential.map((c) => array([uint(1), c], false)),
  fc.tuple(credential, hash(28)).map(([c, pool]) => array([uint(2), c, bytes(pool)], false)),
);
const metadatum: fc.Arbitrary<Uint8Array> = fc.letrec<{ m: Uint8Array }>((tie) => ({
  m: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n - 1n }).map(int),
    fc.string({ maxLength: 64 }).map((s) => w().text(s).finish()),
    fc.uint8Array({ maxLength: 64 }).map(bytes),
    fc.tuple(fc.array(tie("m"), { maxLength: 3 }), form).map(([items, indef]) => array(items, indef)),
    fc
      .tuple(fc.uniqueArray(fc.string({ maxLength: 8 }), { maxLength: 3 }), fc.array(tie("m"), { minLength: 3 }))
      .map(([keys, values]) =>
        map(
          keys.map((k, i) => [w().text(k).finish(), values[i]!]),
          false,
        ),
      ),
  ),
})).m;
const metadata = fc
  .uniqueArray(fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), metadatum), {
    maxLength: 3,
    selector: ([label]) => label,
  })
  .map((entries) =>
    map(
      entries.map(([label, m]) => [uint(label), m]),
      false,
    ),
  );
const auxiliaryData = fc.oneof(
  metadata,
  metadata.map((m) => array([m, array([], false)], false)),
  metadata.map((m) => cat(w().tag(259).finish(), map([[uint(0), m]], false))),
);

const optional = <T>(key: number, arb: fc.Arbitrary<T>, write: (v: T) => Uint8Array) =>
  fc.option(
    arb.map((v) => [uint(key), write(v)] as const),
    { nil: undefined },
  );
const body = fc
  .tuple(
    fc.tuple(inputSet, fc.array(output, { maxLength: 3 }), form, u64),
    fc.tuple(
      optional(3, slot, uint),
      optional(4, fc.tuple(fc.array(certificate, { minLength: 1, maxLength: 3 }), form), ([c, t]) => set(c, t, false)),
      optional(
        5,
        fc.uniqueArray(fc.tuple(hash(28), u64), { minLength: 1, maxLength: 2, selector: ([h]) => hexOf(h) }),
        (ws) =>
          map(
            ws.map(([h, amount]) => [bytes(cat(Uint8Array.of(0xe0), h)), uint(amount)]),
            false,
          ),
      ),
      optional(8, slot, uint),
      optional(9, assetMap(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).filter((q) => q !== 0n)), (m) => m),
      optional(11, hash(32), bytes),
    ),
    fc.tuple(
      optional(13, inputSet, (s) => s),
      optional(14, fc.tuple(fc.array(hash(28), { minLength: 1, maxLength: 3 }), form), ([hs, t]) =>
        set(hs.map(bytes), t, false),
      ),
      optional(16, output, (o) => o),
      optional(17, u64, uint),
      optional(18, inputSet, (s) => s),
      optional(22, u64, uint),
    ),
    form,
  )
  .chain(([[inputs, outputs, outputsIndef, fee], more, evenMore, indef]) => {
    const entries = [
      [uint(0), inputs] as const,
      [uint(1), array(outputs, outputsIndef)] as const,
      [uint(2), uint(fee)] as const,
      ...[...more, ...evenMore].filter((e) => e !== undefined),
    ];
    // In any key order: the CDDL fixes none.
    return fc.shuffledSubarray(entries, { minLength: entries.length }).map((shuffled) => map(shuffled, indef));
  });

const redeemer = fc.tuple(fc.nat({ max: 5 }), fc.nat({ max: 1000 }), plutusData, u64, u64);
const redeemers = fc
  .tuple(
    fc.uniqueArray(redeemer, { minLength: 1, maxLength: 3, selector: ([tag, index]) => `${tag}:${index}` }),
    form,
    form,
  )
  .map(([rs, asMap, indef]) =>
    asMap
      ? map(
          rs.map(([tag, index, data, mem, steps]) => [
            array([uint(tag), uint(index)], false),
            array([data, array([uint(mem), uint(steps)], false)], false),
          ]),
          indef,
        )
      : array(
          rs.map(([tag, index, data, mem, steps]) =>
            array([uint(tag), uint(index), data, array([uint(mem), uint(steps)], false)], false),
          ),
          indef,
        ),
  );
const nativeScript = fc.oneof(
  hash(28).map((h) => array([uint(0), bytes(h)], false)),
  slot.map((s) => array([uint(4), uint(s)], false)),
  fc.array(hash(28), { maxLength: 2 }).map((hs) =>
    array(
      [
        uint(1),
        array(
          hs.map((h) => array([uint(0), bytes(h)], false)),
          false,
        ),
      ],
      false,
    ),
  ),
);
const plutusScript = fc.uint8Array({ minLength: 1, maxLength: 40 }).map((flat) => bytes(bytes(flat)));
const setOf = (arb: fc.Arbitrary<Uint8Array>) =>
  fc.tuple(fc.array(arb, { minLength: 1, maxLength: 2 }), form, form).map(([items, t, i]) => set(items, t, i));
const witnessSet = fc
  .tuple(
    optional(0, setOf(fc.tuple(hash(32), hash(64)).map(([k, s]) => array([bytes(k), bytes(s)], false))), (s) => s),
    optional(1, setOf(nativeScript), (s) => s),
    optional(3, setOf(plutusScript), (s) => s),
    optional(4, setOf(plutusData), (s) => s),
    optional(5, redeemers, (r) => r),
    optional(6, setOf(plutusScript), (s) => s),
    optional(7, setOf(plutusScript), (s) => s),
    form,
  )
  .map(([...entries]) => {
    const indef = entries.pop() as boolean;
    return map(
      entries.filter((e): e is readonly [Uint8Array, Uint8Array] => e !== undefined && typeof e !== "boolean"),
      indef,
    );
  });
const transaction = fc
  .tuple(body, witnessSet, fc.option(fc.boolean(), { nil: undefined }), fc.option(auxiliaryData, { nil: undefined }))
  .map(([b, ws, valid, aux]) => {
    const auxItem = aux ?? Uint8Array.of(0xf6);
    return valid === undefined
      ? array([b, ws, auxItem], false)
      : array([b, ws, Uint8Array.of(valid ? 0xf5 : 0xf4), auxItem], false);
  });

// ── The comparison ──────────────────────────────────────────────────────────────────────────────

type Input = InstanceType<typeof Serialization.TransactionInput>;
const refs = (set: { values(): readonly Input[] } | undefined) =>
  (set?.values() ?? []).map((i) => ({ txHash: i.transactionId().toString(), index: Number(i.index()) }));
const outputCbor = (o: { toCbor(): string }) => o.toCbor().toString();

function coreMetadatum(m: Metadatum): unknown {
  if (m instanceof Uint8Array) return hexOf(m);
  if (Array.isArray(m)) return m.map(coreMetadatum);
  if (m instanceof Map) return [...m].map(([k, v]) => [coreMetadatum(k), coreMetadatum(v)]);
  return m;
}

function agrees(cbor: Uint8Array): void {
  const hex = hexOf(cbor);
  const ours = readTransaction(cbor);
  const theirs = Serialization.Transaction.fromCbor(TxCBOR(hex));
  const b = theirs.body();
  assert.equal(ours.txHash, theirs.getId().toString());
  assert.equal(txHashOf(hex), ours.txHash);
  assert.deepEqual(ours.body.inputs, refs(b.inputs()));
  assert.deepEqual(ours.body.outputs.map(hexOf), b.outputs().map(outputCbor));
  for (const [i, o] of ours.body.outputs.entries()) {
    const amount = b.outputs()[i]!.amount();
    const v = outputValue(o);
    assert.equal(v.coin, amount.coin());
    assert.deepEqual(
      v.assets.map((a) => [a.unit, a.quantity]),
      [...(amount.multiasset() ?? new Map<never, never>())].map(([unit, q]) => [String(unit), q]),
    );
  }
  assert.equal(ours.body.fee, b.fee());
  assert.equal(ours.body.ttl, b.ttl() === undefined ? undefined : BigInt(b.ttl()!));
  assert.equal(
    ours.body.validityStart,
    b.validityStartInterval() === undefined ? undefined : BigInt(b.validityStartInterval()!),
  );
  assert.deepEqual(
    ours.body.certificateKinds,
    (b.certs()?.values() ?? []).map((c) => c.kind()),
  );
  assert.deepEqual(
    ours.body.withdrawals.map((x) => x.amount),
    [...(b.withdrawals() ?? new Map()).values()],
  );
  assert.deepEqual(
    ours.body.mint.map((m) => [m.unit, m.quantity]),
    [...(b.mint() ?? new Map<never, never>())].map(([unit, q]) => [String(unit), q]),
  );
  assert.equal(ours.body.scriptDataHash, b.scriptDataHash()?.toString());
  assert.deepEqual(ours.body.collateral, refs(b.collateral()));
  assert.deepEqual(
    ours.body.requiredSigners,
    (b.requiredSigners()?.values() ?? []).map((h) => String(h.value())),
  );
  assert.equal(
    ours.body.collateralReturn && hexOf(ours.body.collateralReturn),
    b.collateralReturn()?.toCbor().toString(),
  );
  assert.equal(ours.body.totalCollateral, b.totalCollateral());
  assert.deepEqual(ours.body.referenceInputs, refs(b.referenceInputs()));
  assert.equal(ours.body.donation, b.donation());

  const ws = theirs.witnessSet();
  assert.deepEqual(
    ours.witnessSet.vkeys.map((v) => [hexOf(v.vkey), hexOf(v.signature), keyHashOf(v.vkey)]),
    (ws.vkeys()?.values() ?? []).map((v) => [
      String(v.vkey()),
      String(v.signature()),
      meshBlake2b.hash(HexBlob(String(v.vkey())), 28),
    ]),
  );
  const scripts = [
    ...(ws.nativeScripts()?.values() ?? []).map((s) => ["native", s.toCbor().toString(), s.hash().toString()]),
    ...(ws.plutusV1Scripts()?.values() ?? []).map((s) => ["V1", s.toCbor().toString(), s.hash().toString()]),
    ...(ws.plutusV2Scripts()?.values() ?? []).map((s) => ["V2", s.toCbor().toString(), s.hash().toString()]),
    ...(ws.plutusV3Scripts()?.values() ?? []).map((s) => ["V3", s.toCbor().toString(), s.hash().toString()]),
  ];
  assert.deepEqual(
    ours.witnessSet.scripts.map((s) => [s.language, hexOf(s.bytes), s.hash]),
    scripts,
  );
  assert.deepEqual(
    ours.witnessSet.datums.map(hexOf),
    (ws.plutusData()?.values() ?? []).map((d) => d.toCbor().toString()),
  );
  assert.deepEqual(
    ours.witnessSet.redeemers.map((r) => [r.tag, r.index, hexOf(r.data), r.mem, r.steps]),
    (ws.redeemers()?.values() ?? []).map((r) => [
      Number(r.tag()),
      Number(r.index()),
      r.data().toCbor().toString(),
      r.exUnits().mem(),
      r.exUnits().steps(),
    ]),
  );
  assert.equal(ours.isValid, theirs.isValid());
  const aux = theirs.auxiliaryData();
  assert.equal(ours.auxiliaryData === undefined, aux === undefined);
  const metadata = aux?.metadata()?.metadata() ?? new Map<never, never>();
  const entries = ours.auxiliaryData === undefined ? [] : metadataEntries(ours.auxiliaryData);
  assert.deepEqual(
    entries.map((e) => [e.label, hexOf(e.value), coreMetadatum(readMetadatum(e.value))]),
    [...metadata].map(([label, m]) => [label, m.toCbor().toString(), coreMetadatum(m.toCore() as Metadatum)]),
  );
}

test("the view reads every field as cardano-js-sdk does, on random well-formed transactions", () => {
  fc.assert(fc.property(transaction, agrees), { numRuns: 300 });
});

test("the view reads the transactions the service built (the devnet store fixture) as cardano-js-sdk does", () => {
  // A copy: opening the fixture itself would leave SQLite's -wal and -shm files beside it.
  const dir = mkdtempSync(join(tmpdir(), "tx-view-"));
  const path = join(dir, "store.sqlite");
  copyFileSync(fileURLToPath(new URL("../fixtures/devnet-store/store.sqlite", import.meta.url)), path);
  const db = new Database(path, { readonly: true });
  const rows = db.prepare("SELECT cbor FROM devnet_tx_cbor").all() as Array<{ cbor: Buffer }>;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  assert.ok(rows.length >= 5);
  for (const row of rows) agrees(new Uint8Array(row.cbor));
});

test("the asset fingerprint (CIP-14) agrees with cardano-js-sdk's", () => {
  fc.assert(
    fc.property(hash(28), fc.uint8Array({ maxLength: 32 }), (policy, name) => {
      assert.equal(
        assetFingerprint(hexOf(policy), hexOf(name)),
        AssetFingerprint.fromParts(PolicyId(hexOf(policy)), AssetName(hexOf(name))).toString(),
      );
    }),
  );
  // CIP-14's own test vector.
  assert.equal(
    assetFingerprint("7eae28af2208be856f7a119668ae52a49b73725e326dc16579dcc373", ""),
    "asset1rjklcrnsdzqp65wjgrg55sy9723kw09mlgvlc3",
  );
});

test("a reference script's language, bytes and hash agree with cardano-js-sdk's", () => {
  const scriptRef = fc.oneof(
    nativeScript.map((s) => array([uint(0), s], false)),
    fc.tuple(fc.constantFrom(1, 2, 3), plutusScript).map(([lang, s]) => array([uint(lang), s], false)),
  );
  fc.assert(
    fc.property(scriptRef, (ref) => {
      const theirs = Serialization.Script.fromCbor(HexBlob(hexOf(ref)));
      const ours = scriptOfRef(ref);
      assert.equal(ours?.hash, theirs.hash().toString());
      const inner = theirs.asNative() ?? theirs.asPlutusV1() ?? theirs.asPlutusV2() ?? theirs.asPlutusV3();
      assert.equal(ours && hexOf(ours.bytes), inner?.toCbor().toString());
    }),
  );
});

// ── Edge forms ──────────────────────────────────────────────────────────────────────────────────

const ID = new Uint8Array(32).fill(7);
const inputCbor = array([bytes(ID), uint(1)], false);
const minimalBody = (extra: ReadonlyArray<readonly [Uint8Array, Uint8Array]> = [], indefinite = false) =>
  map(
    [[uint(0), set([inputCbor], false, false)], [uint(1), array([], false)], [uint(2), uint(170_000)], ...extra],
    indefinite,
  );
const emptyWitnesses = map([], false);

test("indefinite-length arrays, maps and fixed tuples are read as their definite forms", () => {
  const indefiniteInput = array([bytes(ID), uint(1)], true);
  const body = map(
    [
      [uint(0), set([indefiniteInput], true, true)],
      [uint(1), array([array([bytes(cat(Uint8Array.of(0x60), new Uint8Array(28))), uint(5)], true)], true)],
      [uint(2), uint(9)],
    ],
    true,
  );
  const view = readTransaction(array([body, map([], true), Uint8Array.of(0xf5), Uint8Array.of(0xf6)], true));
  assert.deepEqual(view.body.inputs, [{ txHash: hexOf(ID), index: 1 }]);
  assert.equal(view.body.outputs.length, 1);
  assert.equal(outputValue(view.body.outputs[0]!).coin, 5n);
  assert.equal(view.body.fee, 9n);
});

test("sets are read with and without tag 258; another tag is refused", () => {
  for (const tagged of [true, false]) {
    const view = readTransaction(
      array([minimalBody([[uint(13), set([inputCbor], tagged, false)]]), emptyWitnesses, Uint8Array.of(0xf6)], false),
    );
    assert.deepEqual(view.body.collateral, [{ txHash: hexOf(ID), index: 1 }]);
  }
  const otherTag = cat(w().tag(259).finish(), array([inputCbor], false));
  assert.throws(
    () => readTransaction(array([minimalBody([[uint(13), otherTag]]), emptyWitnesses, Uint8Array.of(0xf6)], false)),
    /unexpected CBOR tag 259 where a set was expected/,
  );
});

test("redeemers are read in the array form and in Conway's map form alike", () => {
  const data = w().uint(42).finish();
  const asArray = array([array([uint(0), uint(2), data, array([uint(10), uint(20)], false)], false)], false);
  const asMap = map(
    [[array([uint(0), uint(2)], false), array([data, array([uint(10), uint(20)], false)], false)]],
    false,
  );
  for (const redeemers of [asArray, asMap]) {
    const view = readTransaction(
      array([minimalBody(), map([[uint(5), redeemers]], false), Uint8Array.of(0xf6)], false),
    );
    assert.deepEqual(
      view.witnessSet.redeemers.map((r) => [r.tag, r.index, hexOf(r.data), r.mem, r.steps]),
      [[0, 2, "182a", 10n, 20n]],
    );
  }
});

test("a body key of a later era is skipped, and the fields around it are read", () => {
  const future = minimalBody([
    [uint(99), map([[uint(1), array([uint(2), uint(3)], true)]], false)],
    [uint(3), uint(1234)],
  ]);
  const view = readTransaction(array([future, emptyWitnesses, Uint8Array.of(0xf6)], false));
  assert.equal(view.body.ttl, 1234n);
  assert.equal(view.body.fee, 170_000n);
});

test("a transaction of 3 items has no validity flag; one of 4 has it; other sizes are refused", () => {
  const body = minimalBody();
  const three = readTransaction(array([body, emptyWitnesses, Uint8Array.of(0xf6)], false));
  assert.equal(three.isValid, true);
  assert.equal(three.auxiliaryData, undefined);
  const metadata = map([[uint(674), w().text("hi").finish()]], false);
  const threeWithAux = readTransaction(array([body, emptyWitnesses, metadata], false));
  assert.deepEqual(
    metadataEntries(threeWithAux.auxiliaryData!).map((e) => [e.label, readMetadatum(e.value)]),
    [[674n, "hi"]],
  );
  const four = readTransaction(array([body, emptyWitnesses, Uint8Array.of(0xf4), Uint8Array.of(0xf6)], false));
  assert.equal(four.isValid, false);
  assert.equal(four.txHash, three.txHash);
  assert.throws(() => readTransaction(array([body, emptyWitnesses], false)), /array of 3 or 4 items, this one has 2/);
  assert.throws(
    () =>
      readTransaction(
        array([body, emptyWitnesses, Uint8Array.of(0xf5), Uint8Array.of(0xf6), Uint8Array.of(0xf6)], false),
      ),
    /array of 3 or 4 items, this one has more/,
  );
  assert.throws(
    () => readTransaction(cat(array([body, emptyWitnesses, Uint8Array.of(0xf6)], false), Uint8Array.of(0))),
    /bytes after the transaction/,
  );
});

test("tx-cbor's set and map helpers keep every item's bytes and the set's tag", () => {
  const items = [array([bytes(new Uint8Array(32)), bytes(new Uint8Array(64))], true), uint(3)];
  for (const tagged of [true, false])
    for (const indefinite of [true, false]) {
      const read = readSet(set(items, tagged, indefinite));
      assert.equal(read.tagged, tagged);
      assert.deepEqual(read.items.map(hexOf), items.map(hexOf));
      assert.equal(hexOf(writeSet(read.items, tagged)), hexOf(set(items, tagged, false)));
    }
  const entries: Array<[Uint8Array, Uint8Array]> = [
    [uint(0), items[0]!],
    [w().uint(1n).finish(), uint(2)],
  ];
  for (const indefinite of [true, false]) assert.deepEqual(readMapEntries(map(entries, indefinite)), entries);
  assert.equal(hexOf(writeMap(entries)), hexOf(map(entries, false)));
  const tx = array([minimalBody([], true), emptyWitnesses, Uint8Array.of(0xf5), Uint8Array.of(0xf6)], true);
  const parts = splitTransaction(tx);
  assert.equal(hexOf(parts.body), hexOf(minimalBody([], true)));
  assert.equal(
    hexOf(joinTransaction(parts)),
    hexOf(array([minimalBody([], true), emptyWitnesses, Uint8Array.of(0xf5), Uint8Array.of(0xf6)], false)),
  );
  assert.throws(
    () => vkeyOfWitness(array([bytes(new Uint8Array(32)), bytes(new Uint8Array(64))], true)),
    /array \[vkey, signature\]/,
  );
  assert.throws(
    () => vkeyOfWitness(array([bytes(new Uint8Array(31)), bytes(new Uint8Array(64))], false)),
    /32-byte key/,
  );
});

test("metadata nested deeper than the CBOR limits' depth is refused, not recursed into", () => {
  let deep = uint(0);
  for (let i = 0; i < 200; i++) deep = array([deep], false);
  assert.throws(() => readMetadatum(deep), /nested deeper than 128/);
});

test("a body without inputs, outputs or fee is not a transaction's: one decode names the key, and submit refuses it", () => {
  const full = minimalBody();
  for (const [key, name] of [
    [0, "inputs (key 0)"],
    [1, "outputs (key 1)"],
    [2, "fee (key 2)"],
  ] as const) {
    const without = map(
      readMapEntries(full).filter(([k]) => hexOf(k) !== hexOf(uint(key))),
      false,
    );
    const tx = array([without, emptyWitnesses, Uint8Array.of(0xf6)], false);
    const message = `the transaction body has no ${name}`;
    assert.throws(() => readTransaction(tx), { message });
    assert.throws(() => viewOfParts(splitTransaction(tx)), { message });
    assert.throws(() => mergeSignatures(hexOf(tx)), {
      message: `transaction does not decode as a Cardano transaction: ${message}`,
    });
  }
  // The parts' view is readTransaction's, field for field.
  const tx = array([full, emptyWitnesses, Uint8Array.of(0xf6)], false);
  assert.deepEqual(viewOfParts(splitTransaction(tx)), readTransaction(tx));
});
