// The Plutus scripts a build request names, found before it is planned: the blueprints it carries
// in preloadedScripts (as POST /blueprints/apply-params answers them) first, then the blueprints
// the caller stored with POST /blueprints (with where each validator was deployed). Planning then
// reads validators, their schemas and their deployments from this book without waiting on a store.
import { parseBlueprint, schemaFor, type Blueprint, type BlueprintValidator } from "../../blueprints/blueprint.js";
import { dataFromJson } from "../../blueprints/plutus-data.js";
import type { OutRef } from "../../chain/port.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { BuildIntent, PlutusPreloadedScript } from "./request.js";

/** A validator with the blueprint that holds it (its schemas), and its reference script, if deployed. */
export interface KnownScript {
  readonly blueprint: Blueprint;
  readonly validator: BlueprintValidator;
  readonly ref: OutRef | null;
}

/** The caller's stored validator of this hash, if any (the blueprint store, scoped to the API key). */
export type ScriptCatalog = (hash: string) => Promise<KnownScript | undefined>;

/** hash → script, for every hash the request names that a blueprint knows. */
export type ScriptBook = ReadonlyMap<string, KnownScript>;

const isPlutusEntry = (entry: unknown): entry is PlutusPreloadedScript =>
  (entry as { type?: unknown } | null)?.type === "plutus";

/** Every validator hash the request names: scripts it runs, datum shapes, scripts it deploys, Plutus policies. */
function namedHashes(request: BuildIntent): Set<string> {
  const hashes = new Set<string>();
  const add = (hash: unknown) => {
    if (typeof hash === "string") hashes.add(hash.toLowerCase());
  };
  for (const s of request.scriptInteractions ?? []) add(s.hash);
  for (const o of request.outputs ?? []) {
    const datum = o.datum as { type?: string; hash?: unknown; shape?: { validatorHash?: unknown } } | undefined;
    if (datum?.type === "script") add(datum.hash);
    else add(datum?.shape?.validatorHash);
  }
  for (const m of request.mint ?? []) if (m.type === "plutus") add(m.policyId);
  return hashes;
}

/** The request's preloaded blueprints, read and checked (400 naming `preloadedScripts[i].blueprint`). */
function preloadedBook(request: BuildIntent): Map<string, KnownScript> {
  const book = new Map<string, KnownScript>();
  (request.preloadedScripts ?? []).forEach((entry, i) => {
    if (!isPlutusEntry(entry)) return;
    const blueprint = parseBlueprint(entry.blueprint, `preloadedScripts[${i}].blueprint`);
    for (const validator of blueprint.validators)
      if (!book.has(validator.hash)) book.set(validator.hash, { blueprint, validator, ref: null });
  });
  return book;
}

export async function gatherScripts(request: BuildIntent, catalog: ScriptCatalog | undefined): Promise<ScriptBook> {
  const book = preloadedBook(request);
  const missing = [...namedHashes(request)].filter((hash) => !book.has(hash));
  if (catalog) {
    const stored = await Promise.all(missing.map(async (hash) => [hash, await catalog(hash)] as const));
    for (const [hash, script] of stored) if (script) book.set(hash, script);
  }
  return book;
}

/** The script of `hash` from the book, or a 400 naming `field` and where the script can come from. */
export function scriptOf(book: ScriptBook, hash: string, field: string): KnownScript {
  const script = book.get(hash.toLowerCase());
  if (script === undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} ${hash.toLowerCase()} is not a validator of a blueprint of this API key nor of preloadedScripts: ` +
        "upload its blueprint with POST /blueprints, or pass the preloadedScript that POST /blueprints/apply-params answers.",
    );
  }
  return script;
}

/** JSON → Plutus data CBOR (hex) by the schema of `script`'s blueprint for (purpose, kind); `field` is the value's path. */
export function plutusDataOf(
  script: KnownScript,
  purpose: string,
  kind: "datum" | "redeemer",
  value: unknown,
  field: string,
): string {
  const schema = schemaFor(script.blueprint, script.validator.hash, purpose, kind);
  if (schema === undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is JSON, but validator ${script.validator.hash} has no ${kind} schema for purpose "${purpose}" in its blueprint: give the ${kind} as Plutus data CBOR hex.`,
    );
  }
  return dataFromJson(schema, script.blueprint.definitions, value, field);
}
