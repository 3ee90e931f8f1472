// POST /transactions/build, POST /transactions/submit, GET /transactions/{txHash} (its status,
// or with view=decoded the transaction decoded too) and GET /transactions/{txHash}/wait. The submit route is also registered as
// POST /tournaments/submit-tx (registerSubmitRoute), so both share it exactly.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { buildTransaction } from "../../../tx/build/build.js";
import { isDevnet } from "../../../chain/port.js";
import { transactionStatus, waitForTransaction } from "../../../tx/submit/status.js";
import { transactionView } from "../../../tx/view/transaction-view.js";
import { submitSigned } from "../../../tx/submit/submit.js";
import { tournamentKeyRoles } from "../../../tournament/signers.js";
import type { UTxO } from "../../../cardano/types.js";
import { withinCborLimits } from "../../../cardano/cbor-limits.js";
import { fromHex, splitTransaction, txIdOfBody } from "../../../cardano/tx-cbor.js";
import { errorResponses, withExamples, withParamExamples } from "../../schemas.js";
import { TX_HASH, required } from "../examples.js";
import * as X from "./examples.js";
import { within } from "../within.js";
import { TooManyWaitsError, WaitsBusyError } from "../../../errors.js";
import { WaitSlots } from "../../wait-slots.js";
import {
  BuildBody,
  BuildResponse,
  SubmitBody,
  SubmitResponse,
  TxParams,
  TxResponse,
  TxViewQuery,
  TxWaitQuery,
  TxWaitResponse,
  WAIT_LIMITS,
} from "./schemas.js";
import { buildIntent, txHashOf } from "./to-domain.js";

const SUBMIT_DESCRIPTION =
  "Adds the vkey witnesses of `signatures` to the transaction (its body, hence its id, stays byte for byte the same) and submits it. " +
  "A transaction the ledger already accepted answers 200 with the same txHash. A transaction the ledger rejects is 422 with the ledger's reason, " +
  "in words that say what to do for a missing signature (the key hashes, the address of each, and its role when the transaction spends a tournament " +
  "output, whose admin signs, or a registration, whose registrant signs), a validity interval that has ended (the window in UTC: rebuild), " +
  "an input already spent, a fee below the minimum or a transaction that does not balance; the ledger's own text is then in `detail`. " +
  "hex or CBOR that does not decode is 400 naming the field.";

/** Between two looks at the chain while waiting: the devnet answers locally; a real backend is asked every 2 s. */
const DEVNET_POLL_MS = 500;
const REAL_NETWORK_POLL_MS = 2000;

/** Seconds a client refused a wait is told to wait before asking again. */
const WAIT_RETRY_AFTER_S = 1;

const tooManyWaits = (cap: number, keyed: boolean): string =>
  `${keyed ? "Your API key holds" : "Your address holds"} ${cap} waits already, the most ${keyed ? "one key" : "one client without an API key"} may hold at once (WAIT_MAX_PER_KEY): ` +
  "let one of them end first, or look once with timeout=0.";

const waitsBusy = (cap: number): string =>
  `The service holds ${cap} waits already, the most it holds at once (WAIT_MAX_TOTAL): ask again after Retry-After, or look once with timeout=0.`;

/**
 * The id of a submitted transaction's body; "" when it is over the CBOR limits or does not decode
 * (the submit then answers 400). Read before the submit checks it, so the limits come first here too.
 */
function txIdOf(transaction: string): string {
  try {
    if (!withinCborLimits(transaction)) return "";
    return txIdOfBody(splitTransaction(fromHex(transaction)).body);
  } catch {
    return "";
  }
}

/** tx.submitted for GET /events; a failure to record it is logged, never the submit's answer. */
async function recordSubmitted(app: FastifyInstance, txHash: string, transaction: string): Promise<void> {
  try {
    // The devnet's tip is local (its clock may have been advanced); elsewhere the slot of now, without a backend call.
    const slot = isDevnet(app.chain) ? (await app.chain.tip()).slot : app.eraHistory.timeToSlot(Date.now());
    await app.events.recordSubmitted(txHash, slot, transaction);
  } catch (error) {
    app.log.warn({ err: error, txHash }, "events: tx.submitted could not be recorded");
  }
}

/** Registers a submit route at `path` (POST /transactions/submit, POST /tournaments/submit-tx). */
export function registerSubmitRoute(
  fastify: FastifyInstance,
  path: string,
  meta: { operationId: string; summary: string; tag: string; examples: { request: unknown; answer: unknown } },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // A refusal for a missing signature names a tournament's admin or a registrant by address and role.
  const keyRoles = (spent: readonly UTxO[]) => tournamentKeyRoles(app.config.network, spent);
  app.post(
    path,
    {
      schema: {
        operationId: meta.operationId,
        summary: meta.summary,
        description: SUBMIT_DESCRIPTION,
        tags: [meta.tag],
        body: withExamples(SubmitBody, meta.examples.request),
        response: {
          200: withExamples(SubmitResponse, meta.examples.answer),
          ...errorResponses(422, 503, { 400: required("transaction"), 422: X.MISSING_SIGNATURE }),
        },
      },
    },
    async (request) => {
      const { transaction, signatures = [] } = request.body;
      // Its tx.submitted comes before the follower's tx.confirmed (app.events.submitting).
      const submitted = app.events.submitting(txIdOf(transaction));
      try {
        const txHash = await within("body", () =>
          submitSigned(app.chain, transaction, signatures, app.submissions, keyRoles),
        );
        request.log.info({ txHash }, "transaction submitted");
        await recordSubmitted(app, txHash, transaction);
        return { txHash };
      } finally {
        submitted();
      }
    },
  );
}

export default async function transactionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { waitsPerKey, waitsTotal } = app.config.limits;
  const waits = new WaitSlots(waitsPerKey, waitsTotal);
  app.post(
    "/transactions/build",
    {
      schema: {
        operationId: "buildTransaction",
        summary: "Build an unsigned transaction",
        description:
          "Builds and balances an unsigned transaction (payments, native-script mints and burns, metadata, datums, validity, reference inputs, stake and vote delegations, CIP-68 metadata updates) with coin selection over `utxos` " +
          "(or the change address's UTxOs). Returns it ready to sign: sign `complete` and submit it with POST /transactions/submit. " +
          "Missing funds, assets that cannot be burned, a missing or mismatched policy script, an address of the other network family, an output below the ledger minimum, " +
          "an undecodable UTxO string or a transaction over the ledger's 16,384 bytes are 400 with a message saying what to change. " +
          "On a fresh devnet the example's change address holds nothing: it answers 400 TX_ERR_INSUFFICIENT_FUNDS until POST /devnet/faucet's example, " +
          "which funds that very address, has run.",
        tags: ["Transactions"],
        body: withExamples(BuildBody, X.BUILD_REQUEST),
        response: {
          200: withExamples(BuildResponse, X.BUILD_ANSWER),
          ...errorResponses(422, 503, { 400: X.INSUFFICIENT_FUNDS, 422: X.PLUTUS_SCRIPT_REFUSES }),
        },
      },
    },
    async (request) => {
      // Scripts the request names are looked up in the caller's stored blueprints (after its preloadedScripts).
      const scripts = app.blueprints.catalog(await app.blueprintOwner(request));
      return within("body", () =>
        buildTransaction(buildIntent(app.config.network, request.body), {
          network: app.config.network,
          chain: app.chain,
          eraHistory: app.eraHistory,
          scripts,
        }),
      );
    },
  );

  registerSubmitRoute(app, "/transactions/submit", {
    operationId: "submitTransaction",
    summary: "Submit a signed transaction",
    tag: "Transactions",
    examples: { request: X.SUBMIT_REQUEST, answer: X.SUBMIT_ANSWER },
  });

  app.get(
    "/transactions/:txHash",
    {
      schema: {
        operationId: "getTransactionStatus",
        summary: "Transaction status, or the transaction decoded",
        description:
          "confirmed (with its depth, `confirmations`) when the transaction is on the chain; pending when this instance submitted it and it is not in a block yet; " +
          "rejected (with the ledger's `reason`) when this instance submitted it and the ledger refused it; unknown otherwise. " +
          "This instance remembers the outcomes of its last 10,000 submissions in memory: after a restart, pending and rejected ones are unknown. " +
          "With view=decoded, the answer adds the transaction itself, decoded: inputs, reference inputs, collateral, outputs (as GET /addresses/{address}/utxos?view=decoded), " +
          "mint (burns negative), metadata as JSON by label, fee, validity interval (slots and UTC), required signers and signers. " +
          "The devnet and Blockfrost give every transaction on the chain; Ogmios + Kupo keep no transaction bodies, so there only one this instance submitted (its last 1,000, in memory) is decoded. " +
          "A pending transaction this instance submitted is decoded from what it submitted; a rejected one answers its status and reason alone. " +
          "With view=decoded, a transaction neither the chain nor this instance knows is 404 (the default view answers status unknown). A view other than status or decoded is 400.",
        tags: ["Transactions"],
        params: withParamExamples(TxParams, { txHash: TX_HASH }),
        querystring: TxViewQuery,
        response: {
          200: TxResponse,
          ...errorResponses(503, {
            400: X.TX_HASH_INVALID,
            404: {
              code: "SVC_ERR_NOT_FOUND",
              message: `Transaction ${TX_HASH} is not known: the chain has not seen it and this instance did not submit it (or has restarted since). Once it is in a block it can be read here (through Ogmios + Kupo, only when this instance submitted it).`,
            },
          }),
        },
      },
    },
    async (request) => {
      const txHash = txHashOf(request.params);
      if (request.query.view === "decoded")
        return transactionView({ chain: app.chain, submissions: app.submissions, eraHistory: app.eraHistory }, txHash);
      return { txHash, ...(await transactionStatus(app.chain, app.submissions, txHash)) };
    },
  );

  app.get(
    "/transactions/:txHash/wait",
    {
      schema: {
        operationId: "waitForTransaction",
        summary: "Wait for a transaction",
        description:
          "Answers as soon as the transaction has `confirmations` blocks (its own included), or at once when this instance knows the ledger rejected it (status rejected, with the reason). " +
          "When `timeout` seconds pass first, answers 200 with the last status seen (pending, unknown, or confirmed but not deep enough) and `timedOut: true`: " +
          "the request itself did not fail, so this is not a 408 (which HTTP clients retry on their own); wait again or give up. " +
          "The service looks at the chain every 2 seconds on a real network (every 0.5 s on the devnet), and stops when the client disconnects. " +
          "A backend that cannot tell a transaction's depth (`confirmations: null`) satisfies only confirmations=1. " +
          `An API key holds at most ${waitsPerKey} waits at once (WAIT_MAX_PER_KEY; requests without a key: per client IP), and the instance ${waitsTotal} (WAIT_MAX_TOTAL): ` +
          "one more is refused at once, 429 AUTH_ERR_WAIT_LIMIT for the key's cap and 503 SVC_ERR_WAITS_FULL for the instance's, both with Retry-After. A wait with timeout=0 looks once and counts against neither.",
        tags: ["Transactions"],
        params: TxParams,
        querystring: TxWaitQuery,
        response: {
          200: TxWaitResponse,
          ...errorResponses({
            400: { code: "SVC_ERR_VALIDATION", message: "query.confirmations must be <= 100." },
            429: { code: "AUTH_ERR_WAIT_LIMIT", message: tooManyWaits(waitsPerKey, true) },
            503: { code: "SVC_ERR_WAITS_FULL", message: waitsBusy(waitsTotal) },
          }),
        },
      },
    },
    async (request, reply) => {
      const txHash = txHashOf(request.params);
      // Ajv fills in the defaults; they are optional in the schema so that clients may leave them out.
      const { confirmations = 1, timeout = WAIT_LIMITS.defaultTimeout } = request.query;
      // A look without waiting holds nothing; a wait holds a slot of its key's and of the instance's until it ends.
      let release = (): void => {};
      if (timeout > 0) {
        const slot = waits.take(request.apiKey === null ? `ip:${request.ip}` : `key:${request.apiKey.id}`);
        if (slot === "holder" || slot === "total") {
          void reply.header("retry-after", WAIT_RETRY_AFTER_S);
          throw slot === "holder"
            ? new TooManyWaitsError(tooManyWaits(waitsPerKey, request.apiKey !== null))
            : new WaitsBusyError(waitsBusy(waitsTotal));
        }
        release = slot;
      }
      // The client going away ends the polling: the response closes before it is sent.
      const gone = new AbortController();
      reply.raw.once("close", () => gone.abort(new Error("the client disconnected")));
      const intervalMs = isDevnet(app.chain) ? DEVNET_POLL_MS : REAL_NETWORK_POLL_MS;
      try {
        return {
          txHash,
          ...(await waitForTransaction(app.chain, app.submissions, txHash, {
            confirmations,
            timeoutMs: timeout * 1000,
            intervalMs,
            signal: gone.signal,
          })),
        };
      } catch (error) {
        if (!gone.signal.aborted) throw error;
        request.log.debug({ txHash }, "wait: the client disconnected, polling stopped");
        return reply.hijack(); // nobody to answer
      } finally {
        release();
      }
    },
  );
}
