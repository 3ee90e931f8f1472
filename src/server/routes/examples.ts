// The examples every area's own examples share (each area's requests, answers and errors sit in its
// routes/<area>/examples.ts): addresses and a transaction hash that several areas' examples name, and
// the 400 of a body without a required field. All are recorded from a fresh devnet (real bech32
// addresses, transaction ids and CBOR); the docs page shows them and pre-fills "Try it out" with the
// request examples.
import type { ErrorExample } from "../schemas.js";

/** A testnet base address (the hosted API's examples' one), unfunded on a fresh devnet until the faucet example runs. */
export const EXAMPLE_ADDRESS =
  "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y";
/** A testnet enterprise address: the tournament examples' player, the build example's payee, the UTxO query's address. */
export const EXAMPLE_PLAYER = "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e";

/** A transaction of the examples (transactions/examples.ts's BUILD_ANSWER). */
export const TX_HASH = "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94";

/** The 400 of a body without a required field: "body.address is required." */
export const required = (field: string): ErrorExample => ({
  code: "SVC_ERR_VALIDATION",
  message: `body.${field} is required.`,
});
