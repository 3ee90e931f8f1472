// FROZEN v2 (see scripts.ts): what differs between the honest v2 and v2.1 transactions. A v2
// tournament is created by contracts/test/tournament-txs.ts' createPlan with the v2 scripts;
// registering, cancelling a registration, adding and settling use the same plans as v2.1 (the
// data layouts did not change). Only the close differs: v2 gives each participant the entry fee
// back and the admin everything else, even from a full bracket (v2.1 shares the deposit too).
import {
  CANCEL_REDEEMER,
  MINT_BURN_REDEEMER,
  REFUND_REDEEMER,
} from "../../src/tournament/datum.js";
import { lovelaceOf, type TxPlan, type Wallet } from "../test/helpers.js";
import { afterDeadline, datumOf, prizeOut, type Scripts, type Tournament } from "../test/tournament-txs.js";
import type { UTxO } from "@meshsdk/common";
import { v2RegistrationScript, v2TournamentScript } from "./scripts.js";

/** The v2 scripts, for createPlan and createTournament. */
export const V2_SCRIPTS: Scripts = {
  get tournament() {
    return v2TournamentScript();
  },
  registration: v2RegistrationScript,
};

/** The v2 cancel (the admin) or refund (anyone, after the deadline): entry fees back in 0..N-1, the rest to the admin in N. */
export function v2ClosePlan(t: Tournament, payer: Wallet, current: UTxO, how: "cancel" | "refund"): TxPlan {
  const d = datumOf(current);
  const fee = t.config.entryFee;
  const refunds = fee > 0n ? d.participants.map((p, k) => prizeOut(t, p, fee, k)) : [];
  const n = d.participants.length;
  const rest = lovelaceOf(current) - fee * BigInt(n);
  const remainder = prizeOut(t, t.config.adminAddress, rest, n);
  return {
    payer,
    scriptInputs: [{ utxo: current, redeemer: how === "cancel" ? CANCEL_REDEEMER : REFUND_REDEEMER, script: t.refs.tournament }],
    walletInputs: [],
    mints: [{ script: t.refs.tournament, name: t.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs: [...refunds, remainder],
    requiredSigners: how === "cancel" ? [payer.pkh] : [],
    signers: [],
    ...(how === "refund" ? { validFrom: afterDeadline(t.config.settleBy) } : {}),
  };
}
