// FROZEN v2.1's build: compiles the Helios sources of contracts v2.1 in contracts/v2.1/src (some 15
// s of CPU) and writes the CIP-57 blueprint contracts/v2.1/plutus.json and
// contracts/v2.1/registration-template.json (V2_1_CONTRACT in src/tournament/contracts.ts), which
// must come out byte for byte as committed (a v2.1 script hash never changes); rerun only when the
// compiler's version changes the digest. The registration validator
// compiled with a marker as its tournament ID, which the service turns into each tournament's
// validator by putting the ID in the marker's place (src/tournament/registration-script.ts), and
// the digest of what the compile read (contractsDigest). Run: npx tsx contracts/v2.1/build.ts (v3's
// build is contracts/build.ts, npm run contracts:build; it shares this file's data schemas).
//
// The template and the digest are a file of their own rather than entries of plutus.json: CIP-57
// allows no other top-level keys than preamble, validators and definitions, and a template entry
// among the validators would be taken by blueprint tools for a validator a tournament can use (its
// marker ID belongs to no tournament). So plutus.json stays a clean blueprint.
//
// The checks: contracts/test/blueprint.test.ts (fast) fails when the recorded digest differs from
// the sources now, or when the blueprint's schemas and descriptions here differ from the file's;
// test/slow/contracts-compile.test.ts compiles and compares the code, bytes and hashes, and asserts
// v2.1's hashes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  compileContracts,
  contractsDigest,
  REGISTRATION_MARKER,
  REGISTRATION_TITLE,
  TOURNAMENT_TITLE,
  type Blueprint,
  type CompiledContracts,
  V2_1_CONTRACT,
  type CompiledScript,
} from "../../src/tournament/contracts.js";
import type { RegistrationTemplateFile } from "../../src/tournament/registration-script.js";

export const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
export const bytes = (title?: string) => ({ ...(title ? { title } : {}), dataType: "bytes" });
export const int = (title?: string) => ({ ...(title ? { title } : {}), dataType: "integer" });
export const constr = (title: string, index: number, fields: object[]) => ({
  title,
  dataType: "constructor",
  index,
  fields,
});

/** Data schemas (CIP-57). Helios encodes a struct of two or more fields as a list of its fields. */
export const definitions = {
  ByteArray: { dataType: "bytes" },
  Int: { dataType: "integer" },
  VerificationKeyHash: { title: "VerificationKeyHash", dataType: "bytes" },
  ScriptHash: { title: "ScriptHash", dataType: "bytes" },
  Credential: {
    title: "Credential",
    anyOf: [constr("VerificationKey", 0, [ref("VerificationKeyHash")]), constr("Script", 1, [ref("ScriptHash")])],
  },
  StakeCredential: {
    title: "StakeCredential",
    anyOf: [
      constr("Inline", 0, [ref("Credential")]),
      constr("Pointer", 1, [int("slot"), int("transaction_index"), int("certificate_index")]),
    ],
  },
  Option$StakeCredential: {
    title: "Optional",
    anyOf: [constr("Some", 0, [ref("StakeCredential")]), constr("None", 1, [])],
  },
  Address: {
    title: "Address",
    anyOf: [
      constr("Address", 0, [
        { title: "payment_credential", ...ref("Credential") },
        { title: "stake_credential", ...ref("Option$StakeCredential") },
      ]),
    ],
  },
  List$Int: { dataType: "list", items: ref("Int") },
  List$Address: { dataType: "list", items: ref("Address") },
  FixedPayout: {
    title: "FixedPayout",
    description: "A list of two items: [address, amount].",
    dataType: "list",
    items: [
      { title: "address", ...ref("Address") },
      { title: "amount", ...ref("Int") },
    ],
  },
  List$FixedPayout: { dataType: "list", items: ref("FixedPayout") },
  Config: {
    title: "Config",
    description: "Tournament configuration, a list of eight items; never changes after creation.",
    dataType: "list",
    items: [
      { title: "name", description: "UTF-8 bytes", ...ref("ByteArray") },
      { title: "admin", description: "payment credential must be a key hash", ...ref("Address") },
      { title: "bracket_size", ...ref("Int") },
      { title: "entry_fee", description: "lovelace per participant", ...ref("Int") },
      { title: "payout_structure", description: "lovelace per placement, 1st first", ...ref("List$Int") },
      { title: "fixed_payouts", ...ref("List$FixedPayout") },
      {
        title: "registration_hash",
        description: "hash of this tournament's registration validator",
        ...ref("ScriptHash"),
      },
      {
        title: "settle_by",
        description: "POSIX milliseconds: adding and settling end here; from then on anyone may refund",
        ...ref("Int"),
      },
    ],
  },
  TournamentDatum: {
    title: "TournamentDatum",
    description: "Inline datum of the output holding the tournament NFT: [config, participants].",
    dataType: "list",
    items: [
      { title: "config", ...ref("Config") },
      { title: "participants", ...ref("List$Address") },
    ],
  },
  TxOutputId: {
    title: "OutputReference",
    anyOf: [
      constr("OutputReference", 0, [
        { title: "transaction_id", anyOf: [constr("TransactionId", 0, [bytes("hash")])] },
        { title: "output_index", ...ref("Int") },
      ]),
    ],
  },
  MintAction: {
    title: "MintAction",
    anyOf: [constr("Create", 0, [{ title: "seed", ...ref("TxOutputId") }]), constr("Burn", 1, [])],
  },
  SpendAction: {
    title: "SpendAction",
    anyOf: [
      constr("AddParticipants", 0, []),
      constr("Settle", 1, [
        { title: "winners", description: "participant indices in placement order", ...ref("List$Int") },
      ]),
      constr("Cancel", 2, []),
      constr("Refund", 3, []),
    ],
  },
  MintRedeemer: {
    title: "MintRedeemer",
    description: "A Helios mixed script takes its minting redeemer wrapped in constructor 0.",
    anyOf: [constr("Mint", 0, [ref("MintAction")])],
  },
  SpendRedeemer: {
    title: "SpendRedeemer",
    description: "A Helios mixed script takes its spending redeemer wrapped in constructor 1.",
    anyOf: [constr("Spend", 1, [ref("SpendAction")])],
  },
  RegistrationAction: {
    title: "RegistrationAction",
    anyOf: [constr("Cancel", 0, []), constr("Add", 1, [])],
  },
  PayoutTag: {
    title: "PayoutTag",
    description:
      "Inline datum of every output a tournament pays: [tournament_id, index]. Settlement: placements 0..P-1, fixed payouts P..P+F-1; " +
      "cancel and refund: participant k, the admin's remainder N; add: the overpayment returned to the registrant who becomes participant k.",
    dataType: "list",
    items: [
      { title: "tournament_id", ...ref("ByteArray") },
      { title: "index", ...ref("Int") },
    ],
  },
};

/** The blueprint of two compiled programs (by default, compiled now). */
export function buildBlueprint(
  { tournament, registration }: { tournament: CompiledScript; registration: CompiledScript } = compileContracts(
    V2_1_CONTRACT,
  ),
): Blueprint {
  const code = (s: { compiledCode: string; hash: string }) => ({ compiledCode: s.compiledCode, hash: s.hash });
  return {
    preamble: {
      title: "cardano-tx-service/tournament",
      description:
        "On-chain tournaments: NFT policy + tournament validator (one script), per-tournament registration validator.",
      version: "2.1.0",
      compiler: { name: "helios", version: "0.17.32" },
      plutusVersion: "v2",
      license: "Apache-2.0",
    },
    validators: [
      {
        title: `${TOURNAMENT_TITLE}.mint`,
        description:
          "Tournament NFT policy: mints one NFT named tournament_id(seed), which must land at this script's address (no stake credential, no " +
          "reference script, ada and the NFT only) with a configuration one transaction can settle, cancel or refund (admin and fixed payouts key " +
          "addresses without a pointer, an entry fee of 0 or at least MIN_PAYOUT_LOVELACE), a deposit covering the prizes and a deadline; burns " +
          "when the tournament ends.",
        redeemer: { title: "action", purpose: "mint", schema: ref("MintRedeemer") },
        ...code(tournament),
      },
      {
        title: `${TOURNAMENT_TITLE}.spend`,
        description:
          "Tournament validator: the same script as the policy; holds the NFT, the datum and the pool. Admin adds (checking every appended " +
          "participant is a key address without a pointer) and settles before the deadline, cancels any time; anyone refunds after the deadline. " +
          "Once the bracket is full, a cancel or refund pays each participant the entry fee and an equal share of the deposit.",
        datum: { title: "tournament", purpose: "spend", schema: ref("TournamentDatum") },
        redeemer: { title: "action", purpose: "spend", schema: ref("SpendRedeemer") },
        ...code(tournament),
      },
      {
        title: `${REGISTRATION_TITLE}.spend`,
        description:
          "Registration validator of one tournament: cancelled by its registrant, or added by a transaction that spends its tournament (whose " +
          "validator checks the datum). compiledCode has placeholder parameters (all-zero bytes); they are set with Helios changeParam.",
        datum: { title: "registrant", purpose: "spend", schema: ref("Address") },
        redeemer: { title: "action", purpose: "spend", schema: ref("RegistrationAction") },
        parameters: [
          {
            title: "registration::TOURNAMENT_POLICY",
            description: "the tournament script hash",
            schema: ref("ScriptHash"),
          },
          {
            title: "registration::TOURNAMENT_ID",
            description: "the tournament NFT's asset name",
            schema: ref("ByteArray"),
          },
        ],
        ...code(registration),
      },
    ],
    definitions,
  };
}

export const BLUEPRINT_PATH = fileURLToPath(V2_1_CONTRACT.blueprint);
export const REGISTRATION_TEMPLATE_PATH = fileURLToPath(V2_1_CONTRACT.template);

export const serializeBlueprint = (b: Blueprint): string => `${JSON.stringify(b, null, 2)}\n`;

/** registration-template.json of a compile; throws if the marker is not in the code exactly once, byte-aligned. */
export function buildRegistrationTemplate(compiled: CompiledContracts): RegistrationTemplateFile {
  const { compiledCode, hash } = compiled.registrationTemplate;
  const at = compiledCode.indexOf(REGISTRATION_MARKER);
  if (at < 0 || at % 2 !== 0 || compiledCode.indexOf(REGISTRATION_MARKER, at + 1) !== -1)
    throw new Error("the registration template's marker is not in its code exactly once, byte-aligned");
  return {
    description:
      "Written by contracts/build.ts with plutus.json: the registration validator of plutus.json's tournament script with `marker` as its " +
      "tournament ID; a tournament's validator is this code with its ID in place of the marker's 32 bytes. sourcesDigest: what both were " +
      "compiled from (contractsDigest in src/tournament/contracts.ts).",
    sourcesDigest: contractsDigest(V2_1_CONTRACT),
    registrationTemplate: {
      tournamentPolicy: compiled.tournament.hash,
      marker: REGISTRATION_MARKER,
      markerOffset: at / 2,
      compiledCode,
      hash,
    },
  };
}

export const serializeRegistrationTemplate = (t: RegistrationTemplateFile): string => `${JSON.stringify(t, null, 2)}\n`;

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const compiled = compileContracts(V2_1_CONTRACT);
  const blueprint = buildBlueprint(compiled);
  writeFileSync(BLUEPRINT_PATH, serializeBlueprint(blueprint));
  writeFileSync(REGISTRATION_TEMPLATE_PATH, serializeRegistrationTemplate(buildRegistrationTemplate(compiled)));
  for (const v of blueprint.validators) console.log(`${v.title}  ${v.hash}  ${v.compiledCode.length / 2} B`);
  console.log(
    `registration template  ${compiled.registrationTemplate.hash}  ${compiled.registrationTemplate.compiledCode.length / 2} B`,
  );
}
