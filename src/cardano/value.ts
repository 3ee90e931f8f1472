// A value as the engine computes with it: lovelace and each native asset's quantity as bigint,
// never a decimal string. The amount lists of the wire and of the chain port ({unit, quantity}
// with a decimal quantity, Asset[]) become a Value once, where the engine takes them in, and back
// only where a list is what is asked for.
//
// Assets are keyed by unit (policy id ‖ asset name, hex) in one flat map rather than policy →
// name → quantity: the unit is how the API, the mints, the UTxO lists and every error message name
// an asset, and what coin selection looks up across many UTxOs (one map lookup). Only the CBOR
// writer needs the assets grouped by policy, and it sorts and groups them once as it writes.
//
// A Value holds no zero quantity (a unit absent holds none), so that isZero and units need not
// look at the quantities; a quantity may be negative (a difference, a shortfall).

/** One entry of an amount list: types.ts's Asset, written out here so that types.ts can hold Values. */
interface Asset {
  readonly unit: string;
  readonly quantity: string;
}

export interface Value {
  readonly lovelace: bigint;
  /** unit (policy id ‖ asset name, hex) → quantity, never 0. */
  readonly assets: ReadonlyMap<string, bigint>;
}

const NO_ASSETS: ReadonlyMap<string, bigint> = new Map();

/** Nothing: no lovelace, no asset. */
export const ZERO: Value = { lovelace: 0n, assets: NO_ASSETS };

/** A value of `lovelace` and `assets` (unit → quantity; a unit given twice counts twice, a zero not at all). */
export function valueOf(lovelace: bigint, assets: Iterable<readonly [string, bigint]> = []): Value {
  const map = new Map<string, bigint>();
  for (const [unit, quantity] of assets) addInto(map, unit, quantity);
  return { lovelace, assets: map };
}

/** `value` with `lovelace` instead of its own. */
export const withLovelace = (value: Value, lovelace: bigint): Value => ({ lovelace, assets: value.assets });

function addInto(map: Map<string, bigint>, unit: string, quantity: bigint): void {
  const total = (map.get(unit) ?? 0n) + quantity;
  if (total === 0n) map.delete(unit);
  else map.set(unit, total);
}

/** a + `sign` × b. */
function combine(a: Value, b: Value, sign: 1n | -1n): Value {
  if (b.assets.size === 0) return { lovelace: a.lovelace + sign * b.lovelace, assets: a.assets };
  const assets = new Map(a.assets);
  for (const [unit, quantity] of b.assets) addInto(assets, unit, sign * quantity);
  return { lovelace: a.lovelace + sign * b.lovelace, assets };
}

export const add = (a: Value, b: Value): Value => combine(a, b, 1n);

export const subtract = (a: Value, b: Value): Value => combine(a, b, -1n);

/** The sum of some values, in one accumulator (not a new map per term). */
export function sum(values: Iterable<Value>): Value {
  let lovelace = 0n;
  const assets = new Map<string, bigint>();
  for (const value of values) {
    lovelace += value.lovelace;
    for (const [unit, quantity] of value.assets) addInto(assets, unit, quantity);
  }
  return { lovelace, assets };
}

/** Whether `a` holds at least `b` of ADA and of every asset (a ≥ b unit by unit). */
export function covers(a: Value, b: Value): boolean {
  if (a.lovelace < b.lovelace) return false;
  for (const [unit, quantity] of b.assets) if ((a.assets.get(unit) ?? 0n) < quantity) return false;
  // A unit of `a` that `b` lacks must not be negative either.
  for (const [unit, quantity] of a.assets) if (quantity < 0n && !b.assets.has(unit)) return false;
  return true;
}

export const isZero = (value: Value): boolean => value.lovelace === 0n && value.assets.size === 0;

/** The asset units it holds (or owes), sorted: policy by policy, names in order within each. */
export const units = (value: Value): string[] => [...value.assets.keys()].sort(byUnit);

/** Byte order of hex units of equal-length policies: policy first, then name. */
export const byUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** How much of `unit` it holds ("lovelace": its ADA). */
export const quantityOf = (value: Value, unit: string): bigint =>
  unit === "lovelace" ? value.lovelace : (value.assets.get(unit) ?? 0n);

/** An amount list ("lovelace" or "" for ADA; a unit listed twice counts twice) as a value. */
export function fromAssets(amount: readonly Asset[]): Value {
  let lovelace = 0n;
  // No map for an ADA-only list (most UTxOs of a pool are).
  let assets: Map<string, bigint> | null = null;
  for (const { unit, quantity } of amount) {
    if (unit === "lovelace" || unit === "") lovelace += BigInt(quantity);
    else addInto((assets ??= new Map<string, bigint>()), unit, BigInt(quantity));
  }
  return { lovelace, assets: assets ?? NO_ASSETS };
}

/** The amount list of a value: lovelace first, then each asset in unit order. */
export const toAssets = (value: Value): Asset[] => [
  { unit: "lovelace", quantity: value.lovelace.toString() },
  ...units(value).map((unit) => ({ unit, quantity: value.assets.get(unit)!.toString() })),
];
