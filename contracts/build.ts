// Compiles the Helios sources of contracts v3 in contracts/src (V3_CONTRACT in
// src/tournament/contracts.ts; some 40 s of CPU per tournament script: Helios' optimizer) and
// writes, from one compile of each tree shape:
// - contracts/plutus.json, the CIP-57 blueprint 3.0.0: the tournament script (NFT policy + pool
//   validator), the registration validator (placeholder parameters) and the batch validator;
// - contracts/registration-template.json: the registration validator compiled with a marker as its
//   tournament ID (the service puts each tournament's ID in its place: registration-script.ts) and
//   the digest of what the compile read (contractsDigest);
// - contracts/test/v3/small-tree.json: the same three programs for a small tree (depth 4, batches
//   of 4: brackets up to 16), for the v3 attack tests and the fuzzer.
// Run: npx tsx contracts/build.ts (npm run contracts:build), about 1.5 min. v2.1, frozen, has its
// own build (contracts/v2.1/build.ts), whose data schemas this one extends.
//
// The checks: contracts/test/blueprint.test.ts (fast) fails with "run npm run contracts:build" when
// a recorded digest differs from the sources now, or when plutus.json's schemas and descriptions
// differ from this file's; test/slow/contracts-compile.test.ts compiles and compares the bytes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  BATCH_TITLE,
  compileContracts,
  contractsDigest,
  REGISTRATION_MARKER,
  REGISTRATION_TITLE,
  TOURNAMENT_TITLE,
  V3_CONTRACT,
  type Blueprint,
  type CompiledContracts,
  type CompiledScript,
} from "../src/tournament/contracts.js";
import type { RegistrationTemplate, RegistrationTemplateFile } from "../src/tournament/registration-script.js";
import type { TreeShape } from "../src/tournament/seat-tree.js";
import { constr, definitions as v21Definitions, int, ref } from "./v2.1/build.js";

// v2.1's schemas but for its datum, its spend actions and its prize tag's description.
const { TournamentDatum: _datum, List$Address: _participants, SpendAction: _spend, ...shared } = v21Definitions;

/** v3's data schemas (CIP-57). Helios encodes a struct of two or more fields as a list of its fields. */
const definitions = {
  ...shared,
  List$ByteArray: { dataType: "list", items: ref("ByteArray") },
  PoolDatum: {
    title: "PoolDatum",
    description:
      "Inline datum of the output holding the tournament NFT: exactly [config, count, peaks]. The seats are the leaves of a Merkle tree " +
      "of depth 10 (leaf = blake2b-256 of the registrant's address as data), kept as an append-only accumulator.",
    dataType: "list",
    items: [
      { title: "config", ...ref("Config") },
      { title: "count", description: "seats taken, 0..bracket_size", ...ref("Int") },
      {
        title: "peaks",
        description: "roots of the complete subtrees covering the seats, one per set bit of count, lowest height first",
        ...ref("List$ByteArray"),
      },
    ],
  },
  BatchDatum: {
    title: "BatchDatum",
    description:
      "Inline datum of a batch UTxO, made by the cancel or refund that burnt its tournament's NFT: exactly [tournament_id, batch, " +
      "subtree_root, count, pay, extra]. Batch j pays seats 64 j .. 64 j + count - 1, each `pay` (`extra` more for the first).",
    dataType: "list",
    items: [
      { title: "tournament_id", ...ref("ByteArray") },
      { title: "batch", description: "j: the batch's aligned 64-seat subtree", ...ref("Int") },
      {
        title: "subtree_root",
        description: "root of the batch's seats' leaves (empty seats: 32 zero bytes)",
        ...ref("ByteArray"),
      },
      { title: "count", description: "seats of the batch, 1..64", ...ref("Int") },
      {
        title: "pay",
        description: "lovelace per seat: the entry fee and a share of the deposit when full",
        ...ref("Int"),
      },
      {
        title: "extra",
        description: "the deposit's remainder, paid to the batch's first seat (batch 0 only)",
        ...ref("Int"),
      },
    ],
  },
  ProofOp: {
    title: "ProofOp",
    description:
      "A postfix multiproof operation: an integer k >= 0 pushes placement k's leaf, -1 joins the top two entries, a byte string is " +
      "the top entry's sibling.",
    anyOf: [int(), { dataType: "bytes" }],
  },
  List$ProofOp: { dataType: "list", items: ref("ProofOp") },
  SpendAction: {
    title: "SpendAction",
    anyOf: [
      constr("AddParticipants", 0, []),
      constr("Settle", 1, [
        { title: "winners", description: "seats in placement order", ...ref("List$Int") },
        { title: "proof", description: "the winners' multiproof against the pool's root", ...ref("List$ProofOp") },
      ]),
      constr("Cancel", 2, [
        {
          title: "subroots",
          description: "the batches' subtree roots; empty when count <= 64",
          ...ref("List$ByteArray"),
        },
      ]),
      constr("Refund", 3, [
        {
          title: "subroots",
          description: "the batches' subtree roots; empty when count <= 64",
          ...ref("List$ByteArray"),
        },
      ]),
    ],
  },
  BatchAction: {
    title: "BatchAction",
    anyOf: [constr("PayBatch", 0, [])],
  },
  PayoutTag: {
    title: "PayoutTag",
    description:
      "Inline datum of every output a tournament pays: [tournament_id, index]. Settlement: placements 0..P-1, fixed payouts P..P+F-1; " +
      "cancel and refund: seat k (inline, or by its batch), the admin's remainder N; add: the overpayment returned to the registrant " +
      "who takes seat k.",
    dataType: "list",
    items: [
      { title: "tournament_id", ...ref("ByteArray") },
      { title: "index", ...ref("Int") },
    ],
  },
};

/** The compiled programs of a blueprint. */
export interface V3Programs {
  readonly tournament: CompiledScript;
  readonly registration: CompiledScript;
  readonly batch: CompiledScript;
}

/** v3's blueprint of three compiled programs. */
export function buildBlueprint({ tournament, registration, batch }: V3Programs): Blueprint {
  const code = (s: { compiledCode: string; hash: string }) => ({ compiledCode: s.compiledCode, hash: s.hash });
  return {
    preamble: {
      title: "cardano-tx-service/tournament",
      description:
        "On-chain tournaments of up to 1,024 seats: NFT policy + pool validator (one script), per-tournament registration validator, " +
        "batch validator (the refunds of a closed pool).",
      version: V3_CONTRACT.version,
      compiler: { name: "helios", version: "0.17.32" },
      plutusVersion: "v2",
      license: "Apache-2.0",
    },
    validators: [
      {
        title: `${TOURNAMENT_TITLE}.mint`,
        description:
          "Tournament NFT policy: mints one NFT named tournament_id(seed), which must land at this script's address (no stake credential, no " +
          "reference script, ada and the NFT only) with the datum [config, 0, []], a configuration of 2..1,024 seats (admin and fixed payouts " +
          "key addresses without a pointer, an entry fee of 0 or at least MIN_PAYOUT_LOVELACE), lovelace covering the deposit, the admin's " +
          "remainder and a batch's top-up, and a deadline; burns when the tournament ends.",
        redeemer: { title: "action", purpose: "mint", schema: ref("MintRedeemer") },
        ...code(tournament),
      },
      {
        title: `${TOURNAMENT_TITLE}.spend`,
        description:
          "Pool validator: the same script as the policy; holds the NFT, the datum and the pool. The admin adds registrations before the " +
          "deadline (each a seat appended to the accumulator, in ledger order) and settles a full bracket proving the winners with a " +
          "multiproof; the admin cancels any time, anyone refunds after the deadline: up to 64 seats paid inline, more split into batch " +
          "UTxOs of 64 seats at the batch validator. Once the bracket is full, each seat gets the entry fee and an equal share of the deposit.",
        datum: { title: "pool", purpose: "spend", schema: ref("PoolDatum") },
        redeemer: { title: "action", purpose: "spend", schema: ref("SpendRedeemer") },
        ...code(tournament),
      },
      {
        title: `${REGISTRATION_TITLE}.spend`,
        description:
          "Registration validator of one tournament (v2.1's source): cancelled by its registrant, or added by a transaction that spends its " +
          "tournament (whose validator checks the datum). compiledCode has placeholder parameters (all-zero bytes); they are set with Helios " +
          "changeParam.",
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
      {
        title: `${BATCH_TITLE}.spend`,
        description:
          "Batch validator, one address for every tournament (its hash is compiled into the tournament script): anyone pays a batch at any " +
          "time, alone in its transaction: output k < count pays seat 64 batch + k at least `pay` (`extra` more for k = 0), tagged " +
          "[tournament_id, seat], and the outputs' addresses make the batch's subtree root.",
        datum: { title: "batch", purpose: "spend", schema: ref("BatchDatum") },
        redeemer: { title: "action", purpose: "spend", schema: ref("BatchAction") },
        ...code(batch),
      },
    ],
    definitions,
  };
}

export const BLUEPRINT_PATH = fileURLToPath(V3_CONTRACT.blueprint);
export const REGISTRATION_TEMPLATE_PATH = fileURLToPath(V3_CONTRACT.template);
export const SMALL_TREE_PATH = fileURLToPath(new URL("test/v3/small-tree.json", import.meta.url));
/** The small tree the tests and the fuzzer compile v3 for (V3-DESIGN §7). */
export const SMALL_TREE: TreeShape = { depth: 4, batchHeight: 2 };

export const serializeBlueprint = (b: Blueprint): string => `${JSON.stringify(b, null, 2)}\n`;
export const serializeJson = (x: unknown): string => `${JSON.stringify(x, null, 2)}\n`;

/** A compile's registration template; throws if the marker is not in the code exactly once, byte-aligned. */
function templateOf(compiled: CompiledContracts): RegistrationTemplate {
  const { compiledCode, hash } = compiled.registrationTemplate;
  const at = compiledCode.indexOf(REGISTRATION_MARKER);
  if (at < 0 || at % 2 !== 0 || compiledCode.indexOf(REGISTRATION_MARKER, at + 1) !== -1)
    throw new Error("the registration template's marker is not in its code exactly once, byte-aligned");
  return {
    tournamentPolicy: compiled.tournament.hash,
    marker: REGISTRATION_MARKER,
    markerOffset: at / 2,
    compiledCode,
    hash,
  };
}

/** registration-template.json of the production compile. */
export function buildRegistrationTemplate(compiled: CompiledContracts): RegistrationTemplateFile {
  return {
    description:
      "Written by contracts/build.ts with plutus.json: the registration validator of plutus.json's tournament script (v3) with `marker` " +
      "as its tournament ID; a tournament's validator is this code with its ID in place of the marker's 32 bytes. sourcesDigest: what " +
      "both were compiled from (contractsDigest(V3_CONTRACT) in src/tournament/contracts.ts).",
    sourcesDigest: contractsDigest(V3_CONTRACT),
    registrationTemplate: templateOf(compiled),
  };
}

/** contracts/test/v3/small-tree.json: v3 compiled for SMALL_TREE. */
export interface SmallTreeFile {
  readonly description: string;
  /** contractsDigest(V3_CONTRACT, shape). */
  readonly sourcesDigest: string;
  readonly shape: TreeShape;
  readonly tournament: { readonly compiledCode: string; readonly hash: string };
  readonly batch: { readonly compiledCode: string; readonly hash: string };
  readonly registrationTemplate: RegistrationTemplate;
}

export function buildSmallTree(compiled: CompiledContracts): SmallTreeFile {
  const { tournament, batch } = compiled;
  if (batch === undefined) throw new Error("not a v3 compile");
  return {
    description:
      "Written by contracts/build.ts: v3 (contracts/src) compiled for a small seat tree (`shape`: brackets up to 2^depth, batches of " +
      "2^batchHeight), for the tests and the fuzzer; the registration template as registration-template.json's.",
    sourcesDigest: contractsDigest(V3_CONTRACT, SMALL_TREE),
    shape: SMALL_TREE,
    tournament: { compiledCode: tournament.compiledCode, hash: tournament.hash },
    batch: { compiledCode: batch.compiledCode, hash: batch.hash },
    registrationTemplate: templateOf(compiled),
  };
}

/** The three files of the two compiles. */
export function buildFiles(production: CompiledContracts, small: CompiledContracts): Record<string, string> {
  const { tournament, registration, batch } = production;
  if (batch === undefined) throw new Error("not a v3 compile");
  return {
    [BLUEPRINT_PATH]: serializeBlueprint(buildBlueprint({ tournament, registration, batch })),
    [REGISTRATION_TEMPLATE_PATH]: serializeJson(buildRegistrationTemplate(production)),
    [SMALL_TREE_PATH]: serializeJson(buildSmallTree(small)),
  };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const production = compileContracts(V3_CONTRACT);
  const small = compileContracts(V3_CONTRACT, SMALL_TREE);
  for (const [path, text] of Object.entries(buildFiles(production, small))) writeFileSync(path, text);
  for (const [shape, c] of [
    ["production", production],
    ["small tree", small],
  ] as const)
    for (const [name, s] of Object.entries({
      tournament: c.tournament,
      batch: c.batch!,
      template: c.registrationTemplate,
    }))
      console.log(`${shape}  ${name}  ${s.hash}  ${s.compiledCode.length / 2} B`);
}
