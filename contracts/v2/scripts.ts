// FROZEN v2 (contracts 2.0.0), kept only so that bench/tournament.ts can price v2 next to v2.1 in
// the same run, and so that contracts/test/v2-weaknesses.test.ts can show on chain what v2
// accepted. No service code imports it; do not extend it. The tournament script comes from
// contracts/v2/plutus.json. A tournament's registration validator is compiled from contracts/v2/src
// with its two parameters set by changeParam and its trace sentences swapped for the codes of
// src/tournament/traces.ts (codes are stable: v2.1 only added codes at the end): once, with
// v2.1's marker as its ID, into the committed registration-template.json (`node --import tsx
// contracts/v2/scripts.ts` writes it), and each tournament's is that template with its ID put in,
// as v2.1's (src/tournament/registration-script.ts). Loading refuses a template whose sources
// digest differs from the sources now; test/slow/contracts-compile.test.ts compares it with a full
// compile (v2RegistrationCompiled).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { makeByteArrayData } from "@helios-lang/uplc";
import { resolveScriptHash } from "@meshsdk/core";
import { packageVersion, REGISTRATION_MARKER, type CompiledScript } from "../../src/tournament/contracts.js";
import {
  checkTemplate,
  fromTemplate,
  type RegistrationTemplate,
  type RegistrationTemplateFile,
} from "../../src/tournament/registration-script.js";
import { withTraceCodes } from "../../src/tournament/traces.js";

const V2_DIR = new URL("./", import.meta.url);
const source = (name: string): string => withTraceCodes(readFileSync(new URL(`src/${name}.hl`, V2_DIR), "utf8"), `v2/${name}.hl`);
const hexOf = (bytes: readonly number[]): string => Buffer.from(bytes).toString("hex");

/** The CBOR byte-string header of `n` bytes (major type 2). */
function bytesHeader(n: number): string {
  if (n < 24) return (0x40 + n).toString(16).padStart(2, "0");
  if (n < 0x100) return `58${n.toString(16).padStart(2, "0")}`;
  if (n < 0x10000) return `59${n.toString(16).padStart(4, "0")}`;
  return `5a${n.toString(16).padStart(8, "0")}`;
}

let tournament: CompiledScript | undefined;

/** The v2 tournament script (NFT policy + validator), from the frozen v2 blueprint. */
export function v2TournamentScript(): CompiledScript {
  if (tournament === undefined) {
    const blueprint = JSON.parse(readFileSync(new URL("plutus.json", V2_DIR), "utf8")) as {
      preamble: { version: string };
      validators: { title: string; compiledCode: string; hash: string }[];
    };
    const v = blueprint.validators.find((x) => x.title.startsWith("tournament.tournament"));
    if (blueprint.preamble.version !== "2.0.0" || v === undefined) throw new Error("contracts/v2/plutus.json is not the v2 blueprint");
    const code = bytesHeader(v.compiledCode.length / 2) + v.compiledCode;
    if (resolveScriptHash(code, "V2") !== v.hash) throw new Error("contracts/v2/plutus.json: the tournament hash does not match its code");
    tournament = { code, compiledCode: v.compiledCode, hash: v.hash, version: "V2" };
  }
  return tournament;
}

export const V2_TEMPLATE_PATH = fileURLToPath(new URL("registration-template.json", V2_DIR));
const REBUILD = "run node --import tsx contracts/v2/scripts.ts";

/** The v2 registration validator of tournament `id` (32 bytes hex), compiled in full (about 2 s). */
export function v2RegistrationCompiled(id: string): CompiledScript {
  const { Program } = createRequire(import.meta.url)("@helios-lang/compiler") as typeof import("@helios-lang/compiler");
  const program = new Program(source("registration"), { moduleSources: [source("types")], isTestnet: false });
  const params = {
    "registration::TOURNAMENT_POLICY": makeByteArrayData(v2TournamentScript().hash),
    "registration::TOURNAMENT_ID": makeByteArrayData(id),
  };
  for (const [name, value] of Object.entries(params)) {
    if (!program.changeParam(name, value)) throw new Error(`changeParam(${name}) did not apply`);
  }
  const uplc = program.compile({ optimize: { keepTracing: true } });
  const code = hexOf(uplc.toCbor());
  const hash = hexOf(uplc.hash());
  if (resolveScriptHash(code, "V2") !== hash) throw new Error("v2 registration: Helios and Mesh disagree on the script hash");
  const header = code.startsWith("59") ? 6 : code.startsWith("58") ? 4 : 2;
  return { code, compiledCode: code.slice(header), hash, version: "V2" };
}

/** What the template is compiled from: the sources as compiled, the tournament hash, the marker, the compiler's version. */
export function v2SourcesDigest(): string {
  const h = createHash("sha256");
  for (const name of ["registration", "types"]) h.update(`${name}.hl\n${source(name)}\n`);
  h.update(v2TournamentScript().hash);
  h.update(REGISTRATION_MARKER);
  for (const name of ["@helios-lang/compiler", "@helios-lang/ir", "@helios-lang/uplc"])
    h.update(`${name}@${packageVersion(name)}`);
  return h.digest("hex");
}

/** registration-template.json compiled now. */
export function buildV2RegistrationTemplate(): RegistrationTemplateFile {
  const { compiledCode, hash } = v2RegistrationCompiled(REGISTRATION_MARKER);
  const at = compiledCode.indexOf(REGISTRATION_MARKER);
  if (at < 0 || at % 2 !== 0 || compiledCode.indexOf(REGISTRATION_MARKER, at + 1) !== -1)
    throw new Error("the v2 registration template's marker is not in its code exactly once, byte-aligned");
  return {
    description:
      "Written by contracts/v2/scripts.ts: v2's registration validator with `marker` as its tournament ID; a tournament's is this code " +
      "with its ID in place of the marker's 32 bytes. sourcesDigest: v2SourcesDigest() of what it was compiled from.",
    sourcesDigest: v2SourcesDigest(),
    registrationTemplate: {
      tournamentPolicy: v2TournamentScript().hash,
      marker: REGISTRATION_MARKER,
      markerOffset: at / 2,
      compiledCode,
      hash,
    },
  };
}

let template: RegistrationTemplate | undefined;
const registrations = new Map<string, CompiledScript>();

/** The v2 registration validator of tournament `id` (32 bytes hex): the committed template with `id` put in, then cached. */
export function v2RegistrationScript(id: string): CompiledScript {
  const cached = registrations.get(id);
  if (cached !== undefined) return cached;
  if (template === undefined) {
    const file = JSON.parse(readFileSync(V2_TEMPLATE_PATH, "utf8")) as RegistrationTemplateFile;
    if (file.sourcesDigest !== v2SourcesDigest())
      throw new Error(`contracts/v2/registration-template.json is stale (its sources changed): ${REBUILD}`);
    template = checkTemplate(file.registrationTemplate, {
      file: "contracts/v2/registration-template.json",
      marker: REGISTRATION_MARKER,
      tournamentPolicy: v2TournamentScript().hash,
      rebuild: REBUILD,
    });
  }
  const script = fromTemplate(template, id);
  registrations.set(id, script);
  return script;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = buildV2RegistrationTemplate();
  writeFileSync(V2_TEMPLATE_PATH, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`v2 registration template  ${file.registrationTemplate.hash}  ${file.registrationTemplate.compiledCode.length / 2} B`);
}
