// The devnet's faucet and clock: what to fund, how far to move.
import { Type } from "typebox";
import { Amount } from "../../schemas.js";
import { Address } from "../addresses/schemas.js";

/** The furthest one advance call moves the clock: ten years. */
const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

export const FaucetBody = Type.Object(
  {
    address: Address("The testnet address to fund (bech32 or hex)."),
    lovelace: Type.Optional(Amount("Lovelace to send; 10,000 ADA (10000000000) when absent.")),
  },
  { additionalProperties: false, description: "Who gets devnet funds, and how many." },
);

export const AdvanceBody = Type.Object(
  {
    seconds: Type.Integer({
      minimum: 0,
      maximum: MAX_ADVANCE_SECONDS,
      description: `Seconds (= slots) to move the devnet clock forward, from 0 to ${MAX_ADVANCE_SECONDS} (ten years).`,
    }),
  },
  { additionalProperties: false, description: "How far to move the devnet clock." },
);

export const TipResponse = Type.Object(
  {
    slot: Type.Integer({ description: "The devnet's slot after the move." }),
    time: Type.Integer({ description: "Unix milliseconds of that slot's start." }),
  },
  { description: "The devnet's clock after the move." },
);
