// Blocks and epochs of the devnet, which has neither (docs: DESIGN-21 decision 1). One block per
// slot, empty ones included: block height = slot number, block hash = a hash derived from the
// slot; a transaction is in the block of the slot the devnet accepted it at, in order of
// acceptance. The emulator has no epochs: the devnet is in epoch 0, the epoch of its protocol
// parameters, for its whole life.
import { createHash } from "node:crypto";
import { DEVNET_PROTOCOL_PARAMETERS } from "../chain/protocol-params.js";

/** The hash standing for the block of `slot` (the devnet has no blocks). */
export const blockHashOf = (slot: number): string =>
  createHash("sha256").update(`live-ledger block at slot ${slot}`).digest("hex");

/** The devnet's only epoch: the one its protocol parameters are for. */
export const DEVNET_EPOCH = DEVNET_PROTOCOL_PARAMETERS.epoch;

/** How far back from the tip a block hash is recognised without a transaction in its block. */
const RECENT_BLOCKS = 2_000;

/**
 * The slot of a block hash the devnet handed out: a block holding a transaction (`txBlock`), or
 * one of the last RECENT_BLOCKS slots; null for any other hash.
 */
export function slotOfBlockHash(
  hash: string,
  tipSlot: number,
  txBlock: (hash: string) => number | undefined,
): number | null {
  const wanted = hash.toLowerCase();
  const withTx = txBlock(wanted);
  if (withTx !== undefined) return withTx;
  for (let slot = tipSlot; slot >= 0 && slot > tipSlot - RECENT_BLOCKS; slot--)
    if (blockHashOf(slot) === wanted) return slot;
  return null;
}

/** The devnet's network magic: the one local Cardano devnets conventionally use (its addresses are testnet ones, network id 0). */
export const DEVNET_NETWORK_MAGIC = 42;

/**
 * Blockfrost's /genesis for a devnet whose slot 0 starts at `systemStartMs` (whole seconds: the
 * devnet starts on a second). What the devnet defines is its own: one-second slots, a block in
 * every slot (active slot coefficient 1), no rollback ever (security parameter 0), one epoch for
 * its whole life (an epoch length no slot reaches). What it has no notion of (KES, the update
 * quorum, the supply) is mainnet's, whose protocol parameters it runs. SDKs read slot ↔ time for a
 * custom network from here (Lucid's SLOT_CONFIG_NETWORK.Custom, the Evolution SDK's Chain).
 */
export function genesisOf(systemStartMs: number) {
  return {
    active_slots_coefficient: 1,
    update_quorum: 5,
    max_lovelace_supply: "45000000000000000",
    network_magic: DEVNET_NETWORK_MAGIC,
    epoch_length: Number.MAX_SAFE_INTEGER,
    system_start: Math.floor(systemStartMs / 1000),
    slots_per_kes_period: 129_600,
    slot_length: 1,
    max_kes_evolutions: 62,
    security_param: 0,
  };
}
