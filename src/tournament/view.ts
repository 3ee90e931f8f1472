// The Tournament object of the API, from a tournament's on-chain state (amounts as decimal strings).
import type { TournamentState } from "./read.js";

export interface TournamentView {
  tournamentId: string;
  name: string;
  adminAddress: string;
  bracketSize: number;
  entryFee: string;
  payoutStructure: string[];
  fixedPayouts: [string, string][];
  participants: string[];
  status: "open" | "full";
  outputRef: string;
  lovelace: string;
  contractTitle: string;
  contractVersion: string;
  policyId: string;
  registrationAddress: string;
}

export function viewOf(t: TournamentState): TournamentView {
  const c = t.datum.config;
  return {
    tournamentId: t.tournamentId,
    name: c.name,
    adminAddress: c.adminAddress,
    bracketSize: c.bracketSize,
    entryFee: c.entryFee.toString(),
    payoutStructure: c.payoutStructure.map(String),
    fixedPayouts: c.fixedPayouts.map((f) => [f.address, f.amount.toString()]),
    participants: [...t.datum.participants],
    status: t.datum.participants.length >= c.bracketSize ? "full" : "open",
    outputRef: `${t.utxo.input.txHash}#${t.utxo.input.outputIndex}`,
    lovelace: t.lovelace.toString(),
    contractTitle: t.contract.contractTitle,
    contractVersion: t.contract.contractVersion,
    policyId: t.contract.policyId,
    registrationAddress: t.registrationAddress,
  };
}
