// The UTxO decoder (src/cardano/utxo.ts) gives what cardano-sdk's gives, for every output form a
// wallet or a backend can send: Shelley-Mary arrays with and without a datum hash, Babbage maps
// with inline datums and reference scripts, indefinite-length items, multi-asset values, Byron,
// pointer and script addresses; and refuses what is not a UTxO.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { deserializeTxUnspentOutput, fromTxUnspentOutput } from "@meshsdk/core-cst";
import { base58 } from "@scure/base";
import { CborReader, CborWriter } from "../../src/cardano/cbor.js";
import { decodeUtxo, readUtxo, utxoOfOutput } from "../../src/cardano/utxo.js";

const ID = "5b".repeat(32);
const POLICY = "ab".repeat(28);
const bytes = (hex: string) => Buffer.from(hex, "hex");

/** Address bytes (hex) of each kind an output can hold. */
const addressOfBytes: Record<string, string> = {
  "testnet base": `00${"11".repeat(28)}${"22".repeat(28)}`,
  "mainnet base": `01${"11".repeat(28)}${"22".repeat(28)}`,
  "script base": `30${"33".repeat(28)}${"22".repeat(28)}`,
  pointer: `40${"11".repeat(28)}81000203`,
  enterprise: `60${"11".repeat(28)}`,
  "script enterprise": `70${"33".repeat(28)}`,
  byron: Buffer.from(
    base58.decode(
      "DdzFFzCqrht8mbSTZHqpM2u4HeND2mdspsaBhdQ1BowPJBMzbDeBMeKgqdoKqo1D4sdPusEdZJVrFJRBBxX1jUEofNDYCJSZLg8MkyCE",
    ),
  ).toString("hex"),
};

/** What cardano-sdk (through Mesh) reads from the same CBOR. */
const sdk = (hex: string) => fromTxUnspentOutput(deserializeTxUnspentOutput(hex));

function value(w: CborWriter, coin: bigint, assets: Array<[string, string, bigint]>): void {
  if (assets.length === 0) {
    w.uint(coin);
    return;
  }
  const byPolicy = new Map<string, Array<[string, bigint]>>();
  for (const [policy, name, quantity] of assets)
    byPolicy.set(policy, [...(byPolicy.get(policy) ?? []), [name, quantity]]);
  w.array(2).uint(coin).map(byPolicy.size);
  for (const [policy, names] of byPolicy) {
    w.bytes(bytes(policy)).map(names.length);
    for (const [name, quantity] of names) w.bytes(bytes(name)).uint(quantity);
  }
}

interface Form {
  name: string;
  hex: string;
}

function forms(): Form[] {
  const out: Form[] = [];
  const add = (name: string, write: (w: CborWriter) => void) => {
    const w = new CborWriter().array(2).array(2).bytes(bytes(ID)).uint(3);
    write(w);
    out.push({ name, hex: Buffer.from(w.finish()).toString("hex") });
  };
  for (const [kind, address] of Object.entries(addressOfBytes)) {
    add(`${kind}: legacy array, coin only`, (w) => w.array(2).bytes(bytes(address)).uint(1_500_000n));
    add(`${kind}: legacy array, assets and a datum hash`, (w) => {
      w.array(3).bytes(bytes(address));
      value(w, 2_000_000n, [
        [POLICY, "", 1n],
        [POLICY, "6e667431", 2n ** 63n],
        ["cd".repeat(28), "ff".repeat(32), 7n],
      ]);
      w.bytes(bytes("d1".repeat(32)));
    });
    add(`${kind}: map, inline datum and reference script`, (w) => {
      w.map(4).uint(0).bytes(bytes(address)).uint(1);
      value(w, 3_000_000n, [[POLICY, "01", 5n]]);
      const datum = new CborWriter().tag(121).array(1).bytes(bytes("00ff")).finish();
      w.uint(2).array(2).uint(1).tag(24).bytes(datum);
      const script = new CborWriter().array(2).uint(2).bytes(bytes("4e4d01000033222220051200120011")).finish();
      w.uint(3).tag(24).bytes(script);
    });
    add(`${kind}: map, datum hash`, (w) => {
      w.map(3).uint(0).bytes(bytes(address)).uint(1).uint(2_000_000n);
      w.uint(2)
        .array(2)
        .uint(0)
        .bytes(bytes("e7".repeat(32)));
    });
  }
  // Indefinite-length maps inside the value, as some wallets write them (cardano-sdk refuses
  // indefinite arrays for the UTxO and its input).
  out.push({
    name: "indefinite-length items",
    hex: `8282${"5820" + ID}039f${"581d" + "60" + "11".repeat(28)}821a001e8480bf581c${POLICY}bf41011864ffffff`,
  });
  return out;
}

describe("UTxO decoding", () => {
  for (const form of forms()) {
    if (form.name.startsWith("byron")) {
      // cardano-sdk cannot write a Byron address in bech32 and throws; spending one would need a
      // bootstrap witness the service does not price, so the decoder refuses it, saying why.
      it(`refuses ${form.name}, as cardano-sdk does, saying why`, () => {
        assert.throws(() => sdk(form.hex), /Only Shelley addresses/);
        assert.throws(
          () => decodeUtxo(form.hex, "utxos[2]"),
          (error: Error) =>
            /^utxos\[2\] does not decode as a UTxO .*: its address is a Byron address, and this service does not spend Byron outputs$/.test(
              error.message,
            ),
        );
      });
      continue;
    }
    it(`reads ${form.name} as cardano-sdk does`, () => {
      assert.deepEqual(readUtxo(bytes(form.hex)), sdk(form.hex));
    });
  }

  // The devnet decodes its own ledger's outputs with utxoOfOutput: the same object as a client's
  // UTxO string gives, and Byron outputs read (a ledger holds them), their address in base58.
  it("reads a ledger's output (utxoOfOutput) as a client's UTxO string, Byron ones included", () => {
    for (const form of forms()) {
      const reader = new CborReader(bytes(form.hex));
      reader.arrayLength();
      const input = new CborReader(reader.raw());
      input.arrayLength();
      const txHash = Buffer.from(input.bytesValue()).toString("hex");
      const index = Number(input.uint());
      const utxo = utxoOfOutput(txHash, index, reader.raw());
      if (form.name.startsWith("byron")) {
        assert.equal(
          utxo.output.address,
          "DdzFFzCqrht8mbSTZHqpM2u4HeND2mdspsaBhdQ1BowPJBMzbDeBMeKgqdoKqo1D4sdPusEdZJVrFJRBBxX1jUEofNDYCJSZLg8MkyCE",
          form.name,
        );
        assert.deepEqual(utxo.input, { txHash, outputIndex: index });
      } else assert.deepEqual(utxo, readUtxo(bytes(form.hex)), form.name);
    }
  });

  it("names the field and the reason when a string is not a UTxO", () => {
    const cases: Array<[string, RegExp]> = [
      ["zz", /utxos\[0\] is not hex-encoded CBOR/],
      ["00", /utxos\[0\] does not decode as a UTxO .*: expected an array/],
      [`8282${"5820" + ID}00`, /does not decode as a UTxO .*: the CBOR ends too early/],
      [
        `8282${"5820" + ID}0082${"581d60" + "11".repeat(28)}0100`,
        /does not decode as a UTxO .*: 1 bytes follow the CBOR item/,
      ],
      [`8282${"5820" + ID}00a100${"581d60" + "11".repeat(28)}`, /an output needs an address and a value/],
      [`8282${"581f" + "00".repeat(31)}00820000`, /a transaction id is 32 bytes/],
    ];
    for (const [hex, message] of cases) {
      assert.throws(
        () => decodeUtxo(hex, "utxos[0]"),
        (error: Error) => message.test(error.message) && error.message.startsWith("utxos[0] "),
      );
    }
  });
});
