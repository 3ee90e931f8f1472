// The tournament scripts' failure messages. The Helios sources keep the sentences; the compiled
// scripts carry a short code instead (contracts.ts swaps them before compiling): every byte of a
// reference script is paid for by every transaction that uses it (15 lovelace a byte), and the
// sentences were 1.5 KB of the 9 KB tournament script. Codes are stable: add new ones at the end
// (the frozen v2.1 in contracts/v2.1 and v2 in contracts/v2 compile with this table too: keep the
// messages they use; v3 added T69 on).

const TRACE_MESSAGES = {
  T01: "seed not consumed",
  T02: "must mint exactly one NFT",
  T03: "no well-formed tournament output",
  T04: "NFT must go to the tournament validator, without a stake credential",
  T05: "tournament output holds ada and the NFT only",
  T06: "malformed tournament datum",
  T07: "admin must be a key credential",
  T08: "name too long",
  T09: "bracket size out of range",
  T10: "negative entry fee",
  T11: "too many placements",
  T12: "too many fixed payouts",
  T13: "payouts must be positive",
  T14: "fixed payouts must be positive",
  T15: "amounts too large",
  T16: "participants must start empty",
  T17: "deposit does not cover the prizes",
  T18: "deadline must follow the validity interval",
  T19: "deadline too far after the validity start",
  T20: "burn only",
  T21: "not a tournament output",
  T22: "admin signature missing",
  T23: "the deadline has passed",
  T24: "one tournament per transaction",
  T25: "NFT not burnt",
  T26: "first output must continue the tournament",
  T27: "tournament datum must be [config, participants]",
  T28: "configuration changed",
  T29: "bracket overflow",
  T30: "participants changed",
  T31: "nothing added",
  T32: "registration not appended",
  T33: "appended address differs from registration",
  T34: "appended addresses without registrations",
  T35: "no other script may be spent with an add",
  T36: "overpayment returned to the wrong address",
  T37: "overpayment not returned",
  T38: "overpayment output not tagged",
  T39: "tournament output must grow by the entry fees",
  T40: "bracket not full",
  T41: "one winner per placement",
  T42: "winners must be distinct participants",
  T43: "placement paid to the wrong address",
  T44: "placement underpaid",
  T45: "placement output not tagged",
  T46: "fixed payout paid to the wrong address",
  T47: "fixed payout underpaid",
  T48: "fixed payout output not tagged",
  T49: "refund only after the deadline",
  T50: "refund paid to the wrong address",
  T51: "refund underpaid",
  T52: "refund output not tagged",
  T53: "remainder paid to another address than the admin",
  T54: "remainder underpaid",
  T55: "remainder output not tagged",
  T56: "registrant signature missing",
  T57: "registrant must be a key credential",
  T58: "tournament not spent in this transaction",
  T59: "a registration cannot be taken where a tournament is created",
  T60: "registrant is not a key address",
  // v2.1 (issue #19).
  T61: "admin must be a key address without a pointer",
  T62: "fixed payout must be a key address without a pointer",
  T63: "entry fee must be 0 or at least the minimum payout",
  T64: "free tournament's prizes too small to share",
  T65: "tournament output carries a reference script",
  T66: "overpayment too small to return",
  T67: "registration carries a reference script",
  T68: "registration holds tokens",
  // v3 (issue #23, contracts/V3-DESIGN.md).
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

const codeOf = new Map<string, string>(Object.entries(TRACE_MESSAGES).map(([code, message]) => [message, code]));

/** A Helios source with each trace message replaced by its code; throws on a message not in the table. */
export function withTraceCodes(source: string, file: string): string {
  return source.replace(/trace_if_false\("([^"]*)"\)/g, (_, message: string) => {
    const code = codeOf.get(message);
    if (code === undefined)
      throw new Error(`${file}: trace message "${message}" has no code in src/tournament/traces.ts`);
    return `trace_if_false("${code}")`;
  });
}

/** Text (an evaluator's or the ledger's answer) with each trace code followed by its message. */
export function explainTraces(text: string): string {
  return text.replace(/\bT(\d{2})\b/g, (code: string) => {
    const message = (TRACE_MESSAGES as Record<string, string>)[code];
    return message === undefined ? code : `${message} (${code})`;
  });
}
