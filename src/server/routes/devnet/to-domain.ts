// The faucet request → the bech32 address and the lovelace the devnet sends (errors name the body's fields by their path in it).
import type { Static } from "typebox";
import { paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import { parseAmount } from "../../../cardano/amount.js";
import type { FaucetBody } from "./schemas.js";

/** 10,000 ADA: what the faucet sends when no amount is given. */
export const DEFAULT_FAUCET_LOVELACE = 10_000_000_000n;

export interface FaucetRequest {
  readonly address: string;
  readonly lovelace: bigint;
}

export const faucetRequest = (network: Network, body: Static<typeof FaucetBody>): FaucetRequest => ({
  address: paymentAddressOn(network, body.address, "address"),
  lovelace: body.lovelace === undefined ? DEFAULT_FAUCET_LOVELACE : parseAmount(body.lovelace, "lovelace"),
});
