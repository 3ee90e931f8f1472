// Who must sign a tournament transaction, read from the outputs it spends: a tournament output (one
// NFT of the policy that is its own script's hash, a tournament datum: v2.1's list or a v3 pool's)
// names its admin, whose key signs adds, settlements and cancels; a registration (a script output
// whose inline datum is exactly a key address) names its registrant, whose key signs its
// cancellation. A ledger refusal for a
// missing signature then names the address and the role (src/tx/submit/ledger-refusals.ts), not the key
// hash alone.
import type { UTxO } from "../cardano/types.js";
import { paymentCredentialOf } from "../cardano/address-rules.js";
import { isLovelace, outRefOf } from "../cardano/utxo.js";
import type { Network } from "../config.js";
import { decodeRegistrationDatum, decodeTournamentDatum } from "./datum.js";
import { decodePoolDatum } from "./pool-datum.js";

/** An address whose payment key a transaction needs, and the role that key signs in. */
export interface KeyRole {
  readonly address: string;
  /** A phrase: "the admin of tournament <id>", "the registrant of registration <tx hash>#<index>". */
  readonly role: string;
}

/** The payment key hash → address and role of each admin and registrant the spent outputs name. */
export function tournamentKeyRoles(network: Network, spent: readonly UTxO[]): Map<string, KeyRole> {
  const mainnet = network === "mainnet";
  const roles = new Map<string, KeyRole>();
  const keyOf = (address: string): string | null => {
    const payment = paymentCredentialOf(address);
    return payment && !payment.isScript ? payment.hash : null;
  };
  for (const u of spent) {
    const script = paymentCredentialOf(u.output.address);
    const datum = u.output.plutusData;
    if (script?.isScript !== true || datum === undefined) continue;
    const nft = u.output.amount.find(
      (a) => !isLovelace(a) && a.unit.startsWith(script.hash) && a.unit.length === 56 + 64 && a.quantity === "1",
    );
    const tournament =
      nft === undefined ? null : (decodeTournamentDatum(datum, mainnet) ?? decodePoolDatum(datum, mainnet));
    if (nft !== undefined && tournament !== null) {
      const admin = tournament.config.adminAddress;
      const key = keyOf(admin);
      if (key !== null) roles.set(key, { address: admin, role: `the admin of tournament ${nft.unit.slice(56)}` });
      continue;
    }
    const registrant = decodeRegistrationDatum(datum, mainnet);
    const key = registrant === null ? null : keyOf(registrant);
    if (registrant !== null && key !== null && !roles.has(key)) {
      roles.set(key, { address: registrant, role: `the registrant of registration ${outRefOf(u)}` });
    }
  }
  return roles;
}
