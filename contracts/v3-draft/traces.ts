// The v3 draft's trace codes: the messages the draft adds to v2.1's table (src/tournament/traces.ts),
// numbered after its last code, so that §9 commit 4 appends them there as they are. A message v2.1
// already has keeps v2.1's code (withTraceCodes).
import { withTraceCodes } from "../../src/tournament/traces.js";

export const DRAFT_TRACE_MESSAGES = {
  T69: "pool datum must be [config, count, peaks]",
  T70: "seat count differs from the registrations added",
  T71: "peaks differ from the registrations added",
  T72: "winner is not a seat",
  T73: "winners not proven",
  T74: "proof does not end at the root",
  T75: "join of non-siblings",
  T76: "sibling of the root",
  T77: "batches where nothing is owed",
  T78: "batches where the close pays every seat",
  T79: "refunds do not pay the seats",
  T80: "one subroot per batch",
  T81: "subroots do not make the root",
  T82: "batch output not at the batch validator",
  T83: "batch output holds tokens",
  T84: "batch output carries a reference script",
  T85: "batch underfunded",
  T86: "batch datum differs",
  T87: "one batch per transaction",
  T88: "seat underpaid",
  T89: "seat output not tagged",
  T90: "outputs do not pay the batch's seats",
} as const;

const draftCodeOf = new Map<string, string>(
  Object.entries(DRAFT_TRACE_MESSAGES).map(([code, message]) => [message, code]),
);

/** A draft source with each trace message replaced by its code: the draft's, else v2.1's (throws on neither). */
export function withDraftTraceCodes(source: string, file: string): string {
  return source.replace(/trace_if_false\("([^"]*)"\)/g, (whole, message: string) => {
    const code = draftCodeOf.get(message);
    return code === undefined ? withTraceCodes(whole, file) : `trace_if_false("${code}")`;
  });
}

/** The code of a draft message (for tests' assertions). */
export const draftCode = (message: (typeof DRAFT_TRACE_MESSAGES)[keyof typeof DRAFT_TRACE_MESSAGES]): string =>
  draftCodeOf.get(message)!;
