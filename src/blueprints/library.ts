// The blueprint library of an instance: each owner's CIP-57 blueprints (stored through a
// BlueprintStore), what the blueprint and validator endpoints answer about them, and what the
// transaction builder looks up by validator hash (`find`). No HTTP: the routes call it with the
// request's body as its input, so its refusals name fields by their path in the body
// ("blueprint.validators[0].hash", "refs.<hash>.txHash", "params.<hash>[0]", "data.owner").
//
// Decisions (README "Blueprints and validators" says them to users):
// - The owner of a request is its API key, or rather the first key of its rotation chain (a
//   rotated key keeps its blueprints); requests without a key (AUTH=optional, the devnet's
//   default) share one owner of their own, KEYLESS_OWNER. Another owner's blueprints are
//   invisible: asking for one is a 404, as for one that does not exist.
// - A blueprint's identity is the set of its validators' hashes: storing a blueprint whose hashes
//   are those of one the owner stores updates that one (its JSON replaced, its refs merged);
//   anything else (another project, a recompiled one) is a new blueprint. Two blueprints may share
//   a title and version (Aiken leaves both at the project's defaults): the examples' hello-world
//   and hello-world-with-params do.
// - apply-params is a pure function: it stores nothing (POST its preloadedScript.blueprint to
//   /blueprints to use the applied validators by hash later).
import type { Network } from "../config.js";
import type { KeyHash, ScriptHash } from "../cardano/brands.js";
import { shelleyAddressOf } from "../cardano/credential-address.js";
import { BadRequestError, NotFoundError, refusal } from "../errors.js";
import {
  BlueprintLimitError,
  type ApiKeyRecord,
  type BlueprintStore,
  type KeyStore,
  type ScriptRef,
  type StoredBlueprint,
} from "../store/types.js";
import { applyParams } from "./apply-params.js";
import {
  parseBlueprint,
  schemaFor,
  type Blueprint,
  type BlueprintValidator,
  type PlutusVersion,
  type Schema,
} from "./blueprint.js";
import { dataFromJson, jsonFromData } from "./plutus-data.js";

/** The owner of requests made without an API key (never a key ID: those are 12 hex digits). */
export const KEYLESS_OWNER = "keyless";
/** Most blueprints one owner stores: bounds the store (each is at most a request body, BODY_LIMIT). */
export const MAX_BLUEPRINTS_PER_OWNER = 200;
/** The script purposes of Plutus (CIP-57 `purpose`; Aiken ≥ 1.1 ends a validator's title with one). */
export const PURPOSES = ["spend", "mint", "withdraw", "publish", "vote", "propose"] as const;
export type Purpose = (typeof PURPOSES)[number];
export type DataKind = "datum" | "redeemer";

const HASH = /^[0-9a-f]{56}$/;
/** How many stored blueprints stay read in memory (see BlueprintLibrary's #parseStored). */
const PARSED_CACHE = 64;
const TX_HASH = /^[0-9a-f]{64}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The owner of a request made with `key` (null: without one): the first key of its rotation chain. */
export async function ownerOf(key: ApiKeyRecord | null, keys: Pick<KeyStore, "findById">): Promise<string> {
  if (key === null) return KEYLESS_OWNER;
  let current = key;
  // A chain is as long as the key was rotated; the bound only guards against a corrupted store.
  for (let hops = 0; current.rotatedFrom !== null && hops < 10_000; hops++) {
    const previous = await keys.findById(current.rotatedFrom);
    if (!previous) break;
    current = previous;
  }
  return current.id;
}

// ── What the library answers ────────────────────────────────────────────────────────────

export interface ScriptAddress {
  /** The address in bech32 (addr_test1w… / addr1w… for an enterprise script address). */
  readonly bech32: string;
  /** The address bytes, lowercase hex (header byte 0x70 / 0x71 for an enterprise script address). */
  readonly hex: string;
}

export interface ValidatorView {
  readonly title: string;
  readonly hash: string;
  /** The purposes the validator's title names (Aiken ≥ 1.1: module.validator.purpose); empty when it names none. */
  readonly purposes: Purpose[];
  readonly plutusVersion: PlutusVersion;
  /** How many parameters must be applied before the validator can be used (0: ready). */
  readonly parameters: number;
}

export interface BlueprintView {
  readonly id: string;
  readonly title: string;
  readonly version: string;
  readonly validators: ValidatorView[];
  /** The enterprise address of each validator hash on this instance's network, bech32. */
  readonly scriptAddresses: Record<string, string>;
  /** Where validators are deployed as reference scripts, by hash. */
  readonly refs: Record<string, ScriptRef>;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SaveInput {
  readonly blueprint: unknown;
  readonly refs?: Readonly<Record<string, ScriptRef>>;
}

export interface ListInput {
  readonly title?: string;
  readonly version?: string;
  readonly hash?: string;
  readonly limit: number;
  readonly pageState?: string;
  /** Each result with its blueprint JSON, as stored (include=blueprint); absent: without it. */
  readonly withJson?: boolean;
}

export interface ApplyParamsInput {
  /** Parameter values by validator hash (of the unapplied validator), in the validator's parameter order. */
  readonly params: Readonly<Record<string, readonly unknown[]>>;
  /** A blueprint (plutus.json), or `{title, version?}` naming one the owner stores; absent: the owner's blueprint holding the hashes. */
  readonly blueprint?: unknown;
}

export interface PreloadedPlutusScript {
  readonly type: "plutus";
  /** A CIP-57 blueprint whose validators are the applied ones. */
  readonly blueprint: Record<string, unknown>;
}

export interface AppliedParams {
  readonly preloadedScript: PreloadedPlutusScript;
  /** The applied validators' addresses, by their new hash. */
  readonly addresses: Record<string, ScriptAddress>;
  /** The new hash of each validator named in params, by its old hash. */
  readonly hashes: Record<string, string>;
}

/** A stored blueprint found by one of its validator hashes: what the builder needs to use the validator. */
export interface FoundBlueprint {
  readonly id: string;
  readonly blueprint: Blueprint;
  /** The blueprint's validators of that hash (Aiken gives one per purpose, plus `else`, all with the same code). */
  readonly validators: BlueprintValidator[];
  /** Where the validator is deployed as a reference script, when recorded. */
  readonly ref: ScriptRef | null;
}

export interface DataInput {
  readonly type: DataKind;
  readonly purpose?: Purpose;
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────

const networkIdOf = (network: Network): 0 | 1 => (network === "mainnet" ? 1 : 0);

/**
 * The address of the script `hash` on `network`: enterprise (no stake part), or base with the
 * stake credential `stake` (a key hash, or a script hash when `isScript`).
 */
export function scriptAddressOf(
  network: Network,
  hash: string,
  stake?: { readonly hash: string; readonly isScript: boolean },
): ScriptAddress {
  const address = shelleyAddressOf(
    { hash: hash.toLowerCase(), isScript: true },
    stake && { hash: stake.hash.toLowerCase(), isScript: stake.isScript },
    networkIdOf(network),
  );
  return { bech32: address.bech32, hex: address.hex };
}

/** The purposes a validator's title names: its last dot-separated part, when that is a purpose. */
export function purposesOf(title: string): Purpose[] {
  const last = title.slice(title.lastIndexOf(".") + 1);
  return (PURPOSES as readonly string[]).includes(last) ? [last as Purpose] : [];
}

const distinct = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** The preamble's version of a blueprint's JSON ("" when it has none). */
function versionOf(json: unknown): string {
  const preamble = isRecord(json) ? json["preamble"] : undefined;
  const version = isRecord(preamble) ? preamble["version"] : undefined;
  return typeof version === "string" ? version : "";
}

/** `pageState` ↔ the store's cursor: opaque to clients. */
const encodePageState = (after: number): string => Buffer.from(`bp:${after}`, "utf8").toString("base64url");
function decodePageState(pageState: string): number {
  const match = /^bp:(\d{1,15})$/.exec(Buffer.from(pageState, "base64url").toString("utf8"));
  if (!match)
    throw refusal(
      BadRequestError,
      (at) => `${at("pageState")} is not a pageState this service gave: pass the one of the previous page as it is.`,
    );
  return Number(match[1]);
}

// ── The library ─────────────────────────────────────────────────────────────────────────

export class BlueprintLibrary {
  readonly #store: BlueprintStore;
  readonly #network: Network;
  /** Stored blueprints already read, by ID, oldest first (see #parseStored). */
  readonly #parsed = new Map<string, { json: string; blueprint: Blueprint }>();

  readonly #listMaxBytes: number | undefined;

  /** `listMaxBytes`: the stored JSON a page of `list` reads at most (LIST_MAX_BYTES; at least one blueprint a page). */
  constructor(store: BlueprintStore, network: Network, listMaxBytes?: number) {
    this.#store = store;
    this.#network = network;
    this.#listMaxBytes = listMaxBytes;
  }

  /** Stores (creates or updates) the owner's blueprint, recording `refs`. */
  async save(owner: string, input: SaveInput): Promise<BlueprintView & { readonly created: boolean }> {
    const blueprint = parseBlueprint(input.blueprint, "blueprint");
    const hashes = distinct(blueprint.validators.map((v) => v.hash));
    if (hashes.length === 0) {
      throw refusal(
        BadRequestError,
        (at) => `${at("blueprint.validators")} holds no validator with compiled code: there is nothing to store.`,
      );
    }
    const refs = checkRefs(input.refs ?? {}, hashes);
    let saved;
    try {
      const json = JSON.stringify(input.blueprint);
      saved = await this.#store.save(
        owner,
        { title: blueprint.title, version: versionOf(input.blueprint), json, hashes, refs },
        { limit: MAX_BLUEPRINTS_PER_OWNER },
      );
    } catch (error) {
      if (!(error instanceof BlueprintLimitError)) throw error;
      throw refusal(
        BadRequestError,
        (at) =>
          `${at("blueprint")} would be a new blueprint, but you store ${MAX_BLUEPRINTS_PER_OWNER}, the most one API key may: delete one (DELETE /blueprints/{id}) first.`,
      );
    }
    return { ...this.#view(saved.blueprint, blueprint), created: saved.created };
  }

  /**
   * The owner's blueprints that match the filters, a page at a time (of at most `limit`, and of
   * stored JSON up to the list's byte bound); each with its JSON when `withJson` asks for it.
   */
  async list(
    owner: string,
    input: ListInput,
  ): Promise<{ results: (BlueprintView & { blueprint?: Record<string, unknown> })[]; pageState?: string }> {
    const after = input.pageState === undefined ? undefined : decodePageState(input.pageState);
    const page = await this.#store.list(owner, {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.version !== undefined && { version: input.version }),
      ...(input.hash !== undefined && { hash: input.hash.toLowerCase() }),
      limit: input.limit,
      ...(after !== undefined && { after }),
      ...(this.#listMaxBytes !== undefined && { maxBytes: this.#listMaxBytes }),
    });
    const results: (BlueprintView & { blueprint?: Record<string, unknown> })[] = [];
    for (const stored of page.blueprints) {
      // Each blueprint is read in its own turn of the event loop: a page of large ones (up to
      // LIST_MAX_BYTES of JSON) then holds up health and other requests for one blueprint's read
      // at most, not the page's.
      if (results.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const blueprint = this.#parseStored(stored);
      // Stored only once parseBlueprint took it: an object.
      results.push(
        input.withJson === true
          ? { ...this.#view(stored, blueprint), blueprint: blueprint.json as Record<string, unknown> }
          : this.#view(stored, blueprint),
      );
    }
    return page.next === undefined ? { results } : { results, pageState: encodePageState(page.next) };
  }

  /** Deletes the owner's blueprint `id`; 404 when the owner has none of that ID. */
  async delete(owner: string, id: string): Promise<void> {
    if (!(await this.#store.delete(owner, id))) throw new NotFoundError(`You have no blueprint with the ID ${id}.`);
  }

  /** The owner's blueprint holding the validator `hash` (the most recently stored one), or undefined. */
  async find(owner: string, hash: string): Promise<FoundBlueprint | undefined> {
    const found = await this.#store.findValidator(owner, hash.toLowerCase());
    if (!found) return undefined;
    const blueprint = this.#parseStored(found.blueprint);
    return {
      id: found.blueprint.id,
      blueprint,
      validators: blueprint.validators.filter((v) => v.hash === hash.toLowerCase()),
      ref: found.ref,
    };
  }

  /**
   * The owner's validators by hash, as the transaction builder looks them up (src/tx/build/scripts.ts,
   * ScriptCatalog): the validator (the first of its hash in its blueprint), its blueprint and its reference script.
   */
  catalog(
    owner: string,
  ): (
    hash: string,
  ) => Promise<{ blueprint: Blueprint; validator: BlueprintValidator; ref: ScriptRef | null } | undefined> {
    return async (hash) => {
      const found = await this.find(owner, hash);
      const validator = found?.validators[0];
      return found && validator ? { blueprint: found.blueprint, validator, ref: found.ref } : undefined;
    };
  }

  /** As find, but a 404 naming the hash when the owner has no blueprint holding it. */
  async lookup(owner: string, hash: string): Promise<FoundBlueprint> {
    const found = await this.find(owner, hash);
    if (!found) {
      throw new NotFoundError(
        `None of your blueprints holds the validator ${hash.toLowerCase()}: upload its blueprint with POST /blueprints first (with the API key you use here).`,
      );
    }
    return found;
  }

  /** The address of the script `hash` on this instance's network (enterprise, or base with a stake part). */
  scriptAddress(
    hash: ScriptHash,
    stake?: { readonly hash: KeyHash | ScriptHash; readonly isScript: boolean },
  ): ScriptAddress {
    return scriptAddressOf(this.#network, hash, stake);
  }

  /** Plutus data (CBOR hex) of `data`, a datum or redeemer of the owner's validator `hash` as JSON by its schema. */
  async serialize(
    owner: string,
    hash: ScriptHash,
    input: DataInput & { readonly data: unknown },
  ): Promise<{ hex: string }> {
    const { blueprint } = await this.lookup(owner, hash);
    const schema = schemaOf(blueprint, hash, input);
    return { hex: dataFromJson(schema, blueprint.definitions, input.data, "data") };
  }

  /** The JSON, by its schema, of a datum or redeemer of the owner's validator `hash` given as Plutus data (CBOR hex). */
  async parse(
    owner: string,
    hash: ScriptHash,
    input: DataInput & { readonly hex: string },
    hexField = "data.hex",
  ): Promise<unknown> {
    const { blueprint } = await this.lookup(owner, hash);
    const schema = schemaOf(blueprint, hash, input);
    return jsonFromData(schema, blueprint.definitions, input.hex.toLowerCase(), hexField);
  }

  /** Applies parameters to validators by UPLC application: the preloaded script to build with, and the new addresses. */
  async applyParams(owner: string, input: ApplyParamsInput): Promise<AppliedParams> {
    const named = Object.keys(input.params).map((hash) => hash.toLowerCase());
    if (named.length === 0)
      throw refusal(
        BadRequestError,
        (at) => `${at("params")} names no validator: give {"<validator hash>": [parameter values]}.`,
      );
    for (const given of Object.keys(input.params)) {
      if (!HASH.test(given.toLowerCase()))
        throw refusal(
          BadRequestError,
          (at) => `${at(`params.${given}`)}: params are keyed by validator hash, 56 hex digits.`,
        );
    }
    if (distinct(named).length < named.length)
      throw refusal(BadRequestError, (at) => `${at("params")} names a validator twice (its hash in two letter cases).`);
    const source = await this.#sourceOf(owner, input.blueprint, named);
    const raw = isRecord(source.json) ? source.json : {};
    const rawValidators = Array.isArray(raw["validators"]) ? (raw["validators"] as unknown[]) : [];
    const validators: Record<string, unknown>[] = [];
    const addresses: Record<string, ScriptAddress> = {};
    const hashes: Record<string, string> = {};
    for (const [given, values] of Object.entries(input.params)) {
      const hash = given.toLowerCase();
      const field = `params.${given}`;
      const matching = source.validators.filter((v) => v.hash === hash);
      const first = matching[0];
      if (first === undefined) {
        const known = distinct(source.validators.map((v) => v.hash));
        throw refusal(
          BadRequestError,
          (at) => `${at(field)} names no validator of the blueprint: its validator hashes are ${known.join(", ")}.`,
        );
      }
      const applied = applyParams(first, source.definitions, values, field);
      hashes[hash] = applied.hash;
      addresses[applied.hash] = scriptAddressOf(this.#network, applied.hash);
      for (const validator of matching) validators.push(appliedValidator(validator, rawValidators, applied));
    }
    const blueprint: Record<string, unknown> = {
      preamble: isRecord(raw["preamble"]) ? raw["preamble"] : { title: source.title },
      validators,
      definitions: isRecord(raw["definitions"]) ? raw["definitions"] : source.definitions,
    };
    return { preloadedScript: { type: "plutus", blueprint }, addresses, hashes };
  }

  /** The blueprint the parameters apply to: the one given, the stored one it names, or the stored one holding the hashes. */
  async #sourceOf(owner: string, given: unknown, named: readonly string[]): Promise<Blueprint> {
    if (given !== undefined && !isReference(given)) return parseBlueprint(given, "blueprint");
    if (given !== undefined) {
      const { title, version } = given as { title: string; version?: unknown };
      const matches: StoredBlueprint[] = [];
      let after: number | undefined;
      do {
        const page = await this.#store.list(owner, {
          title,
          ...(typeof version === "string" && { version }),
          limit: 100,
          ...(after !== undefined && { after }),
        });
        matches.push(...page.blueprints);
        after = page.next;
      } while (after !== undefined);
      // The most recently updated one that holds every named hash, else the most recently updated one.
      matches.sort((a, b) => b.updatedAt - a.updatedAt);
      const chosen = matches.find((m) => named.every((hash) => m.hashes.includes(hash))) ?? matches[0];
      if (!chosen) {
        const what = typeof version === "string" ? `titled "${title}" at version "${version}"` : `titled "${title}"`;
        throw new NotFoundError(
          `You have no blueprint ${what}: upload it with POST /blueprints first, or send the blueprint itself.`,
        );
      }
      return this.#parseStored(chosen);
    }
    let chosen: { id: string; blueprint: Blueprint } | undefined;
    for (const hash of named) {
      const found = await this.lookup(owner, hash);
      if (chosen !== undefined && found.id !== chosen.id) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at("params")} names validators of two of your blueprints (${chosen!.id} and ${found.id}): apply the parameters of each in its own request, or send the blueprint.`,
        );
      }
      chosen ??= found;
    }
    return chosen!.blueprint;
  }

  /** Whether the owner stores a blueprint of exactly these hashes (saving it would update it). */
  /**
   * A stored blueprint, read again (it was valid when stored). Reading one takes about 0.2 ms for
   * the hello-world blueprint, more for larger ones, and every build that names a stored validator
   * reads its blueprint: the last PARSED_CACHE read are kept, by ID, for as long as their JSON is
   * the stored one.
   */
  #parseStored(stored: StoredBlueprint): Blueprint {
    const cached = this.#parsed.get(stored.id);
    if (cached !== undefined && cached.json === stored.json) return cached.blueprint;
    const blueprint = parseBlueprint(JSON.parse(stored.json), "blueprint");
    this.#parsed.delete(stored.id);
    this.#parsed.set(stored.id, { json: stored.json, blueprint });
    if (this.#parsed.size > PARSED_CACHE) this.#parsed.delete(this.#parsed.keys().next().value!);
    return blueprint;
  }

  #view(stored: StoredBlueprint, blueprint: Blueprint): BlueprintView {
    const scriptAddresses: Record<string, string> = {};
    for (const hash of stored.hashes) scriptAddresses[hash] = scriptAddressOf(this.#network, hash).bech32;
    return {
      id: stored.id,
      title: stored.title,
      version: stored.version,
      validators: blueprint.validators.map((v) => ({
        title: v.title,
        hash: v.hash,
        purposes: purposesOf(v.title),
        plutusVersion: v.version,
        parameters: v.parameters.length,
      })),
      scriptAddresses,
      refs: { ...stored.refs },
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    };
  }
}

/** `{title, version?}` naming a stored blueprint, rather than a blueprint (which has validators or a preamble). */
function isReference(value: unknown): boolean {
  return isRecord(value) && !("validators" in value) && !("preamble" in value) && typeof value["title"] === "string";
}

/** Refs checked against the blueprint's hashes (refs.<hash> names one of them; txHash 64 hex; index ≥ 0), keys in lower case. */
function checkRefs(refs: Readonly<Record<string, ScriptRef>>, hashes: readonly string[]): Record<string, ScriptRef> {
  const checked: Record<string, ScriptRef> = {};
  for (const [given, ref] of Object.entries(refs)) {
    const hash = given.toLowerCase();
    const field = `refs.${given}`;
    if (!HASH.test(hash))
      throw refusal(BadRequestError, (at) => `${at(field)}: a ref is keyed by a validator hash, 56 hex digits.`);
    if (!hashes.includes(hash)) {
      throw refusal(
        BadRequestError,
        (at) => `${at(field)} names no validator of this blueprint: its validator hashes are ${hashes.join(", ")}.`,
      );
    }
    const txHash = ref.txHash.toLowerCase();
    if (!TX_HASH.test(txHash))
      throw refusal(BadRequestError, (at) => `${at(`${field}.txHash`)} must be a transaction hash: 64 hex digits.`);
    if (!Number.isSafeInteger(ref.index) || ref.index < 0)
      throw refusal(BadRequestError, (at) => `${at(`${field}.index`)} must be an output index: a whole number from 0.`);
    checked[hash] = { txHash, index: ref.index };
  }
  return checked;
}

/**
 * The schema a validator uses for a purpose and kind: its entry for that purpose (Aiken ≥ 1.1:
 * module.validator.purpose), else its `else` handler's, which takes every other purpose; a
 * validator whose titles name purposes but neither of these does not handle the purpose. Titles
 * that name no purpose (Aiken before 1.1, other compilers): schemaFor's reading.
 */
function schemaForPurpose(blueprint: Blueprint, hash: string, purpose: Purpose, kind: DataKind): Schema | undefined {
  const entries = blueprint.validators.filter((v) => v.hash === hash);
  const exact = entries.find((v) => v.title.endsWith(`.${purpose}`));
  if (exact !== undefined) return exact[kind];
  const fallback = entries.find((v) => v.title.endsWith(".else"));
  if (fallback !== undefined) return fallback[kind];
  if (entries.some((v) => purposesOf(v.title).length > 0)) return undefined;
  return schemaFor(blueprint, hash, purpose, kind);
}

/** The schema of a datum or redeemer of the validator `hash`, for `input.purpose` (or the only purpose that has one). */
function schemaOf(blueprint: Blueprint, hash: string, input: DataInput): Schema {
  const kind = input.type;
  const found = PURPOSES.map((p) => [p, schemaForPurpose(blueprint, hash, p, kind)] as const).filter(
    ([, s]) => s !== undefined,
  );
  if (input.purpose !== undefined) {
    const schema = schemaForPurpose(blueprint, hash, input.purpose, kind);
    if (schema === undefined) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at("purpose")}: the validator ${hash} takes no ${kind} for the purpose ${input.purpose}` +
          (found.length > 0
            ? `; it takes one for ${found.map(([p]) => p).join(", ")}.`
            : `; it takes no ${kind} at all.`),
      );
    }
    return schema;
  }
  if (found.length === 0)
    throw refusal(BadRequestError, (at) => `${at("type")}: the validator ${hash} takes no ${kind}.`);
  if (distinct(found.map(([, s]) => JSON.stringify(s))).length > 1) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("purpose")} is required: the validator ${hash} takes a ${kind} for ${found.map(([p]) => p).join(", ")}, not all of one schema.`,
    );
  }
  return found[0]![1]!;
}

/** The blueprint JSON of an applied validator: its own JSON (schemas kept), with the new code and hash and no parameters. */
function appliedValidator(
  validator: BlueprintValidator,
  rawValidators: readonly unknown[],
  applied: { compiledCode: string; hash: string },
): Record<string, unknown> {
  // The entry of that title (and hash, when it gives one: the domain computes a missing hash).
  const raw = rawValidators.find(
    (v) =>
      isRecord(v) &&
      v["title"] === validator.title &&
      (typeof v["hash"] !== "string" || v["hash"].toLowerCase() === validator.hash),
  );
  const base: Record<string, unknown> = isRecord(raw)
    ? { ...raw }
    : {
        title: validator.title,
        ...(validator.datum !== undefined && { datum: { schema: validator.datum } }),
        ...(validator.redeemer !== undefined && { redeemer: { schema: validator.redeemer } }),
      };
  delete base["parameters"];
  return { ...base, compiledCode: applied.compiledCode, hash: applied.hash };
}
