// The tournament endpoints: thin handlers over src/tournament. Each converts the typed request
// (schemas.ts) into the domain's input (to-domain.ts), calls one domain function with the context
// app.tournaments gives (within the request part the input comes from, so that errors name its
// fields there), and returns its answer. POST /tournaments/submit-tx is the shared submit route.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import type { TxAnswer } from "../../../tournament/context.js";
import * as limits from "../../../tournament/limits.js";
import {
  add,
  cancel,
  create,
  readRegistrationsPage,
  readTournament,
  readTournamentsPage,
  refund,
  registerTo,
  settleTournament,
  unregisterFrom,
  type CloseStep,
} from "../../../tournament/operations.js";
import { cursorAsSent, PAGINATION_NOTE } from "../../pagination.js";
import { errorResponses, withExamples, withParamExamples } from "../../schemas.js";
import { required } from "../examples.js";
import * as X from "./examples.js";
import { registerSubmitRoute } from "../transactions/index.js";
import { within } from "../within.js";
import * as S from "./schemas.js";
import { LISTED_PARTICIPANTS } from "../../../tournament/view.js";
import { registrationsQuery, tournamentInputs, tournamentQuery, tournamentsQuery } from "./to-domain.js";

const TAGS = ["Tournaments"];
const CONTRACT_NOTE =
  ' contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament ' +
  "created under contracts v2.1; unknown: 404).";
const SIGN_NOTE = " The client signs `complete` and submits it with POST /tournaments/submit-tx.";
const INLINE_NOTE =
  " The tournament's registration validator (about 800 bytes, one per tournament) is attached inline: by reference it would save " +
  "about 22,000 lovelace per transaction but lock about 4.8 ADA for good in its deployment, more than a tournament's few such transactions save.";

const EXPIRED_NOTE = (what: string) =>
  ` After the settlement deadline (settleBy; status expired) ${what} is refused with a 400 that points to POST /tournaments/{tournamentId}/refund.`;
const CLOSE_NOTE =
  " The transaction burns the NFT and pays each of the N participants in outputs 0..N-1 (in participant order, output k tagged with " +
  "[tournamentId, k] as inline datum). Before the bracket is full: the entry fee back (none when entry is free), then the rest of the " +
  "tournament output (the deposit and the min-UTxO) to the admin in the next output, tagged [tournamentId, N]. Once the bracket is full " +
  "the prizes belong to the players: participant k gets the entry fee plus floor(D / N) of the deposit D (the tournament's `deposit`), " +
  "participant 0 also D mod N, and the admin only what is left (the min-UTxO), as the contract requires (the tournament's `exitRule`). " +
  "Registrations not added stay cancellable by their registrants (POST /tournaments/{tournamentId}/unregister).";

const BATCH_NOTE =
  " Under contract version 3.0.0 one transaction per call: while the tournament is live, the close (step close); a close of more than 64 " +
  "participants pays none of them but splits what they are owed into batch UTxOs of 64 seats (batchesRemaining says how many), and each " +
  "later call, to this endpoint or the other of cancel and refund, by anyone and with no signature beyond the payer's, builds the " +
  "transaction that pays one batch (step batch; body `batch` picks which, else the lowest unpaid), each seat tagged [tournamentId, seat] " +
  "and paid once. 400 when nothing is left to pay. GET /tournaments/{tournamentId} lists the batches and who paid them.";
const ANY_CONTRACT_NOTE =
  " Without contractTitle and contractVersion the tournament is looked up under every deployment the service knows (by its NFT), so that " +
  "a client needs no version to read it; with them, only under that one.";

const txJson = (t: TxAnswer) => ({ complete: t.complete, hash: t.hash, fee: t.fee.toString() });
const stepJson = (t: CloseStep) => ({
  ...txJson(t),
  step: t.step,
  ...(t.batch === undefined ? {} : { batch: t.batch }),
  batchesRemaining: t.batchesRemaining,
});

export default async function tournamentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const inputs = tournamentInputs(app.config.network);
  const context = () => app.tournaments.context();

  registerSubmitRoute(app, "/tournaments/submit-tx", {
    operationId: "submitTournamentTransaction",
    summary: "Submit a signed tournament transaction",
    tag: "Tournaments",
    examples: { request: X.TOURNAMENT_SUBMIT_REQUEST, answer: X.TOURNAMENT_SUBMIT_ANSWER },
  });

  app.post(
    "/tournaments",
    {
      schema: {
        operationId: "createTournament",
        summary: "Create a tournament",
        description:
          "Builds the transaction that mints the tournament NFT (its name, the tournament ID, derives from the first of `utxos`, which the " +
          "transaction consumes) and locks it at the tournament validator with the configuration and the settlement deadline (settleBy) as " +
          "inline datum, its validity ending before the deadline. The tournament output holds its min-UTxO plus the creator's deposit (the answer's " +
          "`deposit`): what the prizes exceed a full bracket's entry fees by, so that the prizes are guaranteed on chain; it returns to the admin " +
          "at settlement (what the prizes leave) or with a cancel or refund. A free tournament (no entryFee, or 0) with sponsored prizes " +
          `deposits them all. Refused with 400, naming the field and the limit: a name over ${limits.MAX_NAME_BYTES} bytes, a bracket outside ` +
          `${limits.MIN_BRACKET}..${limits.MAX_BRACKET}, more placements than the bracket or more than ${limits.MAX_PLACEMENTS}, more than ${limits.MAX_FIXED_PAYOUTS} fixed ` +
          "payouts (one settlement transaction pays them all), a prize below the ledger minimum of its output, entry fees of a full bracket or " +
          `prizes above ${limits.MAX_LOVELACE} lovelace, a settleBy less than ${limits.MIN_SETTLE_WINDOW_MS / 60_000} minutes or more than ` +
          `${limits.MAX_SETTLE_WINDOW_MS / limits.DAY_MS} days after the chain's time (default ${limits.DEFAULT_SETTLE_WINDOW_MS / limits.DAY_MS} days), ` +
          `an entryFee between 0 and ${limits.MIN_PAYOUT_LOVELACE} lovelace (MIN_PAYOUT_LOVELACE: an entry fee is 0 or at least that, the smallest ` +
          "payment the contract returns on its own), a free tournament whose prizes are positive but less than bracketSize × MIN_PAYOUT_LOVELACE " +
          "(a cancel or refund of its full bracket shares them among the players), an admin address or a fixed payout address that is not a key " +
          "address (a script or a pointer address), addresses of the other network family." +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        body: withExamples(S.CreateBody, X.CREATE_TOURNAMENT_REQUEST),
        response: {
          200: withExamples(S.CreateAnswer, X.CREATE_TOURNAMENT_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: required("name"),
            404: X.NO_DEPLOYMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) => {
      const result = await within("body", () => create(context(), inputs.create(request.body)));
      return {
        ...txJson(result),
        tournamentId: result.tournamentId,
        deposit: result.deposit.toString(),
        settleBy: result.settleBy,
      };
    },
  );

  app.get(
    "/tournaments",
    {
      schema: {
        operationId: "listTournaments",
        summary: "List tournaments",
        description:
          "The live tournaments of a contract deployment (open, full or expired; ended ones are read one at a time with GET " +
          "/tournaments/{tournamentId}): outputs at the tournament validator holding one tournament NFT " +
          "and a datum that decodes and names its ID's registration validator. An output there holding a token of the tournament policy " +
          "that the service cannot read (a datum that does not decode, another registration validator: the NFT policy cannot check that) is " +
          "listed too, with status unreadable, what it holds and why: whatever holds value is listed. Ordered by tournament ID. Under " +
          `3.0.0 (brackets of up to ${limits.V3_MAX_BRACKET.toLocaleString("en-US")}) an entry carries participantCount and the first page of its ` +
          `participants, ${LISTED_PARTICIPANTS} (participantsPage 1, participantsLimit ${LISTED_PARTICIPANTS}): GET ` +
          `/tournaments/{tournamentId} pages the rest; under 2.1.0 every participant (at most ${limits.MAX_BRACKET}).` +
          PAGINATION_NOTE +
          " `pageState` is the hosted API's name for the cursor, in the query and in the answer (absent on the last page)." +
          CONTRACT_NOTE,
        tags: TAGS,
        querystring: S.ListQuery,
        response: {
          200: withExamples(S.ListAnswer, X.TOURNAMENT_LIST),
          ...errorResponses(404, 503, { 400: X.LIMIT_TOO_SMALL, 404: X.NO_DEPLOYMENT }),
        },
      },
    },
    async (request) => {
      const page = await within("querystring", () =>
        cursorAsSent(request.query, "pageState", () => readTournamentsPage(context(), tournamentsQuery(request.query))),
      );
      return { ...page, cursor: page.pageState ?? null };
    },
  );

  app.get(
    "/tournaments/:tournamentId",
    {
      schema: {
        operationId: "getTournament",
        summary: "Get a tournament",
        description:
          "The tournament, as the chain holds it now: open, full or expired (settleBy reached at the chain's tip). After it ended, as its last " +
          "output and the transaction that spent it say: status settled (with results and payouts), cancelled or refunded (with refunds), and " +
          "endedBy naming that transaction; read from the chain on every backend. When the output holding its NFT cannot be read as a " +
          "tournament (its datum does not decode, or names another registration validator), status unreadable with the value it holds and " +
          "the reason (the second example); the building endpoints answer 400 for it. 404 when no output of this contract ever held its NFT. " +
          "`participants` is one page of them, in seat order: participantsLimit (1 to 100, 100 when absent) per page, page participantsPage " +
          "(from 1, 1 when absent); `participantCount` says how many there are in all, `participantsPage` and `participantsLimit` which page " +
          "this is (a bracket of up to 100 is whole on page 1 with the defaults). A 400 names the parameter out of range. A v3 tournament " +
          "whose close split its refunds into batches lists them in `batches`, each with the transaction that paid it." +
          ANY_CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        querystring: S.TournamentQuery,
        response: {
          200: withExamples(S.AnyTournament, X.TOURNAMENT, X.UNREADABLE_TOURNAMENT),
          ...errorResponses(404, 503, { 400: X.PARTICIPANTS_LIMIT_TOO_LARGE, 404: X.NO_TOURNAMENT }),
        },
      },
    },
    async (request) => readTournament(context(), tournamentQuery(request.params, request.query)),
  );

  app.post(
    "/tournaments/:tournamentId/register",
    {
      schema: {
        operationId: "registerToTournament",
        summary: "Register to a tournament",
        description:
          "Builds the transaction whose output 0 is the registration: at the tournament's registration address, holding the entry fee " +
          "(at least the ledger minimum: a free tournament's registration holds only that, returned to the registrant when added), with the " +
          "registrant's address as inline datum; `outputRef` names it. Refused with 400 when the tournament is full or expired (its settlement " +
          "deadline passed), the registrant's address is not a key address (only its key can cancel), or it takes a seat already: an address " +
          "that is a participant, or that has a valid registration waiting to be added (the message names it: unregister it first to register " +
          "again). changeAddress defaults to registererAddress; without `utxos`, the registrant's UTxOs on chain pay." +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        body: withExamples(S.RegisterBody, X.REGISTER_REQUEST),
        response: {
          200: withExamples(S.RegisterAnswer, X.REGISTER_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: required("registererAddress"),
            404: X.NO_LIVE_TOURNAMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) => {
      const result = await within("body", () => registerTo(context(), inputs.register(request.params, request.body)));
      return { ...txJson(result), outputRef: result.outputRef };
    },
  );

  app.post(
    "/tournaments/:tournamentId/unregister",
    {
      schema: {
        operationId: "unregisterFromTournament",
        summary: "Cancel a registration",
        description:
          "Builds the transaction that spends the registration (Cancel) and refunds the whole output to the registrant, who must sign it " +
          "(required signer). Refused with 400 when registererAddress is not the registration's address, or the output is not an unspent " +
          "registration of this tournament (already added or cancelled). A registration left after the tournament ended (settled, cancelled, " +
          "refunded) can still be cancelled. A registration whose datum is a datum hash, not inline, is refused with a 400 that says how its " +
          "registrant can cancel it with a transaction of their own. " +
          "changeAddress defaults to registererAddress." +
          INLINE_NOTE +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        body: withExamples(S.UnregisterBody, X.UNREGISTER_REQUEST),
        response: {
          200: withExamples(S.TxAnswer, X.UNREGISTER_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: required("registererAddress"),
            404: X.NO_LIVE_TOURNAMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) =>
      txJson(await within("body", () => unregisterFrom(context(), inputs.unregister(request.params, request.body)))),
  );

  app.get(
    "/tournaments/:tournamentId/registrations",
    {
      schema: {
        operationId: "listTournamentRegistrations",
        summary: "List a tournament's registrations",
        description:
          "Every output at the tournament's registration address, ordered by output reference, also after the tournament ended (what is left " +
          "there can be cancelled by its registrant). `valid` when its inline datum is exactly the canonical encoding of an address with a key " +
          "payment credential, it holds at least the entry fee, and what it holds beyond the fee can be returned in an output of its own (at " +
          `least ${limits.MIN_PAYOUT_LOVELACE} lovelace, MIN_PAYOUT_LOVELACE, and that output's ledger minimum when it carries tokens). An invalid ` +
          "one carries `reason`, a sentence: outputs with another datum (or none, or a datum hash) are listed with address null, a script " +
          "address as it is; neither can be added, nor can an overpayment too small to return (its registrant can unregister it); an underpaid " +
          "one can be added, the admin paying what it lacks. An address takes one seat: a registration of a participant, or of an address " +
          "that an earlier valid registration (in the ledger's order, by output reference) registers already, is invalid with the reason (an " +
          "add skips it; the service refuses to build one, a transaction built elsewhere can still make it). Filter with " +
          "`valid`." +
          PAGINATION_NOTE +
          " Here a cursor is a page number (from 1), and `page` its other name, as in the hosted API; the answer also gives `page` and `limit`." +
          ANY_CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        querystring: S.RegistrationsQuery,
        response: {
          200: withExamples(S.RegistrationsAnswer, X.REGISTRATIONS),
          ...errorResponses(404, 503, { 400: X.VALID_NOT_BOOLEAN, 404: X.NO_LIVE_TOURNAMENT }),
        },
      },
    },
    async (request) => {
      const input = await within("querystring", () => registrationsQuery(request.params, request.query));
      const { entryFee, registrations, more } = await readRegistrationsPage(context(), input);
      return {
        entryFeeLovelace: entryFee.toString(),
        results: registrations.map((r) => ({
          address: r.address,
          outputRef: r.outputRef,
          valid: r.valid,
          ...(r.reason === undefined ? {} : { reason: r.reason }),
          paidFeesLovelace: r.paidFeesLovelace.toString(),
        })),
        page: input.page,
        limit: input.limit,
        cursor: more ? String(input.page + 1) : null,
      };
    },
  );

  app.post(
    "/tournaments/:tournamentId/participants",
    {
      schema: {
        operationId: "addTournamentParticipants",
        summary: "Add participants",
        description:
          "Builds the admin's transaction that consumes the given registrations and appends their addresses to the tournament's datum, in " +
          "the ledger's input order (by output reference). Output 0 continues the tournament, grown by exactly the entry fee per participant; " +
          "the admin's UTxOs pay what an underpaid registration lacks. What a registration holds beyond the entry fee (an overpayment, a free " +
          "tournament's registration, any token) goes back to its registrant: outputs 1, 2, … in the same order, each tagged [tournamentId, the " +
          "registrant's participant index]. The validity ends before settleBy. " +
          `Refused with 400: more than ${limits.MAX_REGISTRATIONS_PER_ADD} registrations (split them into several requests, each submitted before the next), ` +
          "a transaction over the ledger's size or execution limits, not the admin, more participants than the bracket, an output that is " +
          "not an unspent registration of this tournament, a registration whose datum is not exactly a key address, an address that differs " +
          "from the registration's datum, a registration overpaid by less than " +
          `${limits.MIN_PAYOUT_LOVELACE} lovelace (MIN_PAYOUT_LOVELACE) or carrying tokens whose return its lovelace beyond the fee cannot pay ` +
          "(the contract makes nobody fund another's return; listed as valid false with the reason, its registrant can unregister it). " +
          "An address takes one seat: a registration of a participant, or of an address that another registration of the request registers " +
          "first (in the ledger's order), is skipped and named in the answer's `skipped` (the registrations listing marks it valid false); a " +
          "request whose every registration is skipped is 400." +
          EXPIRED_NOTE("adding") +
          " changeAddress defaults to adminAddress; without `utxos`, the admin's UTxOs on chain pay. The answer says how many participants " +
          "the tournament has once it is on chain (participantCount) and how many seats are left (seatsLeft)." +
          INLINE_NOTE +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        body: withExamples(S.ParticipantsBody, X.PARTICIPANTS_REQUEST),
        response: {
          200: withExamples(S.ParticipantsAnswer, X.PARTICIPANTS_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: required("adminAddress"),
            404: X.NO_LIVE_TOURNAMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) => {
      const result = await within("body", () => add(context(), inputs.participants(request.params, request.body)));
      return {
        ...txJson(result),
        participantCount: result.participantCount,
        seatsLeft: result.seatsLeft,
        ...(result.skipped.length === 0 ? {} : { skipped: result.skipped }),
      };
    },
  );

  app.patch(
    "/tournaments/:tournamentId/settle",
    {
      schema: {
        operationId: "settleTournament",
        summary: "Settle a tournament",
        description:
          "Builds the admin's transaction that pays payoutStructure[i] to results[i] and every fixed payout, each in its own output tagged " +
          "with [tournamentId, payout index] as inline datum (placements 0..P-1, then fixed payouts), burns the NFT and sends the rest of the " +
          "pool to the change address (default adminAddress). The validity ends before settleBy. Refused with 400: not the admin, a bracket " +
          "that is not full, results that are not participants, repeat one, or are fewer than the placements." +
          EXPIRED_NOTE("settling") +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        body: withExamples(S.SettleBody, X.SETTLE_REQUEST),
        response: {
          200: withExamples(S.TxAnswer, X.SETTLE_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: required("adminAddress"),
            404: X.NO_LIVE_TOURNAMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) =>
      txJson(await within("body", () => settleTournament(context(), inputs.settle(request.params, request.body)))),
  );

  app.post(
    "/tournaments/:tournamentId/cancel",
    {
      schema: {
        operationId: "cancelTournament",
        summary: "Cancel a tournament (admin)",
        description:
          "Builds the admin's transaction that ends the tournament at any time, before or after the deadline (e.g. a bracket that did not " +
          "fill): the admin must sign (required signer)." +
          CLOSE_NOTE +
          " Refused with 400 when adminAddress is not the tournament's admin. 404 when there is no live tournament with this ID (it does " +
          "not exist or already ended). changeAddress defaults to adminAddress." +
          BATCH_NOTE +
          " (After the close adminAddress only pays: the batches are anyone's.)" +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        body: withExamples(S.CancelBody, X.CANCEL_REQUEST),
        response: {
          200: withExamples(S.CloseAnswer, X.CANCEL_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: required("adminAddress"),
            404: X.NO_LIVE_TOURNAMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) =>
      stepJson(await within("body", () => cancel(context(), inputs.cancel(request.params, request.body)))),
  );

  app.post(
    "/tournaments/:tournamentId/refund",
    {
      schema: {
        operationId: "refundTournament",
        summary: "Refund an expired tournament (anyone)",
        description:
          "Builds the transaction that ends a tournament whose settlement deadline has passed (status expired), with no signature but the " +
          "caller's for the UTxOs that pay the fee and the collateral: nobody's coins depend on the admin. Its validity starts after settleBy." +
          CLOSE_NOTE +
          " Refused with 400 before the deadline (the message gives settleBy in UTC; before it only the admin can cancel). 404 when there is " +
          "no live tournament with this ID (it does not exist or already ended)." +
          BATCH_NOTE +
          SIGN_NOTE +
          CONTRACT_NOTE,
        tags: TAGS,
        params: withParamExamples(S.TournamentParams, { tournamentId: X.TOURNAMENT_ID }),
        body: withExamples(S.RefundBody, X.REFUND_REQUEST),
        response: {
          200: withExamples(S.CloseAnswer, X.REFUND_ANSWER),
          ...errorResponses(404, 422, 503, {
            400: X.TOO_EARLY_TO_REFUND,
            404: X.NO_LIVE_TOURNAMENT,
            422: X.TOURNAMENT_SCRIPT_REFUSES,
          }),
        },
      },
    },
    async (request) =>
      stepJson(await within("body", () => refund(context(), inputs.refund(request.params, request.body)))),
  );
}
