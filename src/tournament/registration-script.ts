// The registration validator of a tournament without a Helios compile per tournament (about 2 s
// each): the program is compiled once with a marker as its tournament ID, and each tournament's
// script is that program with the marker's 32 bytes replaced by the ID (flat encodes a byte string
// constant byte-aligned and verbatim, and the ID is only compared, never computed on, so the rest
// of the program does not depend on its value). The first use checks the shortcut against a real
// compile of that ID; should they ever differ, every script is compiled in full instead.
import { blake2b256 } from "../cardano/hash.js";
import { plutusScriptHashOfCode } from "../cardano/script-hash.js";
import { registrationScript, type CompiledScript } from "./contracts.js";

const MARKER = blake2b256(Buffer.from("cardano-tx-service: registration template", "utf8"));

type Template = { readonly code: string; readonly at: number } | null;
let template: Template | undefined;
const cache = new Map<string, CompiledScript>();

function substitute(t: NonNullable<Template>, id: string): CompiledScript {
  const code = t.code.slice(0, t.at) + id + t.code.slice(t.at + id.length);
  // `code` wraps `compiledCode` in one CBOR byte-string header of the same length as the template's.
  const compiledCode = code.slice(code.length - registrationScript(MARKER).compiledCode.length);
  return { code, compiledCode, hash: plutusScriptHashOfCode(code, "V2"), version: "V2" };
}

/** The template, checked once against a full compile of `id`; null when the shortcut does not hold. */
function templateFor(id: string): Template {
  if (template !== undefined) return template;
  const marked = registrationScript(MARKER);
  const at = marked.code.indexOf(MARKER);
  const unique = at >= 0 && at % 2 === 0 && marked.code.indexOf(MARKER, at + 1) === -1;
  template = null;
  if (unique) {
    const candidate = { code: marked.code, at };
    const full = registrationScript(id);
    const fast = substitute(candidate, id);
    if (fast.hash === full.hash && fast.code === full.code) template = candidate;
  }
  return template;
}

/** The registration validator of tournament `id` (lowercase hex, 32 bytes). */
export function registrationScriptOf(id: string): CompiledScript {
  if (!/^[0-9a-f]{64}$/.test(id)) throw new Error("tournament ID must be 32 bytes of lowercase hex");
  let script = cache.get(id);
  if (script === undefined) {
    const t = templateFor(id);
    script = t === null ? registrationScript(id) : substitute(t, id);
    if (cache.size >= 10_000) cache.clear();
    cache.set(id, script);
  }
  return script;
}

/** Whether the template shortcut is in use (after the first call). */
export const usesTemplate = (): boolean => template !== undefined && template !== null;
