// Examples of the transaction endpoints (build, submit, status) for the OpenAPI description,
// recorded from a fresh devnet. What "Try it out" does with them there:
// - POST /transactions/build's example spends from EXAMPLE_ADDRESS, which a fresh devnet has not
//   funded: it answers 400 TX_ERR_INSUFFICIENT_FUNDS ("Fund the change address…") until the
//   faucet's example (which funds that very address) has run, and 200 after it;
// - the submit example names transactions of the devnet it was recorded on: on another devnet it
//   answers the 4xx its error examples show (a UTxO the ledger does not know).
import { EXAMPLE_ADDRESS, EXAMPLE_PLAYER, TX_HASH } from "../examples.js";
import type { ErrorExample } from "../../schemas.js";

/** A 5 ADA payment with a CIP-20 message from EXAMPLE_ADDRESS (its UTxOs read from the chain). */
export const BUILD_REQUEST = {
  changeAddress: EXAMPLE_ADDRESS,
  outputs: [
    {
      address: EXAMPLE_PLAYER,
      lovelace: 5000000,
    },
  ],
  message: ["Hello from the docs page"],
};

/** A build of the same payment from a funded wallet. */
export const BUILD_ANSWER = {
  hash: TX_HASH,
  fee: "168845",
  complete:
    "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
  stripped:
    "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
  witnessSet: "a0",
  auxiliaryData: "a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
};

/** That build's `complete`, with the witness set its wallet's signTx(tx, true) returned. */
export const SUBMIT_REQUEST = {
  transaction:
    "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
  signatures: [
    "a10081825820b727c7b8633672ef6fbd06c4185355efe72a0cb8cb7731b7d4bf115905e26c115840d53d36a97fc1d1f153eb548a958df2b22f9f51a33879ffa8188260051b8941863a14828dd7ba3b53db4fe20da0968bf21eea6a19de9ce3c01a8402a06422b304",
  ],
};

export const SUBMIT_ANSWER = {
  txHash: TX_HASH,
};

export const INSUFFICIENT_FUNDS: ErrorExample = {
  code: "TX_ERR_INSUFFICIENT_FUNDS",
  message:
    "Not enough ADA: the outputs need 5000000 lovelace (5 ADA), the fee about 163653 lovelace (0.163653 ADA) and the change output at least 969750 lovelace (0.96975 ADA), but the available UTxOs hold 0 lovelace (0 ADA): about 6133403 lovelace (6.133403 ADA) missing. Fund the change address or pass more utxos.",
};

export const MISSING_SIGNATURE: ErrorExample = {
  code: "CHAIN_ERR_LEDGER_REJECTED",
  message:
    "The ledger rejected the transaction: a signature is missing: the key with hash deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37 (the payment key of addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej) must sign it. Sign `complete` with that key too and submit it again with every signature (the transaction itself stays the same).",
  detail:
    'Missing key hashes for transactionId "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94", missing inputs key hashes: Set("deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37"), missing collateral inputs key hashes: Set(), missing voting procedures key hashes: Set(), missing withdrawals key hashes: Set(), missing certificates key hashes: Set(), missing required signers key hashes: TreeSet()',
};

export const TX_HASH_INVALID: ErrorExample = {
  code: "SVC_ERR_VALIDATION",
  message: "params.txHash is invalid: The transaction id, 64 hex digits.",
};

/**
 * A build whose Plutus script refuses it (422): the hello-world validator of blueprints/examples.ts
 * spent with the wrong redeemer (the service's message, its evaluator's trace in the middle).
 */
export const PLUTUS_SCRIPT_REFUSES: ErrorExample = {
  code: "SVC_ERR_UNPROCESSABLE",
  message:
    "A Plutus script of this transaction refuses it (1 script run from scriptInteractions): Script evaluation failed: Error evaluated at :1:0 - 1:0 " +
    "spent budget: { mem: 0.093162, cpu: 31.212475 } logs: must_say_hello ? False Script logs: must_say_hello ? False " +
    "Check each redeemer, the datum of each UTxO spent, requiredSigners, and the outputs the validator expects.",
};
