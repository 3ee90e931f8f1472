// GET /validators/{hash}/address and POST /validators/{hash}/serialize and /parse through real HTTP:
// addresses of any hash on this network (enterprise, or with a stake key or script), and the
// hosted examples' datum (parse_datum.ts, serialize_datum.ts) and redeemer round trips by the
// caller's stored blueprint, with 404s naming the hash and 400s naming the path in the data.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { Named } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/blueprints/${name}`, import.meta.url), "utf8"));
const HELLO_HASH = "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570";
/** The hash the examples' parse_datum.ts and serialize_datum.ts use: the with-params blueprint's validator. */
const SCRIPT_HASH = "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173";
/** parse_datum.ts's datum: Datum { owner } with the customer's key hash. */
const DATUM_HEX = "d8799f581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4ff";
const OWNER = "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4";
const STAKE = "4a51c31dd95b5a2ab64a19b9e04896d32e0d88f2d1fe0e1bd9cf7efa";
const LIMITS = { perDay: 100_000, perSecond: 1000, burst: 1000 };

describe("validators over HTTP", () => {
  let service: RunningService;
  let key: string;
  let other: string;
  before(async () => {
    service = await startService({}, { chain: null });
    key = (await service.app.keyStore.create({ name: "owner", env: "testnet", limits: LIMITS })).key;
    other = (await service.app.keyStore.create({ name: "other", env: "testnet", limits: LIMITS })).key;
    const stored = await service.request<"upsertBlueprint">(
      "POST",
      "/blueprints",
      { blueprint: fixture("hello-world-with-params.plutus.json") },
      { "x-api-key": key },
    );
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
  });
  after(() => service.close());

  const post = <K extends Named = never>(
    hash: string,
    action: "serialize" | "parse",
    body: unknown,
    apiKey: string | null = key,
  ) =>
    service.request<K>("POST", `/validators/${hash}/${action}`, body, apiKey === null ? {} : { "x-api-key": apiKey });
  const address = (hash: string, query = "") =>
    service.request<"getValidatorAddress">("GET", `/validators/${hash}/address${query}`);

  describe("GET /validators/{hash}/address", () => {
    it("answers the enterprise script address of any hash, bech32 and hex, as get_script_address.ts prints them", async () => {
      const response = await address(HELLO_HASH.toUpperCase());
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, {
        bech32: "addr_test1wpstyq5yshslvx2gw6tnulc6g7quuctdsvx6g946klyc2uq746297",
        hex: `70${HELLO_HASH}`,
      });
      // No blueprint holds this one: the address is a function of the hash.
      const unknown = await address("ab".repeat(28));
      assert.equal(unknown.status, 200);
      assert.equal(unknown.body.hex, `70${"ab".repeat(28)}`);
      assert.match(unknown.body.bech32, /^addr_test1w/);
    });

    it("answers the base address with a stake key or a stake script", async () => {
      const withKey = await address(HELLO_HASH, `?stakeKeyHash=${STAKE}`);
      assert.equal(withKey.status, 200);
      assert.equal(withKey.body.hex, `10${HELLO_HASH}${STAKE}`);
      assert.match(withKey.body.bech32, /^addr_test1z/);
      const withScript = await address(HELLO_HASH, `?stakeScriptHash=${STAKE}`);
      assert.equal(withScript.body.hex, `30${HELLO_HASH}${STAKE}`);
      // Read back by the service's own address reader.
      const info = await service.request<"getAddressInfo">("POST", "/addresses/info", { address: withKey.body.bech32 });
      assert.deepEqual(
        [info.body.type, info.body.payment, info.body.stake],
        ["base", { hash: HELLO_HASH, isScript: true }, { hash: STAKE, isScript: false }],
      );
    });

    it("refuses a malformed hash, a malformed or doubled stake part, and unknown parameters, naming them", async () => {
      for (const [hash, query, field] of [
        ["1234", "", "params.hash"],
        [HELLO_HASH, "?stakeKeyHash=xyz", "query.stakeKeyHash"],
        [HELLO_HASH, `?stakeKeyHash=${STAKE}&stakeScriptHash=${STAKE}`, "query.stakeKeyHash"],
        [HELLO_HASH, "?network=mainnet", "query"],
      ] as const) {
        const response = await address(hash, query);
        assert.equal(response.status, 400, `${hash}${query}`);
        assert.ok(response.body.message.startsWith(field), response.body.message);
      }
    });
  });

  describe("POST /validators/{hash}/serialize and /parse", () => {
    it("parses parse_datum.ts's datum into its JSON, and serializes serialize_datum.ts's JSON back to Plutus data", async () => {
      const parsed = await post<"parseValidatorData">(SCRIPT_HASH, "parse", {
        type: "datum",
        purpose: "spend",
        data: { hex: DATUM_HEX },
      });
      assert.equal(parsed.status, 200, JSON.stringify(parsed.body));
      assert.match(parsed.headers.get("content-type") ?? "", /^application\/json/);
      assert.deepEqual(parsed.body, { owner: OWNER });

      const serialized = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", {
        type: "datum",
        purpose: "spend",
        data: { owner: OWNER },
      });
      assert.equal(serialized.status, 200, JSON.stringify(serialized.body));
      assert.deepEqual(
        serialized.body,
        { hex: DATUM_HEX },
        "the bytes Aiken's off-chain tools write (indefinite-length fields)",
      );
      const back = await post<"parseValidatorData">(SCRIPT_HASH, "parse", {
        type: "datum",
        purpose: "spend",
        data: { hex: serialized.body.hex },
      });
      assert.deepEqual(back.body, { owner: OWNER });
    });

    it("round-trips a redeemer, takes the hex itself as data, and leaves purpose out when only one purpose has the schema", async () => {
      const msg = Buffer.from("Hello, World!", "utf8").toString("hex");
      const serialized = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", {
        type: "redeemer",
        purpose: "spend",
        data: { msg },
      });
      assert.equal(serialized.status, 200, JSON.stringify(serialized.body));
      const parsed = await post<"parseValidatorData">(SCRIPT_HASH, "parse", {
        type: "redeemer",
        purpose: "spend",
        data: serialized.body.hex,
      });
      assert.deepEqual(parsed.body, { msg });
      // Only `spend` has a datum: purpose may be left out.
      const noPurpose = await post<"parseValidatorData">(SCRIPT_HASH, "parse", {
        type: "datum",
        data: { hex: DATUM_HEX },
      });
      assert.deepEqual(noPurpose.body, { owner: OWNER });
    });

    it("answers 404 naming the hash when the caller stores no blueprint holding it (another key's counts as none)", async () => {
      for (const [hash, apiKey] of [
        [HELLO_HASH, key],
        [SCRIPT_HASH, other],
        [SCRIPT_HASH, null],
      ] as const) {
        const response = await post<"error">(
          hash,
          "serialize",
          { type: "datum", purpose: "spend", data: { owner: OWNER } },
          apiKey,
        );
        assert.equal(response.status, 404);
        assert.equal(response.body.code, "SVC_ERR_NOT_FOUND");
        assert.ok(response.body.message.includes(hash), response.body.message);
      }
    });

    it("answers 400 naming the path in the data that does not match the schema", async () => {
      const cases: [unknown, RegExp][] = [
        [{ owner: "zz" }, /body\.data\.owner/],
        [{}, /body\.data\.owner/],
        [{ owner: 42 }, /body\.data\.owner/],
        ["not an object", /body\.data/],
      ];
      for (const [data, message] of cases) {
        const response = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", {
          type: "datum",
          purpose: "spend",
          data,
        });
        assert.equal(response.status, 400, JSON.stringify(data));
        assert.match(response.body.message, message);
      }
      const notCbor = await post<"parseValidatorData">(SCRIPT_HASH, "parse", {
        type: "datum",
        purpose: "spend",
        data: { hex: "ff00" },
      });
      assert.equal(notCbor.status, 400);
      assert.match(notCbor.body.message, /body\.data\.hex/);
      const otherShape = await post<"parseValidatorData">(SCRIPT_HASH, "parse", {
        type: "datum",
        purpose: "spend",
        data: { hex: "01" },
      });
      assert.equal(otherShape.status, 400);
      assert.match(otherShape.body.message, /body\.data\.hex/);
    });

    it("refuses a purpose or type the validator has no schema for, and an ambiguous one, naming the field", async () => {
      const mint = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", {
        type: "datum",
        purpose: "mint",
        data: { owner: OWNER },
      });
      assert.equal(mint.status, 400);
      assert.match(
        mint.body.message,
        /^body\.purpose: the validator [0-9a-f]{56} takes no datum for the purpose mint; it takes one for spend/,
      );
      // The spend handler and the else handler both take a redeemer, each of its own schema.
      const ambiguous = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", {
        type: "redeemer",
        data: { msg: "00" },
      });
      assert.equal(ambiguous.status, 400);
      assert.match(ambiguous.body.message, /^body\.purpose is required/);
      const badType = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", { type: "witness", data: {} });
      assert.equal(badType.status, 400);
      assert.match(badType.body.message, /^body\.type/);
      const missing = await post<"serializeValidatorData">(SCRIPT_HASH, "serialize", {
        type: "datum",
        purpose: "spend",
      });
      assert.equal(missing.status, 400);
      assert.match(missing.body.message, /body\.data is required/);
    });
  });
});
