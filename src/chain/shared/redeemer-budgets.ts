// The redeemers of a transaction as the budget-bounded evaluation (./scalus-evaluate.ts) needs
// them, at the level of raw CBOR (this runs in the evaluation workers, which load no Cardano SDK):
// the transaction with each redeemer declaring the budget it may spend, and the script a redeemer
// runs, for the message of a script stopped at its budget.
import { CborReader, CborWriter, Major } from "../../cardano/cbor.js";
import type { RedeemerBudget } from "../port.js";

/** The ledger's redeemer tags, by their number in the CDDL. */
const TAGS: readonly RedeemerBudget["tag"][] = ["SPEND", "MINT", "CERT", "REWARD", "VOTE", "PROPOSE"];

/** A redeemer's place: its tag (purpose) and index. */
export interface RedeemerSlot {
  readonly tag: RedeemerBudget["tag"];
  readonly index: number;
}

export interface Budget {
  readonly mem: bigint;
  readonly steps: bigint;
}

/** A map's entries, keys and values as their encoded bytes. */
function mapEntries(bytes: Uint8Array): Array<[Uint8Array, Uint8Array]> {
  const reader = new CborReader(bytes);
  const entries: Array<[Uint8Array, Uint8Array]> = [];
  reader.each(reader.mapLength(), () => entries.push([reader.raw(), reader.raw()]));
  return entries;
}

function writeMap(entries: ReadonlyArray<readonly [Uint8Array, Uint8Array]>): Uint8Array {
  const writer = new CborWriter().map(entries.length);
  for (const [key, value] of entries) writer.raw(key).raw(value);
  return writer.finish();
}

/** The items of an array (or of a set, tag 258), each as its encoded bytes. */
function arrayItems(bytes: Uint8Array): Uint8Array[] {
  const reader = new CborReader(bytes);
  if (reader.peekMajor() === Major.Tag) reader.tag();
  const items: Uint8Array[] = [];
  reader.each(reader.arrayLength(), () => items.push(reader.raw()));
  return items;
}

/** The transaction's items: body, witness set, and the rest. */
function transactionItems(tx: Uint8Array): Uint8Array[] {
  const items = arrayItems(tx);
  if (items.length < 3 || items.length > 4)
    throw new Error(`a transaction is an array of 3 or 4 items, this one has ${items.length}`);
  return items;
}

const keyIs = (key: Uint8Array, n: number): boolean => key.length === 1 && key[0] === n;
const exUnits = (budget: Budget): Uint8Array => new CborWriter().array(2).uint(budget.mem).uint(budget.steps).finish();
const slotOf = (reader: CborReader): RedeemerSlot => ({
  tag: TAGS[reader.smallUint()] ?? "SPEND",
  index: reader.smallUint(),
});

/**
 * `tx` with its redeemers (the witness set's key 5, in either form: the list [tag, index, data,
 * ex_units] or the map {[tag, index]: [data, ex_units]}) declaring the budgets `budgetOf` gives
 * each, in the witness set's order, and those redeemers. The body is untouched: same transaction id.
 */
export function declaringBudgets(
  tx: Uint8Array,
  budgetOf: (position: number) => Budget,
): { tx: Uint8Array; redeemers: RedeemerSlot[] } {
  const items = transactionItems(tx);
  const witnessSet = mapEntries(items[1]!);
  const at = witnessSet.findIndex(([key]) => keyIs(key, 5));
  if (at < 0) return { tx, redeemers: [] };
  const redeemers: RedeemerSlot[] = [];
  const value = new CborReader(witnessSet[at]![1]);
  let rewritten: Uint8Array;
  if (value.peekMajor() === Major.Map) {
    const entries: Array<[Uint8Array, Uint8Array]> = [];
    value.each(value.mapLength(), () => {
      const key = value.raw();
      const keyReader = new CborReader(key);
      keyReader.arrayLength();
      redeemers.push(slotOf(keyReader));
      value.arrayLength();
      const data = value.raw();
      value.raw();
      entries.push([
        key,
        new CborWriter()
          .array(2)
          .raw(data)
          .raw(exUnits(budgetOf(redeemers.length - 1)))
          .finish(),
      ]);
    });
    rewritten = writeMap(entries);
  } else {
    const list: Uint8Array[] = [];
    value.each(value.arrayLength(), () => {
      value.arrayLength();
      const start = value.position;
      redeemers.push(slotOf(value));
      const head = value.bytes.subarray(start, value.position);
      const data = value.raw();
      value.raw();
      list.push(
        new CborWriter()
          .array(4)
          .raw(head)
          .raw(data)
          .raw(exUnits(budgetOf(redeemers.length - 1)))
          .finish(),
      );
    });
    const writer = new CborWriter().array(list.length);
    for (const item of list) writer.raw(item);
    rewritten = writer.finish();
  }
  witnessSet[at] = [witnessSet[at]![0], rewritten];
  const out = new CborWriter().array(items.length).raw(items[0]!).raw(writeMap(witnessSet));
  for (const item of items.slice(2)) out.raw(item);
  return { tx: out.finish(), redeemers };
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The script hash (hex) of a redeemer's script, when the transaction tells it: a mint's policy, a spent output's script address. */
export function scriptHashOf(tx: Uint8Array, utxoMap: Uint8Array, slot: RedeemerSlot): string | undefined {
  try {
    const body = mapEntries(transactionItems(tx)[0]!);
    const field = (n: number) => body.find(([key]) => keyIs(key, n))?.[1];
    if (slot.tag === "MINT") {
      const mint = field(9);
      const policies = mint ? mapEntries(mint).map(([key]) => hex(new CborReader(key).bytesValue())) : [];
      return policies.sort(compare)[slot.index];
    }
    if (slot.tag === "SPEND") {
      const inputs = field(0);
      if (!inputs) return undefined;
      // The ledger indexes inputs in their sorted order: by transaction id, then output index.
      const sorted = arrayItems(inputs)
        .map((input) => {
          const reader = new CborReader(input);
          reader.arrayLength();
          return { input, id: hex(reader.bytesValue()), index: Number(reader.uint()) };
        })
        .sort((a, b) => compare(a.id, b.id) || a.index - b.index);
      const input = sorted[slot.index]?.input;
      const output = input && mapEntries(utxoMap).find(([key]) => hex(key) === hex(input))?.[1];
      if (!output) return undefined;
      const reader = new CborReader(output);
      // [address, …] (pre-Babbage) or {0: address, …}
      if (reader.peekMajor() === Major.Map) {
        reader.mapLength();
        reader.uint();
      } else {
        reader.arrayLength();
      }
      const address = reader.bytesValue();
      // Header types 1, 3, 5 and 7 have a script as their payment part.
      return address.length >= 29 && ((address[0]! >> 4) & 1) === 1 && address[0]! >> 4 <= 7
        ? hex(address.subarray(1, 29))
        : undefined;
    }
  } catch {
    // Not readable: the message names the redeemer only.
  }
  return undefined;
}
