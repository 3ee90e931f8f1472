// The faucet request → the bech32 address and the lovelace the devnet sends; a pool or DRep to seed →
// its key hash or credential (errors name the body's fields by their path in it).
import type { Static } from "typebox";
import { paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import { parseAmount } from "../../../cardano/amount.js";
import { parseDRep, poolKeyHash } from "../../../cardano/delegatees.js";
import { BadRequestError, refusal } from "../../../errors.js";
import type { DRepBody, FaucetBody, StakePoolBody } from "./schemas.js";

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

/** The operator's key hash (hex) of the pool to seed. */
export const poolToSeed = (body: Static<typeof StakePoolBody>): string => poolKeyHash(body.poolId, "poolId");

/** The credential of the DRep to seed: a key or a script DRep (the predefined two need no registration). */
export function drepToSeed(body: Static<typeof DRepBody>): { kind: "key" | "script"; hash: string } {
  const drep = parseDRep(body.drepId, "drepId");
  if (drep.kind === "key" || drep.kind === "script") return drep;
  throw refusal(BadRequestError, (at) => `${at("drepId")} is ${drep.kind}, a predefined DRep that every chain knows: it needs no registration. Give a key or script DRep's id.`);
}
