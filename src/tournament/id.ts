// The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference, 64 lowercase
// hex digits. It is made in four places only, each where an ID enters: the route's to-domain.ts
// (the path, and a body that repeats it), the decoder of a tournament output on the chain
// (read.ts), the page state of a listing (pages.ts) and the hash of a seed (datum.ts). Everything
// below takes the brand and neither lowercases nor checks it again.
import { lowerHex, type Brand } from "../cardano/brands.js";

export type TournamentId = Brand<string, "TournamentId">;

/** `text` as a tournament ID (any case), or null when it is not 32 bytes of hex. */
export function tournamentIdOrNull(text: string): TournamentId | null {
  return lowerHex(text, 32) as TournamentId | null;
}

/** A tournament ID the edge's schema has checked (64 hex digits), in lowercase. */
export function parseTournamentId(text: string): TournamentId {
  const id = tournamentIdOrNull(text);
  if (id === null) throw new Error(`a tournament ID is 32 bytes of hex, not "${text}"`);
  return id;
}
