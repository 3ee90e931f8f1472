// The faucet request → the bech32 address and the lovelace the devnet sends; a pool or DRep to seed →
// its key hash or credential (errors name the body's fields by their path in it).
import type { Static } from "typebox";
import { paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import { parseAmount } from "../../../cardano/amount.js";
import { parseDRep, poolKeyHash } from "../../../cardano/delegatees.js";
import { BadRequestError, refusal } from "../../../errors.js";
import type { ErrorExample } from "../../schemas.js";
import type { DRepBody, FaucetBody, StakePoolBody } from "./schemas.js";

/** The 400 of a faucet request above the maximum (DEVNET_FAUCET_MAX_LOVELACE), as the default maximum words it. */
export const FAUCET_ABOVE_MAX: ErrorExample = {
  code: "SVC_ERR_BAD_REQUEST",
  message:
    "body.lovelace is 2000000000000 lovelace, above the faucet's maximum of 1000000000000 lovelace (1,000,000 ADA) a request (DEVNET_FAUCET_MAX_LOVELACE): ask for 1000000000000 or less, and call the faucet again for more.",
};

/** 10,000 ADA: what the faucet sends when no amount is given. */
export const DEFAULT_FAUCET_LOVELACE = 10_000_000_000n;

export interface FaucetRequest {
  readonly address: string;
  readonly lovelace: bigint;
}

/** `lovelace` in ADA for a message: 1000000000000 → "1,000,000 ADA". */
const inAda = (lovelace: bigint): string =>
  `${(lovelace / 1_000_000n).toLocaleString("en-US")}${
    lovelace % 1_000_000n === 0n
      ? ""
      : `.${String(lovelace % 1_000_000n)
          .padStart(6, "0")
          .replace(/0+$/, "")}`
  } ADA`;

/** What to send where; `max` is the faucet's cap a request (DEVNET_FAUCET_MAX_LOVELACE), also the default when it is below 10,000 ADA. */
export function faucetRequest(network: Network, body: Static<typeof FaucetBody>, max: bigint): FaucetRequest {
  const address = paymentAddressOn(network, body.address, "address").bech32;
  if (body.lovelace === undefined)
    return { address, lovelace: DEFAULT_FAUCET_LOVELACE < max ? DEFAULT_FAUCET_LOVELACE : max };
  const lovelace = parseAmount(body.lovelace, "lovelace");
  if (lovelace > max) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("lovelace")} is ${lovelace} lovelace, above the faucet's maximum of ${max} lovelace (${inAda(max)}) a request (DEVNET_FAUCET_MAX_LOVELACE): ask for ${max} or less, and call the faucet again for more.`,
    );
  }
  return { address, lovelace };
}

/** The operator's key hash (hex) of the pool to seed. */
export const poolToSeed = (body: Static<typeof StakePoolBody>): string => poolKeyHash(body.poolId, "poolId");

/** The credential of the DRep to seed: a key or a script DRep (the predefined two need no registration). */
export function drepToSeed(body: Static<typeof DRepBody>): { kind: "key" | "script"; hash: string } {
  const drep = parseDRep(body.drepId, "drepId");
  if (drep.kind === "key" || drep.kind === "script") return drep;
  throw refusal(
    BadRequestError,
    (at) =>
      `${at("drepId")} is ${drep.kind}, a predefined DRep that every chain knows: it needs no registration. Give a key or script DRep's id.`,
  );
}
