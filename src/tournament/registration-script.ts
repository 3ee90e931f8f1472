// The registration validator of a tournament without compiling Helios: a contract's build compiles
// it once with a marker as its tournament ID (and the blueprint's tournament policy) into the
// contract's committed registration-template.json (ContractDescriptor.template, contracts.ts:
// contracts/v2.1/registration-template.json for v2.1), and each tournament's script is that program with
// the marker's 32 bytes replaced by the ID (flat encodes a byte string constant byte-aligned and
// verbatim, and the ID is only compared, never computed on, so the rest of the program does not
// depend on its value). test/slow/contracts-compile.test.ts checks a substituted template against a
// full compile of the same ID (registrationScript), bytes and hash; a fast test checks that the file
// was built from the sources as they are (contractsDigest).
import { readFileSync } from "node:fs";
import { plutusScriptHashOfCode } from "../cardano/script-hash.js";
import type { Network } from "../config.js";
import {
  cborBytesHeader,
  DEFAULT_CONTRACT,
  REGISTRATION_MARKER,
  repoPath,
  scriptAddress,
  tournamentScript,
  type CompiledScript,
  type ContractDescriptor,
} from "./contracts.js";

/** What a contract's build writes beside its plutus.json. */
export interface RegistrationTemplateFile {
  readonly description: string;
  /** contractsDigest() of the sources it and plutus.json were compiled from. */
  readonly sourcesDigest: string;
  readonly registrationTemplate: {
    /** The tournament script hash the template was compiled with (plutus.json's). */
    readonly tournamentPolicy: string;
    /** The tournament ID compiled in, REGISTRATION_MARKER. */
    readonly marker: string;
    /** Where the marker's bytes start in compiledCode, in bytes. */
    readonly markerOffset: number;
    /** CBOR byte string of the flat-encoded program, as a blueprint's compiledCode. */
    readonly compiledCode: string;
    /** Its script hash. */
    readonly hash: string;
  };
}

export type RegistrationTemplate = RegistrationTemplateFile["registrationTemplate"];

/**
 * A template as read from `file`, checked: its marker `marker`, once and byte-aligned at
 * markerOffset; compiled for `tournamentPolicy`; its hash that of its code. `rebuild` says how
 * to write the file again.
 */
export function checkTemplate(
  t: RegistrationTemplate,
  expected: { file: string; marker: string; tournamentPolicy: string; rebuild: string },
): RegistrationTemplate {
  const stale = (why: string): Error => new Error(`${expected.file} ${why}: ${expected.rebuild}`);
  if (t.marker !== expected.marker) throw stale("has another marker than the service's");
  const at = t.compiledCode.indexOf(t.marker);
  if (at !== 2 * t.markerOffset || t.compiledCode.indexOf(t.marker, at + 1) !== -1)
    throw stale("does not hold its marker exactly once, byte-aligned, at markerOffset");
  if (t.tournamentPolicy !== expected.tournamentPolicy || !t.compiledCode.includes(t.tournamentPolicy))
    throw stale("was compiled for another tournament script than the blueprint's");
  if (plutusScriptHashOfCode(cborBytesHeader(t.compiledCode.length / 2) + t.compiledCode, "V2") !== t.hash)
    throw stale("has a hash that does not match its code");
  return t;
}

/** The template's program with tournament ID `id` (lowercase hex, 32 bytes) in the marker's place. */
export function fromTemplate(t: RegistrationTemplate, id: string): CompiledScript {
  if (!/^[0-9a-f]{64}$/.test(id)) throw new Error("tournament ID must be 32 bytes of lowercase hex");
  const at = 2 * t.markerOffset;
  const compiledCode = t.compiledCode.slice(0, at) + id + t.compiledCode.slice(at + id.length);
  const code = cborBytesHeader(compiledCode.length / 2) + compiledCode;
  return { code, compiledCode, hash: plutusScriptHashOfCode(code, "V2"), version: "V2" };
}

const templates = new Map<ContractDescriptor, RegistrationTemplate>();
const cache = new Map<string, CompiledScript>();

/** A contract's committed template, read and checked once. */
export function loadTemplate(contract: ContractDescriptor = DEFAULT_CONTRACT): RegistrationTemplate {
  let template = templates.get(contract);
  if (template === undefined) {
    const file = JSON.parse(readFileSync(contract.template, "utf8")) as RegistrationTemplateFile;
    template = checkTemplate(file.registrationTemplate, {
      file: repoPath(contract.template),
      marker: REGISTRATION_MARKER,
      tournamentPolicy: tournamentScript(contract).hash,
      rebuild: contract.rebuild,
    });
    templates.set(contract, template);
  }
  return template;
}

/** The registration validator of tournament `id` (lowercase hex, 32 bytes) under a contract (v2.1 by default). */
export function registrationScriptOf(id: string, contract: ContractDescriptor = DEFAULT_CONTRACT): CompiledScript {
  const key = `${contract.version} ${id}`;
  let script = cache.get(key);
  if (script === undefined) {
    script = fromTemplate(loadTemplate(contract), id);
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, script);
  }
  return script;
}

/** The address of tournament `id`'s registration validator on a network (v2.1 by default). */
export const registrationAddress = (
  id: string,
  network: Network,
  contract: ContractDescriptor = DEFAULT_CONTRACT,
): string => scriptAddress(registrationScriptOf(id, contract), network);
