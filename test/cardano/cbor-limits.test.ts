// The CBOR pre-scan (src/cardano/cbor-limits.ts): what it accepts and refuses, and that its cost
// grows linearly with the depth it scans.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CBOR_LIMITS, CborLimitError, checkCborHexLimits, checkCborLimits } from "../../src/cardano/cbor-limits.js";

const refusedFor = (hex: string, reason: CborLimitError["reason"], message: RegExp) =>
  assert.throws(
    () => checkCborHexLimits(hex),
    (error: unknown) => error instanceof CborLimitError && error.reason === reason && message.test(error.message),
    hex.slice(0, 40),
  );

describe("checkCborLimits", () => {
  it("accepts real Cardano CBOR: a transaction, a witness set, Plutus data, indefinite lengths, tags, non-canonical heads", () => {
    for (const hex of [
      "00",
      "1bffffffffffffffff",
      "3bffffffffffffffff",
      "f5",
      "f6",
      "f93c00",
      "fb3ff0000000000000",
      "d8799f0102ff",
      "d87a80",
      "9f9f0102ffa1014100ff",
      "5f41014102ff",
      "7f6161ff",
      "c249010000000000000000",
      // a small transaction: body {0: set of inputs, 1: outputs, 2: fee}, empty witness set, valid, no metadata
      `84a300d90102818258${"20"}${"00".repeat(32)}00018182581d60${"11".repeat(28)}1a001e8480021a00030d40a0f5f6`,
      // non-canonical heads: 1 in two bytes, an array of one whose length takes 8 bytes
      "1900 01".replace(" ", ""),
      "9b000000000000000100",
    ]) {
      assert.doesNotThrow(() => checkCborHexLimits(hex), hex);
    }
  });

  it("accepts data exactly at the limits and refuses one more", () => {
    const nested = (n: number) => "81".repeat(n) + "00";
    assert.doesNotThrow(() => checkCborHexLimits(nested(CBOR_LIMITS.depth)));
    refusedFor(
      nested(CBOR_LIMITS.depth + 1),
      "depth",
      /^nests deeper than 128 levels, the limit on CBOR nesting depth$/,
    );
    refusedFor("d87981".repeat(65) + "00", "depth", /nests deeper than 128/);
    refusedFor("9f".repeat(200_000), "depth", /nests deeper than 128/);
    refusedFor("5f".repeat(129), "malformed", /chunk of an indefinite-length string/);
    const wide = (n: number) => `99${n.toString(16).padStart(4, "0")}${"00".repeat(n)}`;
    assert.doesNotThrow(() => checkCborHexLimits(wide(CBOR_LIMITS.items - 1)));
    refusedFor(wide(CBOR_LIMITS.items), "items", /^holds more than 16384 items, the limit on CBOR item count$/);
    refusedFor("9f" + "00".repeat(20_000) + "ff", "items", /more than 16384 items/);
  });

  it("refuses malformed CBOR without allocating what it declares", () => {
    for (const [hex, message] of [
      ["", /it is empty/],
      ["zz", /not hex/],
      ["0", /not hex/],
      ["5bffffffffffffffff", /declares 18446744073709552000 bytes where 0 remain/],
      ["9bffffffffffffffff00", /an array declares .* items where 1 bytes remain/],
      ["bb7fffffffffffffff00", /a map declares .* entries/],
      ["1a0001", /ends too early/],
      ["8201", /an array declares 2 items where 1 bytes remain/],
      ["8301020304", /1 bytes follow/],
      ["830102", /an array declares 3 items where 2 bytes remain/],
      ["82011a00", /ends too early/],
      ["ff", /break byte .* ends nothing/],
      ["8100ff", /bytes follow the CBOR item|ends nothing/],
      ["81ff", /ends nothing/],
      ["1c", /reserved CBOR head/],
      ["1f", /cannot have an indefinite length/],
      ["df", /cannot have an indefinite length/],
      ["5f6161ff", /not a definite string of the same type/],
      ["5f5f4100ffff", /not a definite string of the same type/],
      ["0000", /1 bytes follow the CBOR item/],
    ] as const) {
      refusedFor(hex, "malformed", message);
    }
  });

  it("scans in time linear in the depth (1k, 10k, 100k, 1M levels)", () => {
    // The scan with no limit, so that it walks every level: 100× the depth costs at most 300× the time.
    const unlimited = { depth: Infinity, items: Infinity };
    const timeOf = (depth: number): number => {
      const bytes = new Uint8Array(depth + 1).fill(0x81);
      bytes[depth] = 0;
      checkCborLimits(bytes, unlimited);
      // A million levels per round at every depth, the best of seven rounds.
      const reps = Math.max(1, Math.round(1_000_000 / depth));
      let best = Infinity;
      for (let round = 0; round < 7; round++) {
        // CPU time of this process, not wall time: the machine's other work does not count.
        const started = process.cpuUsage();
        for (let i = 0; i < reps; i++) checkCborLimits(bytes, unlimited);
        const used = process.cpuUsage(started);
        best = Math.min(best, (used.user + used.system) / 1000 / reps);
      }
      return best;
    };
    const times = [1_000, 10_000, 100_000, 1_000_000].map((depth) => ({ depth, ms: timeOf(depth) }));
    console.log(times.map((t) => `${t.depth} levels: ${t.ms.toFixed(3)} ms`).join(", "));
    for (const [from, to] of [
      [0, 2],
      [1, 3],
    ] as const) {
      const ratio = times[to]!.ms / Math.max(times[from]!.ms, 0.01);
      assert.ok(
        ratio <= 300,
        `${times[to]!.depth} levels took ${ratio.toFixed(1)}× the time of ${times[from]!.depth}: 100× the depth within 300× the time`,
      );
    }
  });
});
