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

/** Recorded: a faucet payment (no validity interval) and a payment valid until slot 6, rolled back at slot 13. */
export const ROLLBACK_ANSWER = {
  rolledBack: [
    { txHash: "348d1b0c1e459d0aa01a97bfe4ddb948e205858a323b0f3367e3fef27fd50cee", slot: 2 },
    { txHash: "e8a3c0296e1e252dbfff691a83173855d8eb818b893e5eacea2a679356c59954", slot: 3 },
  ],
  reapplied: ["348d1b0c1e459d0aa01a97bfe4ddb948e205858a323b0f3367e3fef27fd50cee"],
  expired: [
    {
      txHash: "e8a3c0296e1e252dbfff691a83173855d8eb818b893e5eacea2a679356c59954",
      reason:
        'The ledger rejected the transaction: Transaction "e8a3c0296e1e252dbfff691a83173855d8eb818b893e5eacea2a679356c59954" is outside the validity interval ValidityInterval(Some(3),Some(6)) for slot 13',
    },
  ],
  slot: 13,
  tip: { slot: 13, time: 1795803340000 },
};

/** The 422 of a rollback deeper than the devnet's history. */
export const ROLLBACK_TOO_DEEP: ErrorExample = {
  code: "SVC_ERR_UNPROCESSABLE",
  message: "The devnet holds 3 non-empty blocks: it cannot roll back 5.",
};
