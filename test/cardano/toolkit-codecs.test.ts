// The toolkit's own codecs (addresses, native scripts, script references, Plutus data, UTxOs) agree
// with cardano-js-sdk's (through Mesh, kept as a dev dependency for exactly this cross-check) on
// random inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Cardano, Hash28ByteBase16, HexBlob } from "@meshsdk/core-cst";
import { base58 } from "@scure/base";
import { addressInfo } from "../../src/cardano/addresses.js";
import { crc32 } from "../../src/cardano/crc32.js";

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const hash28 = fc.uint8Array({ minLength: 28, maxLength: 28 }).map(hexOf);

/** A base-128 number of a pointer, possibly with leading zero groups (which the ledger reads too). */
const varUint = fc.tuple(fc.maxSafeNat(), fc.nat({ max: 2 })).map(([value, padding]) => {
  const groups = [value % 128];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift(rest % 128);
  for (let i = 0; i < padding; i++) groups.unshift(0);
  return { value, bytes: groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)) };
});

const shelleyAddressBytes = fc
  .record({
    type: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 14, 15),
    network: fc.constantFrom(0, 1),
    first: hash28,
    second: hash28,
    pointer: fc.tuple(varUint, varUint, varUint),
  })
  .map(({ type, network, first, second, pointer }) => {
    const header = Buffer.of((type << 4) | network);
    const rest =
      type <= 3
        ? Buffer.from(first + second, "hex")
        : type <= 5
          ? Buffer.concat([Buffer.from(first, "hex"), Buffer.from(pointer.flatMap((p) => p.bytes))])
          : Buffer.from(first, "hex");
    return { bytes: Buffer.concat([header, rest]), pointer: pointer.map((p) => p.value) };
  });

test("Shelley addresses of every type and both networks read as cardano-js-sdk reads them", () => {
  fc.assert(
    fc.property(shelleyAddressBytes, ({ bytes, pointer }) => {
      const hex = hexOf(bytes);
      const sdk = Cardano.Address.fromBytes(HexBlob(hex));
      const props = sdk.getProps();
      const info = addressInfo(hex, "address");
      const fromBech32 = addressInfo(sdk.toBech32(), "address");
      assert.equal(info.bech32, sdk.toBech32());
      assert.equal(info.hex, hex);
      assert.equal(info.networkId, sdk.getNetworkId());
      assert.deepEqual(fromBech32.payment, info.payment);
      const asCredential = (c: Cardano.Credential | undefined) =>
        c && { hash: c.hash, isScript: c.type === Cardano.CredentialType.ScriptHash };
      const reward =
        sdk.getType() === Cardano.AddressType.RewardKey || sdk.getType() === Cardano.AddressType.RewardScript;
      assert.deepEqual(info.payment, reward ? undefined : asCredential(props.paymentPart));
      if (props.pointer) {
        assert.deepEqual(info.stake, {
          pointer: {
            slot: Number(props.pointer.slot),
            txIndex: props.pointer.txIndex,
            certIndex: props.pointer.certIndex,
          },
        });
        assert.deepEqual(pointer, [Number(props.pointer.slot), props.pointer.txIndex, props.pointer.certIndex]);
      } else {
        assert.deepEqual(info.stake, asCredential(reward ? props.paymentPart : props.delegationPart));
      }
    }),
  );
});

test("Byron addresses read as cardano-js-sdk reads them: protocol magic, base58 and bytes written back", () => {
  const byron = fc.record({
    root: hash28,
    magic: fc.option(fc.oneof(fc.constantFrom(1, 2, 764_824_073), fc.nat({ max: 2 ** 32 - 1 })), { nil: undefined }),
    derivationPath: fc.option(fc.uint8Array({ minLength: 1, maxLength: 60 }).map(hexOf), { nil: undefined }),
    type: fc.constantFrom(0, 1, 2),
  });
  fc.assert(
    fc.property(byron, ({ root, magic, derivationPath, type }) => {
      const attrs = {
        ...(magic !== undefined && { magic }),
        ...(derivationPath !== undefined && { derivationPath: HexBlob(derivationPath) }),
      };
      const sdk = Cardano.ByronAddress.fromCredentials(Hash28ByteBase16(root), attrs, type).toAddress();
      const read = Cardano.Address.fromBase58(sdk.toBase58());
      const info = addressInfo(sdk.toBase58(), "address");
      const sdkMagic = read.asByron()!.getAttributes().magic ?? 764_824_073;
      assert.deepEqual(info, {
        type: "byron",
        networkId: sdkMagic === 764_824_073 ? 1 : 0,
        bech32: read.toBase58(),
        hex: read.toBytes(),
        protocolMagic: sdkMagic,
      });
      assert.deepEqual(addressInfo(read.toBytes(), "address"), info);
    }),
  );
});

test("crc32 is the IEEE CRC-32 (check value of '123456789', and a known Byron address)", () => {
  assert.equal(crc32(Buffer.from("123456789")), 0xcbf43926);
  const bytes = base58.decode("Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe");
  assert.equal(addressInfo(hexOf(bytes), "address").hex, hexOf(bytes));
});
