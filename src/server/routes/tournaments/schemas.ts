// TypeBox schemas of the tournament endpoints: every field described, every answer typed.
import { Type, type Static } from "typebox";
import * as limits from "../../../tournament/limits.js";
import { EXIT_RULE } from "../../../tournament/rules.js";
import { PRODUCTION_TREE } from "../../../tournament/seat-tree.js";
import { LISTED_PARTICIPANTS } from "../../../tournament/view.js";
import { Cursor, Limit, MAX_PAGE_LIMIT, NextCursor, PageStateAlias } from "../../pagination.js";
import { Amount, Hash32, Hex } from "../../schemas.js";
import { Address, UtxoString } from "../addresses/schemas.js";

const OutRef = (description: string) => Type.String({ pattern: "^[0-9a-fA-F]{64}#[0-9]{1,5}$", description });
const Lovelace = (description: string) =>
  Type.String({ pattern: "^[0-9]+$", description: `${description} Lovelace, as a decimal string.` });
const TournamentId = Hash32(
  "The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).",
);
const BodyTournamentId = Type.Optional(
  Hash32("The tournament ID again, as clients of the hosted API send it; when present it must equal the path's."),
);

const contractFields = {
  contractTitle: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description:
        "Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404.",
    }),
  ),
  contractVersion: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, ' +
        "whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404.",
    }),
  ),
};

const UnixMs = (description: string) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: `${description} Unix milliseconds.` });

/** `utxos`: optional on every network; left out (or empty), the paying party's UTxOs are read from the chain. */
const Utxos = (description: string, party: string) =>
  Type.Optional(
    Type.Array(UtxoString, {
      maxItems: 500,
      description:
        `${description} When absent or empty ([] as the hosted API's examples send it), the UTxOs at ${party} are read from the chain ` +
        "(as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 " +
        "reference token, say); a refusal about them names that address. A multi-account wallet should still send its own.",
    }),
  );

export const TournamentParams = Type.Object({ tournamentId: TournamentId });
export type TournamentParams = Static<typeof TournamentParams>;

export const ContractQuery = Type.Object(contractFields, { additionalProperties: false });
export type ContractQuery = Static<typeof ContractQuery>;

/** GET /tournaments/{tournamentId}: the contract, and which page of the participants. */
export const TournamentQuery = Type.Object(
  {
    participantsLimit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE_LIMIT,
        description: `Participants per page, 1 to ${MAX_PAGE_LIMIT}; ${MAX_PAGE_LIMIT} when absent (a bracket of up to ${MAX_PAGE_LIMIT} on one page).`,
        examples: [20],
      }),
    ),
    participantsPage: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description:
          "Which page of the participants (in seat order) the answer's `participants` is, from 1; 1 when absent. A page past the last one is empty.",
        examples: [1],
      }),
    ),
    ...contractFields,
  },
  { additionalProperties: false },
);
export type TournamentQuery = Static<typeof TournamentQuery>;

export const CreateBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 256,
      description: "The tournament's name, at most 64 bytes of UTF-8 (stored in the datum).",
    }),
    adminAddress: Address(
      "The admin's address; its payment credential must be a key: the admin signs adding participants, settlement and cancel.",
    ),
    changeAddress: Type.Optional(Address("Receives the change; defaults to adminAddress.")),
    bracketSize: Type.Integer({
      description:
        `How many participants the tournament has: from ${limits.MIN_BRACKET} to ${limits.V3_MAX_BRACKET} under contract version 3.0.0 (its datum ` +
        `keeps a seat tree's root, not the list), from ${limits.MIN_BRACKET} to ${limits.MAX_BRACKET} under 2.1.0 (every add carries the whole ` +
        `participant list; more is a 400 naming the version's limit). Settlement needs a full bracket. A bracket is filled in add-participants ` +
        `transactions of up to ${limits.MAX_REGISTRATIONS_PER_ADD} and settled in one.`,
    }),
    entryFee: Type.Optional(
      Amount(
        `Lovelace each participant pays to register: 0 or at least ${limits.MIN_PAYOUT_LOVELACE} (MIN_PAYOUT_LOVELACE, the smallest payment the ` +
          "contract returns in an output of its own); 0 when absent: a free tournament, whose registrations hold their min-UTxO or " +
          `${limits.MIN_PAYOUT_LOVELACE} lovelace, whichever is more (returned to the registrant when added), and whose prizes the creator's deposit ` +
          `pays (0, or at least bracketSize × ${limits.MIN_PAYOUT_LOVELACE} lovelace: a cancel or refund of a full bracket shares them among the players).`,
      ),
    ),
    payoutStructure: Type.Array(Amount("Lovelace paid to this placement (1st, 2nd, ...)."), {
      maxItems: limits.MAX_BRACKET,
      description:
        `Absolute lovelace amounts paid to the 1st, 2nd, ... placement; at most bracketSize entries and at most ${limits.MAX_PLACEMENTS} (what one ` +
        "settlement transaction can pay within the ledger's execution limits, besides the fixed payouts). Whatever they and fixedPayouts exceed a " +
        "full bracket's entry fees (bracketSize × entryFee) by, the creator deposits at creation (the answer's `deposit`): the prizes are guaranteed on chain.",
    }),
    fixedPayouts: Type.Optional(
      Type.Array(
        Type.Tuple([Address("The address paid."), Amount("Lovelace paid to it at settlement.")], {
          description: "[address, amount]: a fixed payout made at settlement.",
        }),
        {
          maxItems: limits.MAX_FIXED_PAYOUTS,
          description: `Fixed payouts made at settlement besides the placements (e.g. an organizer's fee); at most ${limits.MAX_FIXED_PAYOUTS}.`,
        },
      ),
    ),
    settleBy: Type.Optional(
      UnixMs(
        "The settlement deadline: participants are added and the tournament settled before it; from then on anyone can refund it " +
          `(POST /tournaments/{tournamentId}/refund). Default: ${limits.DEFAULT_SETTLE_WINDOW_MS / limits.DAY_MS} days after the chain's time now. At least ` +
          `${limits.MIN_SETTLE_WINDOW_MS / 60_000} minutes and at most ${limits.MAX_SETTLE_WINDOW_MS / limits.DAY_MS} days after the chain's time now (else 400).`,
      ),
    ),
    utxos: Utxos(
      "UTxO strings that pay for the transaction; the first one is consumed and names the tournament (its ID derives from it). One must hold only ADA, 5 ADA or more, for collateral.",
      "adminAddress (the first of them in ledger order, by output reference, without a datum or a reference script, is the one consumed)",
    ),
    ...contractFields,
  },
  { additionalProperties: false, description: "A new tournament." },
);
export type CreateBody = Static<typeof CreateBody>;

export const RegisterBody = Type.Object(
  {
    tournamentId: BodyTournamentId,
    registererAddress: Address(
      "The registrant's address (key payment credential): the registration's datum, and who may cancel it.",
    ),
    changeAddress: Type.Optional(Address("Receives the change; defaults to registererAddress.")),
    utxos: Utxos("UTxO strings that pay the entry fee and the transaction fee.", "registererAddress"),
    ...contractFields,
  },
  { additionalProperties: false, description: "A registration to a tournament." },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const UnregisterBody = Type.Object(
  {
    tournamentId: BodyTournamentId,
    registererAddress: Address(
      "The registrant's address: it must be the registration's datum; it receives the refund and must sign.",
    ),
    changeAddress: Type.Optional(Address("Receives the change; defaults to registererAddress.")),
    outputRef: OutRef("The registration output to cancel, <tx hash>#<index>."),
    utxos: Utxos(
      "UTxO strings that pay the transaction fee; one must hold only ADA, 5 ADA or more, for collateral.",
      "registererAddress",
    ),
    ...contractFields,
  },
  { additionalProperties: false, description: "The cancellation of a registration." },
);
export type UnregisterBody = Static<typeof UnregisterBody>;

export const ParticipantsBody = Type.Object(
  {
    tournamentId: BodyTournamentId,
    adminAddress: Address("The tournament's admin address: only the admin adds participants, and signs."),
    changeAddress: Type.Optional(Address("Receives the change; defaults to adminAddress.")),
    registrations: Type.Array(
      Type.Object(
        {
          address: Address("The registrant's address, as the registration's datum names it."),
          outputRef: OutRef("The registration output, <tx hash>#<index>."),
        },
        { additionalProperties: false, description: "A registration to consume." },
      ),
      {
        minItems: 1,
        maxItems: limits.MAX_BRACKET,
        description:
          `The registrations to add, at most ${limits.MAX_REGISTRATIONS_PER_ADD} per request (more would exceed the ledger's execution limits: a 400 ` +
          "asks to split them into several requests, each submitted before the next). Their addresses are appended in the ledger's input order (by output reference).",
      },
    ),
    utxos: Utxos(
      "The admin's UTxO strings: they pay the fee and what underpaid registrations lack; one must hold only ADA, 5 ADA or more, for collateral.",
      "adminAddress",
    ),
    ...contractFields,
  },
  { additionalProperties: false, description: "Registrations to add as participants." },
);
export type ParticipantsBody = Static<typeof ParticipantsBody>;

export const SettleBody = Type.Object(
  {
    tournamentId: BodyTournamentId,
    adminAddress: Address("The tournament's admin address: only the admin settles, and signs."),
    changeAddress: Type.Optional(
      Address("Receives the change and what is left of the prize pool; defaults to adminAddress."),
    ),
    results: Type.Array(Address("A participant's address."), {
      minItems: 1,
      maxItems: limits.MAX_BRACKET,
      description:
        "Participants in placement order (1st first), no duplicates, at least as many as payoutStructure; the first payoutStructure.length are paid.",
    }),
    utxos: Utxos(
      "The admin's UTxO strings: they pay the fee; one must hold only ADA, 5 ADA or more, for collateral.",
      "adminAddress",
    ),
    ...contractFields,
  },
  { additionalProperties: false, description: "The results of a tournament." },
);
export type SettleBody = Static<typeof SettleBody>;

/** Seats per batch of a v3 close: 2^BATCH_HEIGHT of the production seat tree (64). */
const BATCH_SEATS = 2 ** PRODUCTION_TREE.batchHeight;
/** The highest batch number: the last batch of a full bracket of V3_MAX_BRACKET (15). */
const MAX_BATCH = limits.V3_MAX_BRACKET / BATCH_SEATS - 1;

const BatchField = Type.Optional(
  Type.Integer({
    minimum: 0,
    maximum: MAX_BATCH,
    description:
      `v3 only, after the close: the batch this call pays (0 is seats 0..${BATCH_SEATS - 1}, 1 seats ${BATCH_SEATS}..` +
      `${2 * BATCH_SEATS - 1}, …, ${MAX_BATCH} the last of a full bracket of ${limits.V3_MAX_BRACKET.toLocaleString("en-US")}), so that ` +
      "several callers can pay different batches at once; absent: the lowest unpaid. Refused with 400 before the close, when that batch " +
      "is paid already, or under 2.1.0 (no batches).",
  }),
);

export const CancelBody = Type.Object(
  {
    tournamentId: BodyTournamentId,
    adminAddress: Address("The tournament's admin address: only the admin cancels, and signs."),
    changeAddress: Type.Optional(
      Address(
        "Receives the change; defaults to adminAddress. (The admin's share of the tournament output goes to adminAddress, as the contract requires.)",
      ),
    ),
    utxos: Utxos(
      "The admin's UTxO strings: they pay the fee; one must hold only ADA, 5 ADA or more, for collateral.",
      "adminAddress",
    ),
    batch: BatchField,
    ...contractFields,
  },
  { additionalProperties: false, description: "The admin's cancellation of a tournament." },
);
export type CancelBody = Static<typeof CancelBody>;

export const RefundBody = Type.Object(
  {
    tournamentId: BodyTournamentId,
    address: Type.Optional(
      Address(
        "The caller's address (anyone may refund): it receives the change unless changeAddress is given. Defaults to the address of the first key-locked UTxO of utxos.",
      ),
    ),
    changeAddress: Type.Optional(Address("Receives the change; defaults to address.")),
    utxos: Utxos(
      "The caller's UTxO strings: they pay the fee; one must hold only ADA, 5 ADA or more, for collateral.",
      "address (else changeAddress; one of them is then needed)",
    ),
    batch: BatchField,
    ...contractFields,
  },
  { additionalProperties: false, description: "A refund of a tournament whose settlement deadline has passed." },
);
export type RefundBody = Static<typeof RefundBody>;

export const ListQuery = Type.Object(
  {
    limit: Limit("Tournaments", "100"),
    cursor: Cursor(),
    pageState: PageStateAlias,
    ...contractFields,
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const RegistrationsQuery = Type.Object(
  {
    valid: Type.Optional(
      Type.Boolean({ description: "true: only valid registrations; false: only invalid ones; all when absent." }),
    ),
    limit: Limit("Registrations", "100"),
    cursor: Cursor(" Here a cursor is a page number, from 1 (as the hosted API's cursor).", {
      pattern: "^[1-9][0-9]{0,6}$",
    }),
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description: "Same as cursor: the page number, from 1; 1 when absent.",
      }),
    ),
    ...contractFields,
  },
  { additionalProperties: false },
);
export type RegistrationsQuery = Static<typeof RegistrationsQuery>;

const Payment = Type.Object(
  {
    address: Type.String({ description: "The address paid." }),
    lovelace: Lovelace(
      "What the contract required the output to hold at least (the prize, the entry fee, or the admin's rest).",
    ),
    outputRef: Type.String({ description: "The output, <ending tx hash>#<k>." }),
  },
  { description: "A payment of the transaction that ended the tournament." },
);

export const Tournament = Type.Object(
  {
    tournamentId: TournamentId,
    name: Type.String({ description: "The tournament's name." }),
    adminAddress: Type.String({ description: "The admin's address." }),
    bracketSize: Type.Integer({ description: "How many participants the tournament has when full." }),
    entryFee: Lovelace("The entry fee."),
    payoutStructure: Type.Array(Lovelace("A placement's prize."), {
      description: "Prizes of the 1st, 2nd, ... placement.",
    }),
    fixedPayouts: Type.Array(
      Type.Tuple([Type.String({ description: "The address paid." }), Lovelace("The amount.")], {
        description: "[address, amount].",
      }),
      { description: "Fixed payouts made at settlement." },
    ),
    participants: Type.Array(Type.String({ description: "A participant's address." }), {
      description:
        "Participants, in the order they were added (seat order). GET /tournaments/{tournamentId}: one page of them (participantsPage, " +
        "participantsLimit; all of a bracket of up to 100 with the defaults). GET /tournaments: under 2.1.0 all of them (at most " +
        `${limits.MAX_BRACKET}); under 3.0.0 the first page of ${LISTED_PARTICIPANTS} (participantsPage 1, participantsLimit ` +
        `${LISTED_PARTICIPANTS}), GET /tournaments/{tournamentId} pages the rest.`,
    }),
    participantCount: Type.Integer({
      minimum: 0,
      description: "How many participants the tournament has (seats taken), on every page.",
    }),
    participantsPage: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "Which page of the participants `participants` is, from 1: from GET /tournaments/{tournamentId}, and in GET /tournaments' " +
          "entries under 3.0.0 (1 there); absent from GET /tournaments' entries under 2.1.0, which list every participant.",
      }),
    ),
    participantsLimit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE_LIMIT,
        description:
          "The page size of `participants`: from GET /tournaments/{tournamentId}, and in GET /tournaments' entries under 3.0.0 " +
          `(${LISTED_PARTICIPANTS} there); the page holds participants (participantsPage − 1) × participantsLimit onwards, and the last ` +
          "page is the one reaching participantCount.",
      }),
    ),
    status: Type.Union(
      [
        Type.Literal("open"),
        Type.Literal("full"),
        Type.Literal("expired"),
        Type.Literal("settled"),
        Type.Literal("cancelled"),
        Type.Literal("refunded"),
      ],
      {
        description:
          "open: seats left, before the deadline; full: the bracket is full and it can be settled, before the deadline; expired: the chain's time " +
          "has reached settleBy and it has not ended: nobody can add or settle any more, anyone can refund it; settled, cancelled, refunded: it " +
          "ended that way (its NFT burnt), see endedBy.",
      },
    ),
    settleBy: UnixMs(
      "The settlement deadline: adding participants and settling end there; from then on anyone can refund the tournament.",
    ),
    deposit: Lovelace(
      "The creator's deposit for the prizes: what the prizes (placements and fixed payouts) exceed a full bracket's entry fees by, 0 when the fees cover them. It sits in the tournament output on top of its min-UTxO.",
    ),
    outputRef: Type.String({
      description:
        "The output that holds the tournament NFT now, <tx hash>#<index>; for an ended tournament the last one that held it (now spent).",
    }),
    lovelace: Lovelace(
      "What the tournament output holds (the entry fees added, the deposit and the min-UTxO); for an ended tournament what its last output held.",
    ),
    contractTitle: Type.String({ description: "The contract deployment's title." }),
    contractVersion: Type.String({ description: "The contract deployment's version." }),
    policyId: Type.String({ description: "Our addition: the NFT's policy id (= the tournament script hash)." }),
    registrationAddress: Type.String({
      description: "Our addition: the address of this tournament's registration validator.",
    }),
    exitRule: Type.String({
      description:
        "How the tournament can end, one sentence, the same for every tournament (the contract enforces it): before the bracket is full " +
        "a cancel pays every entry fee back and the rest (the deposit) to the admin; once it is full a cancel or a refund pays participant k " +
        "(output k) the entry fee plus floor(D / N) of the deposit D, participant 0 also D mod N, and the admin what is left.",
      examples: [EXIT_RULE],
    }),
    endedBy: Type.Optional(
      Type.Object(
        {
          action: Type.Union([Type.Literal("settle"), Type.Literal("cancel"), Type.Literal("refund")], {
            description:
              "How it ended: settle (the admin paid the prizes), cancel (the admin refunded the entry fees), refund (anyone did, after settleBy).",
          }),
          txHash: Hash32("The transaction that spent the last tournament output and burnt the NFT."),
        },
        { description: "Only for an ended tournament (settled, cancelled, refunded): the transaction that ended it." },
      ),
    ),
    results: Type.Optional(
      Type.Array(Type.String({ description: "A participant's address." }), {
        description:
          "Only for a settled tournament: the paid placements' participants in placement order (1st first), from the settlement's redeemer.",
      }),
    ),
    payouts: Type.Optional(
      Type.Array(Payment, {
        description:
          "Only for a settled tournament: the prize outputs of the settlement, placements then fixed payouts; payout k is output k of the settling transaction, tagged [tournamentId, k].",
      }),
    ),
    refunds: Type.Optional(
      Type.Array(Payment, {
        description:
          "Only for a cancelled or refunded tournament: each participant's payment (output k for participant k, tagged [tournamentId, k]): " +
          "the entry fee back, and once the bracket was full also an equal share of the deposit (floor(deposit / N), participant 0 also the " +
          "remainder); none when that is 0 (free entry, and a bracket not full or no prizes). Then the rest of the tournament output to the " +
          "admin in the next output (output N, or output 0 when no participant is paid), tagged [tournamentId, N] where N is the number of participants. " +
          "Absent for a v3 tournament whose close split the refunds into batches of 64 seats (more than 64 participants): batch transactions pay them.",
      }),
    ),
    batches: Type.Optional(
      Type.Array(
        Type.Object(
          {
            batch: Type.Integer({
              minimum: 0,
              description: "The batch's number: output `batch` of the closing transaction.",
            }),
            seats: Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })], {
              description: "Its first and last seat.",
            }),
            outputRef: OutRef("The batch UTxO, <closing tx hash>#<batch>."),
            paidBy: Type.Union([Hash32("The transaction that paid its seats."), Type.Null()], {
              description:
                "The transaction that paid its seats; null while unpaid (POST …/refund or …/cancel pays it, anyone).",
            }),
          },
          { description: "A batch UTxO of a v3 close." },
        ),
        {
          description:
            "Only for a v3 tournament whose close split the refunds into batches (more than 64 participants): each batch, its seats, " +
            "and who paid it. Each seat is paid once, by its batch's transaction, tagged [tournamentId, seat].",
        },
      ),
    ),
  },
  {
    description:
      "A tournament as the chain holds it (live), or as its last output and the transaction that ended it say (ended).",
  },
);

export const UnreadableTournament = Type.Object(
  {
    tournamentId: TournamentId,
    status: Type.Literal("unreadable", {
      description: "An output holds the tournament's NFT, but the service cannot read it as a tournament.",
    }),
    reason: Type.String({
      description:
        "Why it cannot be read, a sentence (a datum that does not decode, another registration validator, …).",
    }),
    outputRef: Type.String({ description: "The output that holds the NFT, <tx hash>#<index>." }),
    address: Type.String({ description: "Where that output is." }),
    lovelace: Lovelace("What the output holds."),
    value: Type.Array(
      Type.Object(
        {
          unit: Type.String({ description: "lovelace, or policy id + asset name (hex)." }),
          quantity: Type.String({ pattern: "^[0-9]+$", description: "The quantity, a decimal string." }),
        },
        { description: "An asset the output holds." },
      ),
      { description: "Everything the output holds, lovelace first." },
    ),
    contractTitle: Type.String({ description: "The contract deployment's title." }),
    contractVersion: Type.String({ description: "The contract deployment's version." }),
    policyId: Type.String({ description: "The NFT's policy id (= the tournament script hash)." }),
  },
  {
    description:
      "An output holding a tournament NFT that the service cannot read: shown so that nothing holding value vanishes from the service; " +
      "no transaction is built on it (every building endpoint answers 400 with the reason).",
  },
);

/** A tournament, or an output holding a tournament NFT that cannot be read (status unreadable). */
export const AnyTournament = Type.Union([Tournament, UnreadableTournament], {
  description:
    "A tournament (status open, full, expired, settled, cancelled, refunded), or, with status unreadable, an output holding its NFT that the service cannot read.",
});

export const TxAnswer = Type.Object(
  {
    complete: Hex("The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx."),
    hash: Hash32("The transaction id (the body hash)."),
    fee: Lovelace("Our addition: the fee the transaction pays."),
  },
  { description: "An unsigned transaction." },
);

/** A cancel's or refund's answer: one transaction, the close or (v3, after a close into batches) one batch. */
export const CloseAnswer = Type.Object(
  {
    ...TxAnswer.properties,
    step: Type.Union([Type.Literal("close"), Type.Literal("batch")], {
      description:
        "close: the transaction that ends the tournament (burns the NFT); batch: one that pays a batch of up to 64 seats of a v3 tournament " +
        "whose close split its refunds into batch UTxOs (more than 64 participants).",
    }),
    batch: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: "Only for step batch: the batch this transaction pays (seats 64 × batch onwards).",
      }),
    ),
    batchesRemaining: Type.Integer({
      minimum: 0,
      description:
        "Batches still unpaid once this transaction is on chain: call again (cancel or refund, anyone) until 0. Always 0 under 2.1.0 and for a close that pays its seats itself.",
    }),
  },
  { description: "One transaction of a cancel or refund, and how many batch transactions remain after it." },
);

export const CreateAnswer = Type.Object(
  {
    ...TxAnswer.properties,
    tournamentId: TournamentId,
    deposit: Lovelace(
      "The creator's deposit for the prizes: what the prizes exceed a full bracket's entry fees by (0 when the fees cover them), locked in the tournament output on top of its min-UTxO.",
    ),
    settleBy: UnixMs("The settlement deadline in the datum (the request's, or the default)."),
  },
  { description: "The create transaction, the tournament's ID, its deposit and deadline." },
);

export const ParticipantsAnswer = Type.Object(
  {
    ...TxAnswer.properties,
    participantCount: Type.Integer({
      minimum: 1,
      description: "How many participants the tournament has once this transaction is on chain.",
    }),
    seatsLeft: Type.Integer({
      minimum: 0,
      description:
        "How many seats are still free then (bracketSize − participantCount); 0: the bracket is full and can be settled.",
    }),
    skipped: Type.Optional(
      Type.Array(
        Type.Object(
          {
            outputRef: Type.String({ description: "The registration left out, <tx hash>#<index>." }),
            address: Type.String({ description: "Its registrant's address." }),
            reason: Type.String({ description: "Why, a sentence." }),
          },
          { description: "A registration of the request that the transaction does not consume." },
        ),
        {
          description:
            "Our addition, present only when some registration of the request is left out: an address takes one seat, so a registration of a " +
            "participant, or of an address another registration of the request registers first (in the ledger's order, by output reference), " +
            "is skipped (it stays at the registration address; its registrant can unregister it). The registrations listing marks them valid false.",
        },
      ),
    ),
  },
  {
    description:
      "The add-participants transaction, the seats taken and left after it, and the registrations of the request it leaves out.",
  },
);

export const RegisterAnswer = Type.Object(
  { ...TxAnswer.properties, outputRef: OutRef("The registration output this transaction makes, <tx hash>#0.") },
  { description: "The registration transaction and its output." },
);

export const ListAnswer = Type.Object(
  {
    results: Type.Array(AnyTournament, {
      description:
        "Tournaments (and outputs holding a tournament NFT that cannot be read: status unreadable), ordered by tournament ID.",
    }),
    cursor: NextCursor,
    pageState: Type.Optional(
      Type.String({ description: "The same as cursor, under the hosted API's name; absent on the last page." }),
    ),
  },
  { description: "A page of tournaments." },
);

export const RegistrationsAnswer = Type.Object(
  {
    entryFeeLovelace: Lovelace("The tournament's entry fee."),
    results: Type.Array(
      Type.Object(
        {
          address: Type.Union([Type.String(), Type.Null()], {
            description: "The registrant's address from the datum; null when the datum is not an address.",
          }),
          outputRef: Type.String({ description: "The registration output, <tx hash>#<index>." }),
          valid: Type.Boolean({
            description:
              "true when the inline datum is a key address, the output holds ada alone, at least the entry fee, and what it holds beyond the fee can be " +
              `returned in an output of its own (at least ${limits.MIN_PAYOUT_LOVELACE} lovelace, MIN_PAYOUT_LOVELACE).`,
          }),
          reason: Type.Optional(
            Type.String({
              description:
                "Only when valid is false: why, a sentence (no inline datum, not a key address, underpaid, an overpayment too small to return, tokens). " +
                "One overpaid by too little to return, or carrying any token, is refused by an add: its registrant can unregister it.",
            }),
          ),
          paidFeesLovelace: Lovelace("What the output holds."),
        },
        { description: "A registration output." },
      ),
      { description: "Registrations, ordered by output reference." },
    ),
    page: Type.Integer({ description: "This page's number, from 1." }),
    limit: Type.Integer({ description: "The page size." }),
    cursor: NextCursor,
  },
  { description: "A page of registrations." },
);
