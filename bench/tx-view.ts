// Decoding a whole transaction: our view (src/cardano/tx-view.ts) against cardano-js-sdk's
// Transaction.fromCbor (through Mesh's core-cst, which the service no longer loads for it), on a
// transaction of 100 outputs (each with a native asset and an inline datum), 1,000 times each.
// Also the time each takes to load. Run alone: npx tsx bench/tx-view.ts
import { performance } from "node:perf_hooks";
import { CborWriter } from "../src/cardano/cbor.js";

const RUNS = 1_000;
const OUTPUTS = 100;

function transaction(): Uint8Array {
  const w = new CborWriter().array(4).map(3);
  w.uint(0).tag(258).array(1).array(2).bytes(new Uint8Array(32).fill(1)).uint(0);
  w.uint(1).array(OUTPUTS);
  for (let i = 0; i < OUTPUTS; i++) {
    const address = new Uint8Array(57).fill(i);
    address[0] = 0x00;
    w.map(3).uint(0).bytes(address);
    w.uint(1)
      .array(2)
      .uint(2_000_000 + i)
      .map(1)
      .bytes(new Uint8Array(28).fill(2))
      .map(1)
      .bytes(Buffer.from(`token${i}`))
      .uint(1);
    const datum = new CborWriter().tag(121).array(2).uint(i).bytes(new Uint8Array(28).fill(3)).finish();
    w.uint(2).array(2).uint(1).tag(24).bytes(datum);
  }
  w.uint(2).uint(200_000);
  w.map(1).uint(0).tag(258).array(1).array(2).bytes(new Uint8Array(32).fill(4)).bytes(new Uint8Array(64).fill(5));
  return w.bool(true).raw(Uint8Array.of(0xf6)).finish();
}

function time(label: string, run: () => void): void {
  run(); // warm
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) run();
  const ms = performance.now() - started;
  console.log(`${label}: ${ms.toFixed(0)} ms for ${RUNS} (${((ms * 1000) / RUNS).toFixed(0)} µs each)`);
}

const tx = transaction();
const hex = Buffer.from(tx).toString("hex");
console.log(`a transaction of ${OUTPUTS} outputs, ${tx.length} bytes`);

let started = performance.now();
const view = await import("../src/cardano/tx-view.js");
console.log(`load src/cardano/tx-view.ts: ${(performance.now() - started).toFixed(0)} ms`);
started = performance.now();
const { Serialization, TxCBOR } = await import("@meshsdk/core-cst");
console.log(`load @meshsdk/core-cst: ${(performance.now() - started).toFixed(0)} ms`);

time("ours, readTransaction (outputs kept as bytes)", () => view.readTransaction(tx));
time("ours, readTransaction + every output's value", () => {
  for (const output of view.readTransaction(tx).body.outputs) view.outputValue(output);
});
time("cardano-js-sdk, Transaction.fromCbor + getId", () => Serialization.Transaction.fromCbor(TxCBOR(hex)).getId());
