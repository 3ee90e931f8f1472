// v2.1's committed CIP-57 blueprint and registration template (contracts/v2.1) were built from its
// Helios sources as they are (their recorded digest; test/slow/contracts-compile.test.ts compiles
// and compares the code), and its plutus.json's schemas are v2.1/build.ts's (v2: an eight-item
// config with settle_by, Cancel and Refund spend actions; v3's blueprint: v3/blueprint.test.ts); the service's contract module gives each tournament its registration
// validator and agrees with Mesh on hashes; the datum codecs round-trip and refuse malformed or
// non-canonical data without throwing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { blake2b } from "@helios-lang/crypto";
import { decodeUplcData, makeByteArrayData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import { pubKeyAddress, resolveScriptHash, serializeAddressObj } from "@meshsdk/core";
import {
  contractsDigest,
  fromBlueprint,
  loadBlueprint,
  REGISTRATION_TITLE,
  tournamentAddress,
  tournamentPolicyId,
  tournamentScript,
  TOURNAMENT_TITLE,
  V2_1_CONTRACT,
} from "../../src/tournament/contracts.js";
import {
  registrationAddress,
  registrationScriptOf,
  type RegistrationTemplateFile,
} from "../../src/tournament/registration-script.js";
import {
  ADD_PARTICIPANTS_REDEEMER,
  CANCEL_REDEEMER,
  decodeRegistrationDatum,
  decodeTournamentDatum,
  encodePayoutTag,
  encodeRegistrationDatum,
  encodeTournamentDatum,
  MINT_BURN_REDEEMER,
  mintCreateRedeemer,
  REFUND_REDEEMER,
  REGISTRATION_ADD_REDEEMER,
  REGISTRATION_CANCEL_REDEEMER,
  settleRedeemer,
  tournamentIdOf,
  type TournamentDatum,
} from "../../src/tournament/datum.js";
import { BLUEPRINT_PATH, buildBlueprint, REGISTRATION_TEMPLATE_PATH, serializeBlueprint } from "../v2.1/build.js";
import { conforms } from "./cip57.js";
import { addressOfKeyHash, randomAddress } from "./helpers.js";
import { rawTournamentDatum } from "./raw.js";

describe("v2.1's blueprint (CIP-57)", () => {
  const template = JSON.parse(readFileSync(REGISTRATION_TEMPLATE_PATH, "utf8")) as RegistrationTemplateFile;

  it("plutus.json and registration-template.json were compiled from the sources as they are (run npx tsx contracts/v2.1/build.ts)", () => {
    assert.equal(
      template.sourcesDigest,
      contractsDigest(V2_1_CONTRACT),
      "a v2.1 source, a limit or the compiler changed since contracts/v2.1/build.ts last ran: run npx tsx contracts/v2.1/build.ts",
    );
    assert.equal(template.registrationTemplate.tournamentPolicy, tournamentScript(V2_1_CONTRACT).hash);
  });

  it("plutus.json has v2.1/build.ts's schemas and descriptions around its compiled code", () => {
    const committed = {
      tournament: fromBlueprint(TOURNAMENT_TITLE, V2_1_CONTRACT),
      registration: fromBlueprint(REGISTRATION_TITLE, V2_1_CONTRACT),
    };
    assert.equal(serializeBlueprint(buildBlueprint(committed)), readFileSync(BLUEPRINT_PATH, "utf8"));
  });

  it("has the CIP-57 shape: preamble, validators with title, redeemer, compiledCode and hash", () => {
    const b = loadBlueprint(V2_1_CONTRACT);
    assert.equal(b.preamble.title, "cardano-tx-service/tournament");
    assert.equal(b.preamble.version, "2.1.0");
    assert.equal(b.preamble["plutusVersion"], "v2");
    assert.deepEqual(
      b.validators.map((v) => v.title),
      ["tournament.tournament.mint", "tournament.tournament.spend", "registration.registration.spend"],
    );
    for (const v of b.validators) {
      assert.ok(v["redeemer"], `${v.title} has a redeemer schema`);
      assert.match(v.compiledCode, /^(?:[0-9a-f]{2})+$/);
      assert.match(v.hash, /^[0-9a-f]{56}$/);
    }
    const reg = b.validators[2]!;
    assert.equal((reg["parameters"] as unknown[]).length, 2);
  });

  it("v2 layouts: an eight-item config ending with settle_by; spend actions AddParticipants 0, Settle 1, Cancel 2, Refund 3", () => {
    const defs = loadBlueprint(V2_1_CONTRACT).definitions as Record<
      string,
      { items?: { title: string }[]; anyOf?: { title: string; index: number }[] }
    >;
    assert.deepEqual(
      defs["Config"]!.items!.map((i) => i.title),
      [
        "name",
        "admin",
        "bracket_size",
        "entry_fee",
        "payout_structure",
        "fixed_payouts",
        "registration_hash",
        "settle_by",
      ],
    );
    assert.deepEqual(
      defs["SpendAction"]!.anyOf!.map((v) => [v.title, v.index]),
      [
        ["AddParticipants", 0],
        ["Settle", 1],
        ["Cancel", 2],
        ["Refund", 3],
      ],
    );
    assert.deepEqual(
      defs["RegistrationAction"]!.anyOf!.map((v) => [v.title, v.index]),
      [
        ["Cancel", 0],
        ["Add", 1],
      ],
    );
  });

  it("each hash is blake2b-224 of 0x02 ‖ compiledCode, and Mesh computes the same", () => {
    for (const v of loadBlueprint(V2_1_CONTRACT).validators) {
      const ours = Buffer.from(blake2b([2, ...Buffer.from(v.compiledCode, "hex")], 28)).toString("hex");
      assert.equal(ours, v.hash, v.title);
      const hex = v.compiledCode;
      assert.equal(resolveScriptHash(`59${(hex.length / 2).toString(16).padStart(4, "0")}${hex}`, "V2"), v.hash);
    }
  });
});

describe("codecs conform to v2.1's blueprint's schemas", () => {
  const b = loadBlueprint(V2_1_CONTRACT);
  const defs = b.definitions as Record<string, Record<string, unknown>>;
  const schema = (title: string, arg: "datum" | "redeemer") =>
    (b.validators.find((v) => v.title === title)![arg] as { schema: Record<string, unknown> }).schema;
  const decode = (hex: string) => decodeUplcData(Buffer.from(hex, "hex"));
  const datum: TournamentDatum = {
    config: {
      name: "x",
      adminAddress: randomAddress(),
      bracketSize: 2,
      entryFee: 1n,
      payoutStructure: [1n],
      fixedPayouts: [{ address: randomAddress(), amount: 1n }],
      registrationHash: "00".repeat(28),
      settleBy: 1_767_225_600_000,
    },
    participants: [randomAddress()],
  };

  it("redeemers", () => {
    assert.ok(
      conforms(decode(mintCreateRedeemer("aa".repeat(32), 3)), schema("tournament.tournament.mint", "redeemer"), defs),
    );
    assert.ok(conforms(decode(MINT_BURN_REDEEMER), schema("tournament.tournament.mint", "redeemer"), defs));
    assert.ok(conforms(decode(ADD_PARTICIPANTS_REDEEMER), schema("tournament.tournament.spend", "redeemer"), defs));
    assert.ok(conforms(decode(settleRedeemer([2, 0])), schema("tournament.tournament.spend", "redeemer"), defs));
    assert.ok(conforms(decode(CANCEL_REDEEMER), schema("tournament.tournament.spend", "redeemer"), defs));
    assert.ok(conforms(decode(REFUND_REDEEMER), schema("tournament.tournament.spend", "redeemer"), defs));
    assert.equal(CANCEL_REDEEMER, "d87a9fd87b80ff", "Constr 1 [Constr 2 []]");
    assert.equal(REFUND_REDEEMER, "d87a9fd87c80ff", "Constr 1 [Constr 3 []]");
    assert.ok(
      conforms(decode(REGISTRATION_CANCEL_REDEEMER), schema("registration.registration.spend", "redeemer"), defs),
    );
    assert.ok(conforms(decode(REGISTRATION_ADD_REDEEMER), schema("registration.registration.spend", "redeemer"), defs));
    assert.ok(
      !conforms(decode(MINT_BURN_REDEEMER), schema("tournament.tournament.spend", "redeemer"), defs),
      "the checker can fail",
    );
  });

  it("datums and the prize tag", () => {
    assert.ok(conforms(decode(encodeTournamentDatum(datum)), schema("tournament.tournament.spend", "datum"), defs));
    assert.ok(
      conforms(
        decode(encodeRegistrationDatum(randomAddress())),
        schema("registration.registration.spend", "datum"),
        defs,
      ),
    );
    assert.ok(conforms(decode(encodePayoutTag("11".repeat(32), 4)), defs["PayoutTag"]!, defs));
    assert.ok(
      !conforms(decode(encodeRegistrationDatum(randomAddress())), schema("tournament.tournament.spend", "datum"), defs),
    );
  });
});

describe("contracts module", () => {
  it("the tournament script is the default contract's (v2.1's) blueprint's, its policy id is its hash", () => {
    const t = tournamentScript();
    assert.equal(t, tournamentScript(V2_1_CONTRACT));
    assert.equal(t.hash, loadBlueprint(V2_1_CONTRACT).validators[0]!.hash);
    assert.equal(t.hash, "9da777af04ce0350660e3e9ec949702151ec416c425e151d2675b91d", "v2.1's hash never changes");
    assert.equal(tournamentPolicyId(), t.hash);
    assert.match(tournamentAddress("preprod"), /^addr_test1w/);
    assert.match(tournamentAddress("mainnet"), /^addr1w/);
  });

  it("gives each tournament its registration validator: one script per tournament, different from the placeholder", () => {
    const idA = tournamentIdOf("11".repeat(32), 0);
    const idB = tournamentIdOf("11".repeat(32), 1);
    const a = registrationScriptOf(idA);
    const b = registrationScriptOf(idB);
    const placeholder = loadBlueprint(V2_1_CONTRACT).validators[2]!.hash;
    assert.notEqual(a.hash, placeholder);
    assert.notEqual(a.hash, b.hash);
    assert.ok(a.code.includes(idA), "the tournament ID is in the code");
    assert.ok(a.code.includes(tournamentPolicyId()), "the tournament policy is in the code");
    assert.equal(resolveScriptHash(a.code, "V2"), a.hash);
    assert.equal(registrationScriptOf(idA), a, "cached");
    assert.notEqual(registrationAddress(idA, "devnet"), registrationAddress(idB, "devnet"));
    assert.throws(() => registrationScriptOf("xyz"), /lowercase hex/);
  });

  it("tournament IDs: blake2b-256 of the tx hash followed by the CBOR of the index", () => {
    const tx = "ab".repeat(32);
    const expect = (index: number[]) => Buffer.from(blake2b([...Buffer.from(tx, "hex"), ...index], 32)).toString("hex");
    assert.equal(tournamentIdOf(tx, 0), expect([0x00]));
    assert.equal(tournamentIdOf(tx, 23), expect([0x17]));
    assert.equal(tournamentIdOf(tx, 24), expect([0x18, 0x18]));
    assert.equal(tournamentIdOf(tx, 300), expect([0x19, 0x01, 0x2c]));
    assert.notEqual(tournamentIdOf(tx, 1), tournamentIdOf(tx, 0));
  });
});

/** The config items of a tournament datum (CBOR hex). */
function configOf(hex: string): UplcData[] {
  const top = decodeUplcData(Buffer.from(hex, "hex"));
  const config = top.kind === "list" ? top.items[0] : undefined;
  if (config?.kind !== "list") throw new Error("not a tournament datum");
  return [...config.items];
}

describe("datum codecs", () => {
  const datum: TournamentDatum = {
    config: {
      name: "Coupe d'été ⚽",
      adminAddress: randomAddress(),
      bracketSize: 64,
      entryFee: 10_000_000n,
      payoutStructure: [300_000_000n, 150_000_000n, 50_000_000n],
      fixedPayouts: [{ address: randomAddress(), amount: 2_000_000n }],
      registrationHash: "ab".repeat(28),
      settleBy: Date.UTC(2026, 6, 14, 12),
    },
    participants: [randomAddress(), randomAddress()],
  };

  it("round-trips the tournament datum, settle_by included", () => {
    assert.deepEqual(decodeTournamentDatum(encodeTournamentDatum(datum), false), datum);
    const settleBy = configOf(encodeTournamentDatum(datum))[7]!;
    assert.ok(
      settleBy.kind === "int" && settleBy.value === BigInt(datum.config.settleBy),
      "the eighth config item is settle_by",
    );
  });

  it("round-trips the registration datum (an address as Plutus data)", () => {
    const a = randomAddress();
    assert.equal(decodeRegistrationDatum(encodeRegistrationDatum(a), false), a);
    const base = serializeAddressObj(pubKeyAddress("11".repeat(28), "22".repeat(28)), 0);
    assert.equal(decodeRegistrationDatum(encodeRegistrationDatum(base), false), base);
  });

  it("refuses a registration datum that is not exactly the canonical encoding of an address", () => {
    const pkh = "ab".repeat(28);
    const canonical = encodeRegistrationDatum(addressOfKeyHash(pkh));
    assert.equal(canonical, `d8799fd8799f581c${pkh}ffd87a80ff`);
    assert.equal(decodeRegistrationDatum(canonical, false), addressOfKeyHash(pkh));
    const same = [
      // The same address with definite-length field lists.
      `d87982d87981581c${pkh}d87a80`,
      // Constructor 0 as the general tag 102 [0, fields].
      `d866820082d8799f581c${pkh}ffd87a80`,
      // Trailing bytes after the datum.
      `${canonical}00`,
    ];
    for (const hex of same) assert.equal(decodeRegistrationDatum(hex, false), null, hex);
    const wrong = [
      // An extra field.
      `d8799fd8799f581c${pkh}ffd87a8000ff`,
      // Constructor 1 instead of 0.
      `d87a9fd8799f581c${pkh}ffd87a80ff`,
      // A 27-byte key hash.
      `d8799fd8799f581b${pkh.slice(2)}ffd87a80ff`,
      // A script payment credential is an address, but the codec returns it: the validator refuses it.
    ];
    for (const hex of wrong) assert.equal(decodeRegistrationDatum(hex, false), null, hex);
  });

  it("refuses a v1 datum (seven config items, no settle_by)", () => {
    const v1 = makeListData([makeListData(configOf(encodeTournamentDatum(datum)).slice(0, 7)), makeListData([])]);
    assert.equal(decodeTournamentDatum(Buffer.from(v1.toCbor()).toString("hex"), false), null);
  });

  it("returns null for malformed data instead of throwing", () => {
    const hex = (d: { toCbor(): number[] }) => Buffer.from(d.toCbor()).toString("hex");
    const bad = [
      "",
      "zz",
      "ff",
      "d87980",
      hex(makeIntData(5n)),
      hex(makeListData([makeIntData(1n)])),
      hex(makeListData([makeListData([]), makeListData([])])),
      // A config with a non-address admin.
      rawTournamentDatum(datum.config, [], { 1: makeIntData(1n) }),
      // Participants that are not addresses.
      rawTournamentDatum(datum.config, [makeIntData(1n)]),
      // A name that is not UTF-8.
      rawTournamentDatum(datum.config, [], { 0: makeByteArrayData("ff") }),
      // A deadline that is not an integer, or negative.
      rawTournamentDatum(datum.config, [], { 7: makeByteArrayData("00") }),
      rawTournamentDatum(datum.config, [], { 7: makeIntData(-1n) }),
      // A ninth config item, a third datum item.
      rawTournamentDatum(datum.config, [], {}, [makeIntData(0n)]),
      rawTournamentDatum(datum.config, [], {}, [], [makeIntData(0n)]),
    ];
    for (const b of bad) assert.equal(decodeTournamentDatum(b, false), null, b);
    assert.notEqual(decodeTournamentDatum(rawTournamentDatum(datum.config, []), false), null, "the checker can fail");
    for (const b of ["", "zz", "d87980", hex(makeIntData(5n))])
      assert.equal(decodeRegistrationDatum(b, false), null, b);
  });

  it("refuses to encode a registration hash that is not 28 bytes", () => {
    assert.throws(() => encodeTournamentDatum({ ...datum, config: { ...datum.config, registrationHash: "ab" } }));
  });
});
