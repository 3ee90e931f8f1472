// Parameters applied to a validator by UPLC application, as `aiken blueprint apply` does: the
// program becomes [[program param₁] param₂]…, each parameter a Plutus data constant; its hash is
// the new script's hash.
//
// Every parameter is a JSON value converted by the parameter's schema (dataFromJson), as the
// examples send them: `[Buffer.from("Hello, Anvil!").toString("hex")]` for a ByteArray is those
// 13 bytes, a key hash is its 28 bytes. A string is never taken as ready CBOR: the same hex would
// then mean two things. Opaque-Data parameters take the detailed JSON schema for exact data.
// Every parameter is applied as data, whatever its schema says, Pair or #-builtins included: Aiken
// compiles every parameter to unwrap data (the `#…` schemas it writes for Pair describe data too).
//
// How: Helios's UPLC reader stops at the constr/case terms of Plutus V3 (Aiken ≥ 1.1 emits
// them), so Scalus (already the devnet's ledger) decodes and re-encodes the program, applying
// empty-bytes placeholders; the exact CBOR of each parameter is then written in place of its
// placeholder. Scalus takes data only as JSON, through which it clamps integers beyond 64 bits
// (and Mesh's applier cut a 100-byte string to 64 bytes), while the splice keeps the bytes that
// dataFromJson wrote, the ledger's own encoding. This works because the flat encoding of
// [[program p₁] p₂] ends with p₁ then p₂: each data constant is a byte-aligned byte string,
// (after the first) preceded by the same two bytes of term tag, type and padding, and the
// program's final padding byte follows the last.
import { BadRequestError, refusal } from "../errors.js";
import { plutusScriptHash, unwrapScript, wrapScript, type BlueprintValidator, type Schema } from "./blueprint.js";
import { dataFromJson } from "./plutus-data.js";
import { loadScalus } from "../chain/shared/scalus-bundle.js";

/** The placeholder parameter: empty bytes, CBOR 0x40. */
const PLACEHOLDER_JSON = JSON.stringify({ bytes: "" });
/** A placeholder's flat byte string: one chunk holding 0x40, then the empty chunk that ends it. */
const PLACEHOLDER = [0x01, 0x40, 0x00];
/** Term tag 4 (constant), type list [data] ("1 1000 0") and padding to the byte: what precedes every data constant but the first. */
const CONSTANT_HEAD = [0x4c, 0x01];
/** The program's final padding when it ends on a byte boundary. */
const FINAL_PADDING = [0x01];

/** A byte string as flat writes it once aligned: chunks of up to 255 bytes, each after its length, then 0. */
function flatBytes(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    out.push(chunk.length, ...chunk);
  }
  out.push(0);
  return out;
}

/** What the program's flat bytes end with after `n` placeholder applications, and with the parameters in their place. */
function tails(parameters: readonly Uint8Array[]): { placeholders: number[]; applied: number[] } {
  const placeholders: number[] = [];
  const applied: number[] = [];
  parameters.forEach((cbor, i) => {
    const head = i === 0 ? [] : CONSTANT_HEAD;
    placeholders.push(...head, ...PLACEHOLDER);
    applied.push(...head, ...flatBytes(cbor));
  });
  return { placeholders: [...placeholders, ...FINAL_PADDING], applied: [...applied, ...FINAL_PADDING] };
}

/** The flat program with Plutus data (CBOR) applied in order. */
function applyData(flat: Uint8Array, parameters: readonly Uint8Array[]): Uint8Array {
  let program = wrapScript(flat, 2);
  const { Scalus } = loadScalus();
  for (let i = 0; i < parameters.length; i++) program = Scalus.applyDataArgToScript(program, PLACEHOLDER_JSON);
  const result = unwrapScript(Buffer.from(program, "hex"));
  const { placeholders, applied } = tails(parameters);
  const bytes = result?.flat ?? new Uint8Array();
  const start = bytes.length - placeholders.length;
  if (result === undefined || start < 0 || placeholders.some((b, i) => bytes[start + i] !== b)) {
    throw new Error("applyParams: Scalus encoded the applied program otherwise than expected; nothing was spliced");
  }
  return Buffer.concat([bytes.subarray(0, start), Uint8Array.from(applied)]);
}

/**
 * Applies parameters (JSON values, each converted by the validator's parameter schema) by UPLC
 * application: the new compiled code (in the CBOR wrapping of the input) and its hash. A 400 names
 * `field` (or `${field}[i]` and below) when the validator takes no parameters, the count differs or
 * a value does not match its schema.
 */
export function applyParams(
  validator: BlueprintValidator,
  definitions: Readonly<Record<string, Schema>>,
  params: readonly unknown[],
  field: string,
): { compiledCode: string; hash: string } {
  const wanted = validator.parameters;
  if (wanted.length === 0)
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} gives parameters, but the validator ${validator.title} takes none.`,
    );
  if (params.length !== wanted.length) {
    const names = wanted.map((p, i) => p.title ?? `#${i}`).join(", ");
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} holds ${params.length} values, but the validator ${validator.title} takes ${wanted.length} (${names}).`,
    );
  }
  const data = params.map((value, i) =>
    Buffer.from(dataFromJson(wanted[i]!.schema, definitions, value, `${field}[${i}]`), "hex"),
  );
  const script = unwrapScript(Buffer.from(validator.compiledCode, "hex"));
  if (script === undefined)
    throw refusal(
      BadRequestError,
      (at) => `${at(field)}: the validator ${validator.title}'s compiledCode is not a Plutus script.`,
    );
  let flat: Uint8Array;
  try {
    flat = applyData(script.flat, data);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("applyParams:")) throw error;
    throw refusal(
      BadRequestError,
      (at) => `${at(field)}: the validator ${validator.title}'s compiledCode does not decode as a UPLC program.`,
    );
  }
  const compiledCode = wrapScript(flat, script.wrappings);
  return { compiledCode, hash: plutusScriptHash(compiledCode, validator.version) };
}
