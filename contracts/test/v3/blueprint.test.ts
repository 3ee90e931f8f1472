// v3's committed compiled files were built from contracts/src as it is (their recorded digests;
// test/slow/contracts-compile.test.ts compiles and compares the bytes): the CIP-57 blueprint
// contracts/plutus.json 3.0.0 with build.ts's schemas and descriptions (PoolDatum, BatchDatum, the
// §5.2 redeemers), its registration template and the small-tree build; the data the v3 plans write
// conforms to those schemas; deployment.ts's v3Scripts gives the blueprint's scripts and each
// tournament its own registration validator; the limits agree with the tree.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { blake2b } from "@helios-lang/crypto";
import { decodeUplcData } from "@helios-lang/uplc";
import {
  BATCH_TITLE,
  contractsDigest,
  fromBlueprint,
  loadBlueprint,
  REGISTRATION_TITLE,
  TOURNAMENT_TITLE,
  V2_1_CONTRACT,
  V3_CONTRACT,
} from "../../../src/tournament/contracts.js";
import { mintCreateRedeemer, MINT_BURN_REDEEMER, tournamentIdOf } from "../../../src/tournament/datum.js";
import { v3Scripts } from "../../../src/tournament/deployment.js";
import { BATCH_MIN_LOVELACE, MIN_PAYOUT_LOVELACE, V3_MAX_BRACKET } from "../../../src/tournament/limits.js";
import { registrationScriptOf, type RegistrationTemplateFile } from "../../../src/tournament/registration-script.js";
import { PRODUCTION_TREE, type ProofOp } from "../../../src/tournament/seat-tree.js";
import {
  BLUEPRINT_PATH,
  buildBlueprint,
  REGISTRATION_TEMPLATE_PATH,
  serializeBlueprint,
  SMALL_TREE,
  SMALL_TREE_PATH,
  type SmallTreeFile,
} from "../../build.js";
import { conforms } from "../cip57.js";
import { randomAddress } from "../helpers.js";
import {
  batchDatum,
  closeRedeemer,
  PAY_BATCH_REDEEMER,
  poolDatum,
  settleRedeemerV3,
  V3_ADD_REDEEMER,
} from "./plans.js";
import { loadV3 } from "./scripts.js";

const REBUILD =
  "a v3 source, a limit or the compiler changed since contracts/build.ts last ran: run npm run contracts:build";

describe("v3's blueprint (CIP-57)", () => {
  it("plutus.json, registration-template.json and test/v3/small-tree.json were compiled from contracts/src as it is (run npm run contracts:build)", () => {
    const template = JSON.parse(readFileSync(REGISTRATION_TEMPLATE_PATH, "utf8")) as RegistrationTemplateFile;
    assert.equal(template.sourcesDigest, contractsDigest(V3_CONTRACT), REBUILD);
    assert.equal(template.registrationTemplate.tournamentPolicy, fromBlueprint(TOURNAMENT_TITLE, V3_CONTRACT).hash);
    const small = JSON.parse(readFileSync(SMALL_TREE_PATH, "utf8")) as SmallTreeFile;
    assert.equal(small.sourcesDigest, contractsDigest(V3_CONTRACT, SMALL_TREE), REBUILD);
    assert.deepEqual(small.shape, { depth: 4, batchHeight: 2 });
    assert.notEqual(
      contractsDigest(V3_CONTRACT, SMALL_TREE),
      contractsDigest(V3_CONTRACT),
      "the shape is in the digest",
    );
  });

  it("plutus.json has build.ts's schemas and descriptions around its compiled code (run npm run contracts:build)", () => {
    const committed = {
      tournament: fromBlueprint(TOURNAMENT_TITLE, V3_CONTRACT),
      registration: fromBlueprint(REGISTRATION_TITLE, V3_CONTRACT),
      batch: fromBlueprint(BATCH_TITLE, V3_CONTRACT),
    };
    assert.equal(serializeBlueprint(buildBlueprint(committed)), readFileSync(BLUEPRINT_PATH, "utf8"));
  });

  it("has the CIP-57 shape: version 3.0.0, three validators (tournament mint and spend, registration, batch), hashes of their code", () => {
    const b = loadBlueprint(V3_CONTRACT);
    assert.equal(b.preamble.title, "cardano-tx-service/tournament");
    assert.equal(b.preamble.version, "3.0.0");
    assert.deepEqual(
      b.validators.map((v) => v.title),
      [
        "tournament.tournament.mint",
        "tournament.tournament.spend",
        "registration.registration.spend",
        "batch.batch.spend",
      ],
    );
    for (const v of b.validators) {
      assert.ok(v["redeemer"], `${v.title} has a redeemer schema`);
      const ours = Buffer.from(blake2b([2, ...Buffer.from(v.compiledCode, "hex")], 28)).toString("hex");
      assert.equal(ours, v.hash, v.title);
    }
  });

  it("v3 layouts (V3-DESIGN §5.2): PoolDatum [config, count, peaks], BatchDatum of six items, Settle {winners, proof}, Cancel and Refund {subroots}, PayBatch 0", () => {
    const defs = loadBlueprint(V3_CONTRACT).definitions as Record<
      string,
      { items?: { title: string }[]; anyOf?: { title: string; index: number; fields: { title: string }[] }[] }
    >;
    const items = (name: string) => defs[name]!.items!.map((i) => i.title);
    const variants = (name: string) => defs[name]!.anyOf!.map((v) => [v.title, v.index, v.fields.map((f) => f.title)]);
    assert.deepEqual(items("PoolDatum"), ["config", "count", "peaks"]);
    assert.deepEqual(items("BatchDatum"), ["tournament_id", "batch", "subtree_root", "count", "pay", "extra"]);
    assert.equal(items("Config").length, 8);
    assert.deepEqual(variants("SpendAction"), [
      ["AddParticipants", 0, []],
      ["Settle", 1, ["winners", "proof"]],
      ["Cancel", 2, ["subroots"]],
      ["Refund", 3, ["subroots"]],
    ]);
    assert.deepEqual(variants("MintAction"), [
      ["Create", 0, ["seed"]],
      ["Burn", 1, []],
    ]);
    assert.deepEqual(variants("BatchAction"), [["PayBatch", 0, []]]);
    assert.deepEqual(variants("RegistrationAction"), [
      ["Cancel", 0, []],
      ["Add", 1, []],
    ]);
    assert.equal(defs["TournamentDatum"], undefined, "no participant list");
  });
});

describe("the v3 plans' data conforms to the blueprint's schemas", () => {
  const b = loadBlueprint(V3_CONTRACT);
  const defs = b.definitions as Record<string, Record<string, unknown>>;
  const schema = (title: string, arg: "datum" | "redeemer") =>
    (b.validators.find((v) => v.title === title)![arg] as { schema: Record<string, unknown> }).schema;
  const decode = (hex: string) => decodeUplcData(Buffer.from(hex, "hex"));
  const config = {
    name: "x",
    adminAddress: randomAddress(),
    bracketSize: 1024,
    entryFee: 2_000_000n,
    payoutStructure: [1n],
    fixedPayouts: [{ address: randomAddress(), amount: 1n }],
    registrationHash: "00".repeat(28),
    settleBy: 1_767_225_600_000,
  };

  it("redeemers", () => {
    const [mint, spend] = [
      schema("tournament.tournament.mint", "redeemer"),
      schema("tournament.tournament.spend", "redeemer"),
    ];
    assert.ok(conforms(decode(mintCreateRedeemer("aa".repeat(32), 3)), mint, defs));
    assert.ok(conforms(decode(MINT_BURN_REDEEMER), mint, defs));
    assert.ok(conforms(decode(V3_ADD_REDEEMER), spend, defs));
    const ops: ProofOp[] = [0, new Uint8Array(32).fill(7), -1];
    assert.ok(conforms(decode(settleRedeemerV3([5, 9], ops)), spend, defs));
    for (const how of ["cancel", "refund"] as const) {
      assert.ok(conforms(decode(closeRedeemer(how, [])), spend, defs));
      assert.ok(conforms(decode(closeRedeemer(how, [new Uint8Array(32), new Uint8Array(32)])), spend, defs));
    }
    assert.ok(conforms(decode(PAY_BATCH_REDEEMER), schema("batch.batch.spend", "redeemer"), defs));
    assert.ok(
      !conforms(decode(V3_ADD_REDEEMER), schema("batch.batch.spend", "redeemer"), defs),
      "the checker can fail",
    );
  });

  it("the pool's and a batch's datums", () => {
    const pool = schema("tournament.tournament.spend", "datum");
    const seats = Array.from({ length: 3 }, () => randomAddress());
    assert.ok(conforms(decode(poolDatum(config, [], PRODUCTION_TREE)), pool, defs));
    assert.ok(conforms(decode(poolDatum(config, seats, PRODUCTION_TREE)), pool, defs));
    const batch = batchDatum("11".repeat(32), 3, new Uint8Array(32), 64, 2_000_000n, 5n);
    assert.ok(conforms(decode(batch), schema("batch.batch.spend", "datum"), defs));
    assert.ok(!conforms(decode(batch), pool, defs));
  });
});

describe("v3's scripts (deployment.ts's v3Scripts) and limits", () => {
  it("are the blueprint's tournament and batch scripts, and a registration validator per tournament from v3's template", () => {
    const s = v3Scripts();
    const b = loadBlueprint(V3_CONTRACT);
    assert.equal(s.tournament.hash, b.validators[0]!.hash);
    assert.equal(s.batch.hash, b.validators[3]!.hash);
    const [idA, idB] = [tournamentIdOf("11".repeat(32), 0), tournamentIdOf("11".repeat(32), 1)];
    const a = s.registrationOf(idA);
    assert.notEqual(a.hash, s.registrationOf(idB).hash);
    assert.notEqual(
      a.hash,
      registrationScriptOf(idA, V2_1_CONTRACT).hash,
      "v3's registration is compiled for v3's policy",
    );
    assert.equal(a, registrationScriptOf(idA, V3_CONTRACT));
    assert.ok(a.code.includes(idA) && a.code.includes(s.tournament.hash));
    const production = loadV3();
    assert.deepEqual(
      [production.shape, production.tournament, production.batch],
      [PRODUCTION_TREE, s.tournament, s.batch],
    );
    assert.equal(production.registration(idA), a);
    assert.notEqual(loadV3(SMALL_TREE).tournament.hash, s.tournament.hash, "the small tree is another script");
  });

  it("the largest bracket is the production tree's, and a batch UTxO's minimum exceeds a payout's", () => {
    assert.equal(V3_MAX_BRACKET, 2 ** PRODUCTION_TREE.depth);
    assert.ok(BATCH_MIN_LOVELACE > MIN_PAYOUT_LOVELACE);
  });
});
