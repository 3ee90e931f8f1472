// The devnet's faucet and clock: what to fund, how far to move; and the pools and DReps it seeds.
import { Type } from "typebox";
import { Amount, Hash28 } from "../../schemas.js";
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

/** The hosted API's examples' pool and DRep (documentation-references/delegate-pool.ts, delegate-drep.ts): registered on preprod, seeded on the devnet. */
const EXAMPLE_POOL = { poolId: "pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku", keyHash: "9c6120440ce518cc375de37536e1c0f0e28beedd4e11a7a053fb923b" };
const EXAMPLE_DREP = { drepId: "drep1y29h2q6cst2pvkl2sqqvf5ljcy36uv7pmy482xnczddzgqshus24w", kind: "key", hash: "8b75035882d4165bea8000c4d3f2c123ae33c1d92a751a78135a2402" };

const CREATED = "True when this call registered it; false when it was registered already (by a certificate, or seeded before), and nothing changed.";

export const StakePoolBody = Type.Object(
  {
    poolId: Type.String({
      maxLength: 200,
      description: "The stake pool's id: bech32 (pool1…) or the operator's key hash as 56 hex digits.",
      examples: [EXAMPLE_POOL.poolId],
    }),
  },
  { additionalProperties: false, description: "The stake pool to register on the devnet, by its id alone.", examples: [{ poolId: EXAMPLE_POOL.poolId }] },
);

export const StakePoolResponse = Type.Object(
  {
    poolId: Type.String({ description: "The pool's bech32 id (pool1…)." }),
    keyHash: Hash28("The operator's key hash, hex: what delegation certificates name."),
    created: Type.Boolean({ description: CREATED }),
  },
  { description: "The pool, registered on the devnet.", examples: [{ ...EXAMPLE_POOL, created: true }] },
);

export const DRepBody = Type.Object(
  {
    drepId: Type.String({
      maxLength: 200,
      description:
        "The DRep's id: drep1… (CIP-129, or the older form of a key hash, as the hosted API's examples send it), drep_vkh1…, drep_script1…, drep_vk1…, " +
        "or its hex (a key hash, or CIP-129's 29 bytes). Not always-abstain nor always-no-confidence: those need no registration.",
      examples: ["drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd"],
    }),
  },
  { additionalProperties: false, description: "The DRep to register on the devnet, by its id alone.", examples: [{ drepId: "drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd" }] },
);

export const DRepResponse = Type.Object(
  {
    drepId: Type.String({ description: "The DRep's CIP-129 id (drep1…)." }),
    kind: Type.Union([Type.Literal("key"), Type.Literal("script")], { description: "key: the DRep is a key hash; script: a script hash." }),
    hash: Hash28("The DRep's key or script hash, hex."),
    created: Type.Boolean({ description: CREATED }),
  },
  { description: "The DRep, registered on the devnet.", examples: [{ ...EXAMPLE_DREP, created: true }] },
);
