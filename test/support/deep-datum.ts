// An output whose inline datum is over the CBOR limits (src/cardano/cbor-limits.ts), put on a
// ledger the way another party's node would: the ledger has no depth limit, so anyone can pay
// such a datum to a victim's address. Used by the hostile suite (the devnet) and by the
// real-network backends' tests (the live ledger behind the fakes).
import assert from "node:assert/strict";
import { generateKeyPairSync, sign } from "node:crypto";
import { blake2b } from "@noble/hashes/blake2b";
import { bech32 } from "@scure/base";
import { CborReader, CborWriter, Major } from "../../src/cardano/cbor.js";
import { blake2b256, toHex } from "../../src/cardano/tx-cbor.js";
import type { RunningService } from "./service.js";

/** Plutus data nested `depth` lists deep: 1 byte a level. */
export const nestedLists = (depth: number): string => "81".repeat(depth) + "00";

/** A payment key of the test's own (Ed25519 from node:crypto), its enterprise testnet address, and a vkey witness for a body. */
export function newKey() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const vkey = Buffer.from(publicKey.export({ format: "jwk" }).x as string, "base64url");
  const address = bech32.encode(
    "addr_test",
    bech32.toWords(Buffer.concat([Buffer.of(0x60), blake2b(vkey, { dkLen: 28 })])),
    1000,
  );
  const witness = (body: Uint8Array) =>
    new CborWriter()
      .array(2)
      .bytes(vkey)
      .bytes(sign(null, Buffer.from(blake2b256(body), "hex"), privateKey))
      .finish();
  return { address, witness };
}

/**
 * A signed transaction from `payer` (funded, a key of newKey) paying `datumHex` (over the CBOR
 * limits) inline to `victim`: a payment built by `service` with a flat datum of the same size,
 * the datum swapped in, signed here. The service's own submit refuses it: hand it to the ledger.
 */
export async function deepDatumPayment(
  service: RunningService,
  payer: ReturnType<typeof newKey>,
  victim: string,
  datumHex: string,
): Promise<string> {
  const size = datumHex.length / 2;
  const flat = `99${(size - 3).toString(16).padStart(4, "0")}${"00".repeat(size - 3)}`;
  const built = await service.request<"buildTransaction">("POST", "/transactions/build", {
    changeAddress: payer.address,
    outputs: [{ address: victim, datum: { type: "inline", value: flat } }],
  });
  assert.equal(built.status, 200, JSON.stringify(built.body));
  const reader = new CborReader(Buffer.from(built.body.complete as string, "hex"));
  const items = reader.arrayLength()!;
  const body = Buffer.from(toHex(reader.raw()).replace(flat, datumHex), "hex");
  reader.raw();
  const rest = Array.from({ length: items - 2 }, () => reader.raw());
  const witnessSet = new CborWriter().map(1).uint(0).tag(258).array(1).raw(payer.witness(body)).finish();
  const tx = new CborWriter().array(items).raw(body).raw(witnessSet);
  for (const item of rest) tx.raw(item);
  return toHex(tx.finish());
}

/** The inputs a transaction (CBOR hex) spends, as "<txHash>#<index>". */
export function spentInputs(txHex: string): string[] {
  const reader = new CborReader(Buffer.from(txHex, "hex"));
  reader.arrayLength();
  const body = new CborReader(reader.raw());
  const inputs: string[] = [];
  body.each(body.mapLength(), () => {
    if (body.smallUint() !== 0) return void body.raw();
    if (body.peekMajor() === Major.Tag) body.tag();
    body.each(body.arrayLength(), () => {
      body.arrayLength();
      inputs.push(`${toHex(body.bytesValue())}#${body.uint()}`);
    });
  });
  return inputs;
}
