// POST /utils/addresses/parse and POST /addresses/info through real HTTP, on CIP-19's test
// vectors (every Shelley type, mainnet and testnet, key and script credentials), Byron addresses
// of several networks, and malformed input. Expected values come from CIP-19's keys and from a
// second library (Emurgo's cardano-serialization-lib), never from the code under test.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { base58, bech32 } from "@scure/base";
import { startService, type RunningService } from "../support/service.js";

// ── CIP-19 test vectors (CIP-0019/README.md, "Test Vectors") ─────────────────────────────
const PAYMENT_VK = "addr_vk1w0l2sr2zgfm26ztc6nl9xy8ghsk5sh6ldwemlpmp9xylzy4dtf7st80zhd";
const STAKE_VK = "stake_vk1px4j0r2fk7ux5p23shz8f3y5y2qam7s954rgf3lg5merqcj6aetsft99wu";
const SCRIPT = "script1cda3khwqv60360rp5m7akt50m6ttapacs8rqhn5w342z7r35m37";
const POINTER = { slot: 2498243, txIndex: 27, certIndex: 3 };

const VECTORS: Record<"mainnet" | "testnet", Record<number, string>> = {
  mainnet: {
    0: "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
    1: "addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh",
    2: "addr1yx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs2z78ve",
    3: "addr1x8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shskhj42g",
    4: "addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k",
    5: "addr128phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtupnz75xxcrtw79hu",
    6: "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8",
    7: "addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx",
    14: "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw",
    15: "stake178phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcccycj5",
  },
  testnet: {
    0: "addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae",
    1: "addr_test1zrphkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgsxj90mg",
    2: "addr_test1yz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shsf5r8qx",
    3: "addr_test1xrphkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs4p04xh",
    4: "addr_test1gz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrdw5vky",
    5: "addr_test12rphkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtupnz75xxcryqrvmw",
    6: "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
    7: "addr_test1wrphkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcl6szpr",
    14: "stake_test1uqehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gssrtvn",
    15: "stake_test17rphkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcljw6kf",
  },
};

/** The key hash of a bech32 verification key, hashed by CSL. */
const keyHash = (vk: string): string =>
  CSL.PublicKey.from_bytes(bech32.fromWords(bech32.decode(vk as `${string}1${string}`, false).words))
    .hash()
    .to_hex();
const PAYMENT_KEY_HASH = keyHash(PAYMENT_VK);
const STAKE_KEY_HASH = keyHash(STAKE_VK);
const SCRIPT_HASH = CSL.ScriptHash.from_bech32(SCRIPT).to_hex();

const key = (hash: string) => ({ hash, isScript: false });
const script = (hash: string) => ({ hash, isScript: true });

/** What CIP-19 says each header type holds, in terms of the vectors' key, script and pointer. */
const BY_TYPE: Record<number, { type: string; payment?: { hash: string; isScript: boolean }; stake?: object }> = {
  0: { type: "base", payment: key(PAYMENT_KEY_HASH), stake: key(STAKE_KEY_HASH) },
  1: { type: "base", payment: script(SCRIPT_HASH), stake: key(STAKE_KEY_HASH) },
  2: { type: "base", payment: key(PAYMENT_KEY_HASH), stake: script(SCRIPT_HASH) },
  3: { type: "base", payment: script(SCRIPT_HASH), stake: script(SCRIPT_HASH) },
  4: { type: "pointer", payment: key(PAYMENT_KEY_HASH), stake: { pointer: POINTER } },
  5: { type: "pointer", payment: script(SCRIPT_HASH), stake: { pointer: POINTER } },
  6: { type: "enterprise", payment: key(PAYMENT_KEY_HASH) },
  7: { type: "enterprise", payment: script(SCRIPT_HASH) },
  14: { type: "reward", stake: key(STAKE_KEY_HASH) },
  15: { type: "reward", stake: script(SCRIPT_HASH) },
};

const credOf = (cred: CSL.Credential) => ({
  hash: (cred.to_keyhash()?.to_hex() ?? cred.to_scripthash()?.to_hex())!,
  isScript: cred.has_script_hash(),
});

/** The same facts read by CSL, to check that the two libraries (and CIP-19) agree. */
function cslView(bech: string) {
  const address = CSL.Address.from_bech32(bech);
  const base = CSL.BaseAddress.from_address(address);
  const pointer = CSL.PointerAddress.from_address(address);
  const enterprise = CSL.EnterpriseAddress.from_address(address);
  const reward = CSL.RewardAddress.from_address(address);
  const view: Record<string, unknown> = { networkId: address.network_id(), hex: address.to_hex() };
  if (base)
    Object.assign(view, { type: "base", payment: credOf(base.payment_cred()), stake: credOf(base.stake_cred()) });
  if (pointer) {
    const p = pointer.stake_pointer();
    Object.assign(view, {
      type: "pointer",
      payment: credOf(pointer.payment_cred()),
      stake: { pointer: { slot: p.slot(), txIndex: p.tx_index(), certIndex: p.cert_index() } },
    });
  }
  if (enterprise) Object.assign(view, { type: "enterprise", payment: credOf(enterprise.payment_cred()) });
  if (reward) Object.assign(view, { type: "reward", stake: credOf(reward.payment_cred()) });
  return view;
}

const hexOf = (bech: string) => CSL.Address.from_bech32(bech).to_hex();

describe("address utilities", () => {
  let preview: RunningService;
  let mainnet: RunningService;
  before(async () => {
    preview = await startService({ NETWORK: "preview", AUTH: "optional" });
    mainnet = await startService({ NETWORK: "mainnet", AUTH: "optional" });
  });
  after(async () => {
    await preview?.close();
    await mainnet?.close();
  });

  it("derives distinct expected hashes from the CIP-19 keys and script", () => {
    assert.match(PAYMENT_KEY_HASH, /^[0-9a-f]{56}$/);
    assert.equal(new Set([PAYMENT_KEY_HASH, STAKE_KEY_HASH, SCRIPT_HASH]).size, 3);
  });

  for (const network of ["mainnet", "testnet"] as const) {
    for (const [headerType, address] of Object.entries(VECTORS[network])) {
      const expected = BY_TYPE[Number(headerType)]!;
      const networkId = network === "mainnet" ? 1 : 0;

      it(`POST /addresses/info reads the ${network} type-${headerType} (${expected.type}) vector, in bech32 and in hex`, async () => {
        const want = {
          type: expected.type,
          networkId,
          bech32: address,
          hex: hexOf(address),
          ...(expected.payment ? { payment: expected.payment } : {}),
          ...(expected.stake ? { stake: expected.stake } : {}),
        };
        assert.deepEqual({ ...cslView(address), bech32: address }, want, "CSL agrees with CIP-19");
        // A mainnet instance reads testnet addresses and vice versa.
        for (const service of [preview, mainnet]) {
          const fromBech32 = await service.request<"getAddressInfo">("POST", "/addresses/info", { address });
          assert.equal(fromBech32.status, 200, JSON.stringify(fromBech32.body));
          assert.deepEqual(fromBech32.body, want);
        }
        const fromHex = await preview.request<"getAddressInfo">("POST", "/addresses/info", { address: want.hex });
        assert.equal(fromHex.status, 200, JSON.stringify(fromHex.body));
        assert.deepEqual(fromHex.body, want);
        const fromUpperHex = await preview.request<"getAddressInfo">("POST", "/addresses/info", {
          address: want.hex.toUpperCase(),
        });
        assert.deepEqual(fromUpperHex.body, want);
      });

      it(`POST /utils/addresses/parse answers the credential hashes of the ${network} type-${headerType} vector`, async () => {
        const want: Record<string, string> = {};
        if (expected.payment) want["payment"] = expected.payment.hash;
        if (expected.stake && "hash" in expected.stake) want["stake"] = (expected.stake as { hash: string }).hash;
        for (const input of [address, hexOf(address)]) {
          const response = await preview.request<"parseAddress">("POST", "/utils/addresses/parse", { address: input });
          assert.equal(response.status, 200, JSON.stringify(response.body));
          assert.deepEqual(response.body, want);
        }
      });
    }
  }

  it("reads an all-upper-case bech32 address and answers the lower-case form", async () => {
    const address = VECTORS.mainnet[6]!;
    const response = await preview.request<"getAddressInfo">("POST", "/addresses/info", {
      address: address.toUpperCase(),
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.bech32, address);
    assert.deepEqual(response.body.payment, key(PAYMENT_KEY_HASH));
  });

  it("parse: a base address gives both hashes, a reward address stake alone, pointer and enterprise payment alone", async () => {
    const base = await mainnet.request<"parseAddress">("POST", "/utils/addresses/parse", {
      address: VECTORS.mainnet[3],
    });
    assert.deepEqual(base.body, { payment: SCRIPT_HASH, stake: SCRIPT_HASH });
    const reward = await mainnet.request<"parseAddress">("POST", "/utils/addresses/parse", {
      address: VECTORS.testnet[14],
    });
    assert.deepEqual(Object.keys(reward.body), ["stake"]);
    assert.equal(reward.body.stake, STAKE_KEY_HASH);
    for (const t of [4, 5, 6, 7]) {
      const r = await mainnet.request<"parseAddress">("POST", "/utils/addresses/parse", {
        address: VECTORS.mainnet[t],
      });
      assert.deepEqual(Object.keys(r.body), ["payment"], `type ${t}`);
    }
  });

  describe("Byron addresses", () => {
    // Mainnet Icarus (Ae2…) and Daedalus (DdzFF…) addresses, and the CIP-19 example (legacy testnet magic).
    const KNOWN = [
      "Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe",
      "Ae2tdPwUPEZ4YjgvykNpoFeYUxoyhNj2kg8KfKWN2FizsSpLUPv68MpTVDo",
      "DdzFFzCqrht7PQiAhzrn6rNNoADJieTWBt8KeK9BZdUsGyX9ooYD9NpMCTGjQoUKcHN47g8JMXhvKogsGpQHtiQ65fZwiypjrC6d3a4Q",
      "37btjrVyb4KEB2STADSsj3MYSAdj52X5FrFWpw2r7Wmj2GDzXjFRsHWuZqrw7zSkwopv8Ci3VWeg6bisU9dgJxW5hb2MZYeduNKbQJrqz3zVBsu9nT",
    ];
    // Icarus addresses that CSL derives from a fresh key for preprod (magic 1), preview (2) and mainnet.
    const publicKey = CSL.Bip32PrivateKey.generate_ed25519_bip32().to_public();
    const GENERATED = [1, 2, 764824073].map((magic) => CSL.ByronAddress.icarus_from_key(publicKey, magic).to_base58());

    for (const address of [...KNOWN, ...GENERATED]) {
      it(`info reads ${address.slice(0, 12)}…: network from its protocol magic, base58 in the bech32 field`, async () => {
        const csl = CSL.ByronAddress.from_base58(address);
        const magic = csl.byron_protocol_magic();
        const want = {
          type: "byron",
          networkId: magic === 764824073 ? 1 : 0,
          bech32: address,
          hex: Buffer.from(csl.to_bytes()).toString("hex"),
          protocolMagic: magic,
        };
        const response = await preview.request<"getAddressInfo">("POST", "/addresses/info", { address });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body, want);
        const fromHex = await mainnet.request<"getAddressInfo">("POST", "/addresses/info", { address: want.hex });
        assert.deepEqual(fromHex.body, want, "the hex form reads the same and answers the base58 form");
      });
    }

    it("the generated addresses carry the magic they were made for", async () => {
      const magics = [];
      for (const address of GENERATED)
        magics.push(
          (await preview.request<"getAddressInfo">("POST", "/addresses/info", { address })).body.protocolMagic,
        );
      assert.deepEqual(magics, [1, 2, 764824073]);
    });

    it("parse refuses a Byron address with 400 pointing to /addresses/info", async () => {
      for (const address of [KNOWN[0]!, GENERATED[0]!]) {
        const response = await preview.request<"parseAddress">("POST", "/utils/addresses/parse", { address });
        assert.equal(response.status, 400);
        assert.match(response.body.message, /^body\.address is a Byron address/);
        assert.match(response.body.message, /POST \/v2\/services\/addresses\/info/);
      }
    });
  });

  describe("malformed addresses are 400 naming body.address and the fault", () => {
    const base = VECTORS.mainnet[0]!;
    const baseHex = hexOf(base);
    const pointerHex = hexOf(VECTORS.mainnet[4]!);
    const reencode = (prefix: string, hex: string) =>
      bech32.encode(prefix, bech32.toWords(Buffer.from(hex, "hex")), false);
    const flipLast = (s: string) => s.slice(0, -1) + (s.endsWith("q") ? "p" : "q");
    const byronHex = Buffer.from(base58.decode("Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe")).toString(
      "hex",
    );

    const CASES: Array<[string, string, RegExp]> = [
      ["a bad bech32 checksum", flipLast(base), /invalid bech32 checksum/],
      ["a missing character", base.slice(0, 40) + base.slice(41), /invalid bech32 checksum/],
      [
        "mixed case bech32",
        base.slice(0, 10) + base.slice(10).toUpperCase().slice(0, 5) + base.slice(15),
        /not valid bech32/,
      ],
      [
        "a testnet prefix on mainnet bytes",
        reencode("addr_test", baseHex),
        /prefix "addr_test" but holds a mainnet base address, whose prefix is "addr"/,
      ],
      [
        "a stake prefix on a payment address",
        reencode("stake", baseHex),
        /prefix "stake" but holds a mainnet base address/,
      ],
      ["an unknown prefix", reencode("pool", baseHex), /prefix "pool", which is not an address prefix/],
      ["an odd number of hex digits", baseHex.slice(0, -1), /odd number of digits/],
      ["text that is no address", "not!an!address", /is not a Cardano address/],
      ["surrounding whitespace", ` ${base}\n`, /contains whitespace/],
      ["a truncated base address", baseHex.slice(0, -2), /truncated: a base address has 57 bytes, this one has 56/],
      ["a base address with an extra byte", baseHex + "00", /too long: a base address has 57 bytes, this one has 58/],
      [
        "a truncated enterprise address (bech32)",
        reencode("addr", "61" + PAYMENT_KEY_HASH.slice(0, 50)),
        /truncated: an enterprise address has 29 bytes, this one has 26/,
      ],
      [
        "a pointer cut inside a variable-length integer",
        pointerHex.slice(0, -2) + "83",
        /truncated: its pointer ends inside the certificate index/,
      ],
      [
        "a pointer missing its indexes",
        "41" + PAYMENT_KEY_HASH + "81",
        /truncated: a pointer address has at least 32 bytes/,
      ],
      ["bytes after a pointer", pointerHex + "00", /1 unexpected byte\(s\) after its pointer/],
      ["an unknown header type", "91" + PAYMENT_KEY_HASH, /unknown header type 9 \(first byte 0x91\)/],
      ["header type 12", "c1" + PAYMENT_KEY_HASH, /unknown header type 12/],
      ["an unknown network id", "62" + PAYMENT_KEY_HASH, /network id 2/],
      [
        "a Byron address with a wrong CRC",
        byronHex.slice(0, -2) + (byronHex.endsWith("00") ? "01" : "00"),
        /is not a valid Byron address/,
      ],
      [
        "base58 that is no Byron address",
        base58.encode(Buffer.from("61" + PAYMENT_KEY_HASH, "hex")),
        /is base58 but not a Byron address/,
      ],
      [
        "base58 whose CBOR is no Byron address",
        base58.encode(Uint8Array.from([0x82, 0x01, 0x02])),
        /looks like base58 but is not a Byron address/,
      ],
      ["a Byron address in bech32", reencode("addr", byronHex), /Byron addresses are written in base58/],
    ];

    for (const [what, address, reason] of CASES) {
      it(`${what}`, async () => {
        for (const path of ["/addresses/info", "/utils/addresses/parse"]) {
          const response = await preview.request<"error">("POST", path, { address });
          assert.equal(response.status, 400, `${path}: ${JSON.stringify(response.body)}`);
          assert.equal(response.body.error, "Bad Request");
          assert.match(response.body.message, /^body\.address /);
          assert.match(response.body.message, reason);
        }
      });
    }

    it("CSL also refuses the malformed hex inputs (the cases are really malformed)", () => {
      for (const hex of [baseHex.slice(0, -2), "91" + PAYMENT_KEY_HASH]) {
        let malformed: boolean;
        try {
          malformed = CSL.Address.from_hex(hex).is_malformed();
        } catch {
          malformed = true;
        }
        assert.ok(malformed, hex);
      }
    });

    it("a missing, empty or non-string address is refused by the schema, naming the field", async () => {
      const missing = await preview.request<"getAddressInfo">("POST", "/addresses/info", {});
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, "body.address is required.");
      const empty = await preview.request<"parseAddress">("POST", "/utils/addresses/parse", { address: "" });
      assert.equal(empty.status, 400);
      assert.match(empty.body.message, /^body\.address must NOT have fewer than 1 characters/);
      const number = await preview.request<"getAddressInfo">("POST", "/addresses/info", { address: 42 });
      assert.equal(number.status, 400);
      assert.equal(number.body.message, "body.address must be string.");
    });
  });
});
