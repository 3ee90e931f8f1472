// Large CIP-57 blueprints for tests of size bounds: one validator whose compiled code is a flat
// program (its header, then random bytes) in one CBOR byte string, so that each is valid, has its
// own hash, and weighs about `bytes` as JSON. The service checks the wrapping and the hash, never
// runs such a script.
import { randomBytes } from "node:crypto";

/** A blueprint titled `large-<n>` of about `bytes` bytes of JSON, with a validator of its own hash. */
export function largeBlueprint(n: number, bytes: number): Record<string, unknown> {
  const flatLength = Math.max(16, Math.floor(bytes / 2) - 64);
  const flat = Buffer.concat([Buffer.from([1, 0, 0]), randomBytes(flatLength - 3)]);
  const header = Buffer.alloc(5);
  header[0] = 0x5a; // a byte string of a 4-byte length
  header.writeUInt32BE(flat.length, 1);
  return {
    preamble: { title: `large-${n}`, version: "1.0.0", plutusVersion: "v3" },
    validators: [{ title: `large.large_${n}.spend`, compiledCode: Buffer.concat([header, flat]).toString("hex") }],
    definitions: {},
  };
}
