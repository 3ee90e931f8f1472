// Examples of the devnet's faucet and clock for the OpenAPI description, recorded from a fresh
// devnet: "Try it out" answers 200 with them as they are (the faucet's example funds
// EXAMPLE_ADDRESS, which POST /transactions/build's example spends from).
import { EXAMPLE_ADDRESS } from "../examples.js";
import type { ErrorExample } from "../../schemas.js";

export const FAUCET_REQUEST = {
  address: EXAMPLE_ADDRESS,
  lovelace: 100000000,
};

export const FAUCET_ANSWER = {
  txHash: "d767f6ee5fc945dd8d67bb9ea2e4850b51c790be3400f6f65b894168e35ba425",
};

export const ADVANCE_REQUEST = {
  seconds: 60,
};

export const ADVANCE_ANSWER = {
  slot: 77,
  time: 1795516491000,
};

/** The 404 of a devnet endpoint on another network. */
export const devnetOnly = (endpoint: string): ErrorExample => ({
  code: "SVC_ERR_NOT_FOUND",
  message: `${endpoint} exists only on the devnet; this instance serves preprod.`,
});

/** The 422 of a faucet payment below the ledger's minimum UTxO value. */
export const FAUCET_OUTPUT_TOO_SMALL: ErrorExample = {
  code: "CHAIN_ERR_LEDGER_REJECTED",
  message:
    'The ledger rejected the transaction: Transaction outputs are too small for transactionId "7d5fa452081944c3ddab06852484fe39d64a098c129f880a0d2da24ea1851141", ' +
    'invalid outputs: Vector((Shelley(ShelleyAddress(Testnet,Key("bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a"),' +
    'Key("cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5")),Value(0.000001 ADA),None),Coin(952510),{})), invalid collateral output: None',
};

export const ROLLBACK_REQUEST = { blocks: 2 };

export const ROLLBACK_ANSWER = {
  rolledBack: [
    { txHash: "d767f6ee5fc945dd8d67bb9ea2e4850b51c790be3400f6f65b894168e35ba425", slot: 75 },
    { txHash: "3c2f7e1bb4b8c5e0c7b3f0b8a4a1d2e9f6c5b4a39281706f5e4d3c2b1a098f7e", slot: 77 },
  ],
  reapplied: ["d767f6ee5fc945dd8d67bb9ea2e4850b51c790be3400f6f65b894168e35ba425"],
  expired: [
    {
      txHash: "3c2f7e1bb4b8c5e0c7b3f0b8a4a1d2e9f6c5b4a39281706f5e4d3c2b1a098f7e",
      reason: "The ledger rejected the transaction: … (its validity interval ended at slot 78)",
    },
  ],
  slot: 78,
  tip: { slot: 78, time: 1795516492000 },
};

/** The 422 of a rollback deeper than the devnet's history. */
export const ROLLBACK_TOO_DEEP: ErrorExample = {
  code: "SVC_ERR_UNPROCESSABLE",
  message: "The devnet holds 3 non-empty blocks: it cannot roll back 5.",
};
