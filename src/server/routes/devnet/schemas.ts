// The devnet's faucet and clock: what to fund, how far to move; the pools and DReps it seeds; its
// reset, its snapshots, and what GET /devnet tells of it.
import { Type } from "typebox";
import { Amount, Hash28 } from "../../schemas.js";
import { Address } from "../addresses/schemas.js";
import { SNAPSHOT_NAME_PATTERN } from "../../../chain/devnet/snapshots.js";
import { DEVNET_MAX_ROLLBACK } from "../../../chain/port.js";

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
const EXAMPLE_POOL = {
  poolId: "pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku",
  keyHash: "9c6120440ce518cc375de37536e1c0f0e28beedd4e11a7a053fb923b",
};
const EXAMPLE_DREP = {
  drepId: "drep1y29h2q6cst2pvkl2sqqvf5ljcy36uv7pmy482xnczddzgqshus24w",
  kind: "key",
  hash: "8b75035882d4165bea8000c4d3f2c123ae33c1d92a751a78135a2402",
};

const CREATED =
  "True when this call registered it; false when it was registered already (by a certificate, or seeded before), and nothing changed.";

export const StakePoolBody = Type.Object(
  {
    poolId: Type.String({
      maxLength: 200,
      description: "The stake pool's id: bech32 (pool1…) or the operator's key hash as 56 hex digits.",
      examples: [EXAMPLE_POOL.poolId],
    }),
  },
  {
    additionalProperties: false,
    description: "The stake pool to register on the devnet, by its id alone.",
    examples: [{ poolId: EXAMPLE_POOL.poolId }],
  },
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
  {
    additionalProperties: false,
    description: "The DRep to register on the devnet, by its id alone.",
    examples: [{ drepId: "drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd" }],
  },
);

export const DRepResponse = Type.Object(
  {
    drepId: Type.String({ description: "The DRep's CIP-129 id (drep1…)." }),
    kind: Type.Union([Type.Literal("key"), Type.Literal("script")], {
      description: "key: the DRep is a key hash; script: a script hash.",
    }),
    hash: Hash28("The DRep's key or script hash, hex."),
    created: Type.Boolean({ description: CREATED }),
  },
  { description: "The DRep, registered on the devnet.", examples: [{ ...EXAMPLE_DREP, created: true }] },
);

// ── Reset, snapshots and the devnet's own description ────────────────────────────────

/** A devnet's description as the service answers it (GET /devnet, and after a reset or a restore). */
const DEVNET_EXAMPLE = {
  systemStart: 1795516414000,
  slotLengthMs: 1000,
  slotsPerBlock: 1,
  tip: { slot: 77, time: 1795516491000 },
  faucet: {
    address: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
    maxLovelace: "1000000000000",
    defaultLovelace: "10000000000",
  },
  utxoCount: 1,
};

export const DevnetResponse = Type.Object(
  {
    systemStart: Type.Integer({
      description:
        "Unix milliseconds of slot 0: slot N starts at systemStart + N × slotLengthMs, for ever (a reset or a restore keeps it).",
    }),
    slotLengthMs: Type.Integer({
      description:
        "Milliseconds per slot (1000): the clock follows the wall clock, plus what POST /devnet/advance added.",
    }),
    slotsPerBlock: Type.Integer({
      description:
        "Slots per block: 1. The devnet makes one block every slot, empty ones included, so a block's height is its slot number and a transaction is in the block of the slot at which the devnet accepted it.",
    }),
    tip: Type.Object(
      {
        slot: Type.Integer({ description: "The current slot (= the height of the latest block)." }),
        time: Type.Integer({ description: "Unix milliseconds of that slot's start." }),
      },
      { description: "The devnet's tip now." },
    ),
    faucet: Type.Object(
      {
        address: Type.String({
          description:
            "The faucet's address, where the genesis funds sit (its key is the devnet's own; a reset makes a new one).",
        }),
        maxLovelace: Type.String({
          description:
            "The most one POST /devnet/faucet sends (DEVNET_FAUCET_MAX_LOVELACE), lovelace as a decimal string.",
        }),
        defaultLovelace: Type.String({
          description: "What POST /devnet/faucet sends when it names no amount, lovelace as a decimal string.",
        }),
      },
      { description: "The faucet." },
    ),
    utxoCount: Type.Integer({ description: "Unspent outputs in the ledger." }),
  },
  {
    description: "The devnet: its clock and block cadence, its tip, its faucet and the size of its ledger.",
    examples: [DEVNET_EXAMPLE],
  },
);

export const ResetBody = Type.Object(
  {
    confirm: Type.Literal("reset", {
      description:
        'Confirms the reset, which deletes every UTxO, transaction and registration of the devnet (its snapshots stay): send {"confirm": "reset"}.',
      examples: ["reset"],
    }),
  },
  {
    additionalProperties: false,
    description: 'Confirms the reset: {"confirm": "reset"}.',
    examples: [{ confirm: "reset" }],
  },
);

export const RESET_ANSWER = { ...DEVNET_EXAMPLE, tip: { slot: 80, time: 1795516494000 } };

/** The snapshot names the routes take (./snapshots.ts keeps its files under these names). */
const SnapshotName = (description: string) =>
  Type.String({
    pattern: SNAPSHOT_NAME_PATTERN,
    description: `${description} A short slug: 1 to 48 lower-case letters, digits, "-" or "_", starting with a letter or a digit.`,
  });

export const SaveSnapshotBody = Type.Object(
  {
    name: SnapshotName("The snapshot's name."),
    overwrite: Type.Optional(
      Type.Boolean({
        description: "Replace the snapshot of this name if there is one (default false: a name in use is a 409).",
      }),
    ),
  },
  { additionalProperties: false, description: "The snapshot to save.", examples: [{ name: "before-settle" }] },
);

export const SnapshotParams = Type.Object(
  { name: SnapshotName("The snapshot's name.") },
  { additionalProperties: false },
);

const SNAPSHOT_EXAMPLE = { name: "before-settle", slot: 77, savedAt: "2026-11-26T19:41:31.000Z", bytes: 57344 };

export const SnapshotResponse = Type.Object(
  {
    name: Type.String({ description: "The snapshot's name." }),
    slot: Type.Integer({ description: "The devnet's slot when it was saved: a restore resumes the clock there." }),
    savedAt: Type.String({ format: "date-time", description: "When it was saved (UTC, ISO 8601)." }),
    bytes: Type.Integer({ description: "The size of its file under DATA_DIR/snapshots." }),
  },
  { description: "A saved snapshot of the devnet.", examples: [SNAPSHOT_EXAMPLE] },
);

export const SnapshotList = Type.Object(
  {
    snapshots: Type.Array(SnapshotResponse, { description: "The saved snapshots, oldest first." }),
    limit: Type.Integer({
      description:
        "How many the devnet keeps at most (DEVNET_SNAPSHOT_LIMIT); saving one more is a 409 until one is deleted.",
    }),
  },
  { description: "The devnet's snapshots.", examples: [{ snapshots: [SNAPSHOT_EXAMPLE], limit: 20 }] },
);

export const RestoreResponse = Type.Object(
  {
    snapshot: SnapshotResponse,
    devnet: DevnetResponse,
  },
  {
    description: "The snapshot restored, and the devnet as it is now.",
    examples: [{ snapshot: SNAPSHOT_EXAMPLE, devnet: DEVNET_EXAMPLE }],
  },
);

export const RollbackBody = Type.Object(
  {
    blocks: Type.Integer({
      minimum: 1,
      maximum: DEVNET_MAX_ROLLBACK,
      description: `How many of the last non-empty blocks to undo (a block: the transactions accepted at one slot), from 1 to ${DEVNET_MAX_ROLLBACK}.`,
      examples: [1],
    }),
  },
  { additionalProperties: false, description: "How deep the fork goes.", examples: [{ blocks: 1 }] },
);

const TxId = (description: string) => Type.String({ pattern: "^[0-9a-f]{64}$", description });

export const RollbackResponse = Type.Object(
  {
    rolledBack: Type.Array(
      Type.Object(
        {
          txHash: TxId("The transaction's id."),
          slot: Type.Integer({ description: "The slot (block) it had been accepted at." }),
        },
        { description: "A transaction taken off the chain." },
      ),
      { description: "The transactions of the blocks undone, in the order they had been accepted." },
    ),
    reapplied: Type.Array(TxId("The transaction's id."), {
      description:
        "Those applied again at `slot`, in that order (each still valid there, its inputs unspent): confirmed again, in a block with a new hash.",
    }),
    expired: Type.Array(
      Type.Object(
        {
          txHash: TxId("The transaction's id."),
          reason: Type.String({
            description: "Why the ledger refuses it now (its validity interval is over, an input is spent).",
          }),
        },
        { description: "A transaction that could not go back on the chain." },
      ),
      {
        description: "Those that could not: gone from the chain, their outputs with them, their inputs unspent again.",
      },
    ),
    slot: Type.Integer({
      description:
        "The slot the transactions were applied again at: the clock's, moved to one after the last block undone if it was not past it.",
    }),
    tip: Type.Object(
      {
        slot: Type.Integer({ description: "The devnet's slot now." }),
        time: Type.Integer({ description: "Unix milliseconds of that slot's start." }),
      },
      { description: "The devnet's clock after the rollback (it never goes back)." },
    ),
  },
  { description: "What the rollback undid, applied again and expired." },
);
