// GET /events: the event log as a server-sent event stream (docs/events-design.md §4). The
// handler checks the filter and the bounds (streams per key and in all, as the waits are), then
// takes the response over (hijack): it writes the events app.events.read yields, a comment line
// every EVENT_KEEPALIVE_SECONDS (15), and ends when the client leaves or the instance closes. A client that stops reading
// is disconnected once what it left unread passes EVENT_STREAM_BUFFER_BYTES.
import type { ServerResponse } from "node:http";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { BadRequestError, TooManyStreamsError } from "../../../errors.js";
import type { StreamGap } from "../../../events/service.js";
import { EVENT_TYPES, STREAM_GAP, type ChainEvent } from "../../../events/types.js";
import { errorResponses } from "../../schemas.js";
import { WaitSlots } from "../../wait-slots.js";
import { within } from "../within.js";
import { EVENTS_EXAMPLE } from "./examples.js";
import { EventsQuery } from "./schemas.js";
import { eventFilterOf, resumeAfter } from "./to-domain.js";

/** How long a write waits for the client to read what is buffered before the stream writes on regardless (and is cut past the bound). */
const DRAIN_WAIT_MS = 15_000;
/** Seconds a client refused a stream is told to wait. */
const STREAM_RETRY_AFTER_S = 5;

const tooManyStreams = (cap: number, keyed: boolean): string =>
  `${keyed ? "Your API key holds" : "Your address holds"} ${cap} event streams already, the most ${keyed ? "one key" : "one client without an API key"} may hold at once (EVENT_STREAMS_PER_KEY): ` +
  "close one first, or use one stream with a wider filter.";
const streamsFull = (cap: number): string =>
  `The service holds ${cap} event streams already, the most it holds at once (EVENT_STREAMS_TOTAL): retry after Retry-After.`;

/** One event (or the gap) as server-sent event lines. */
function frame(item: ChainEvent | StreamGap): string {
  if (item.type === STREAM_GAP) {
    const gap = item as StreamGap;
    const data = {
      type: STREAM_GAP,
      oldest: gap.oldest,
      message: `Events before ${gap.oldest} are no longer kept (EVENT_RETENTION_HOURS, EVENT_RETENTION_MAX): the stream goes on from the oldest kept.`,
    };
    return `event: ${STREAM_GAP}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  const event = item as ChainEvent;
  const data = { id: event.id, type: event.type, point: event.point, createdAt: event.createdAt, data: event.data };
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Resolves once `res` drained, or after `ms`, or when `signal` aborts: true only when it drained. */
function drained(res: ServerResponse, signal: AbortSignal, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (value: boolean): void => {
      clearTimeout(timer);
      res.removeListener("drain", onDrain);
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const onDrain = (): void => finish(true);
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(false), ms);
    res.once("drain", onDrain);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export default async function eventRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { streamsPerKey, streamsTotal, streamBufferBytes, keepAliveSeconds } = app.config.events;
  const streams = new WaitSlots(streamsPerKey, streamsTotal);
  app.get(
    "/events",
    {
      schema: {
        operationId: "streamEvents",
        summary: "Stream events (server-sent events)",
        description:
          "A text/event-stream of what happens, oldest first, each event as `id:`, `event:` (its type) and `data:` (JSON: id, type, point {slot, blockHash, blockHeight, txHash}, createdAt in Unix ms, and data) lines. " +
          "tx.submitted: a transaction this service accepted through POST /transactions/submit or /tournaments/submit-tx (data: GET /transactions/{txHash}'s answer then, status pending). " +
          "tx.confirmed: a transaction in a block (data: {txHash, status confirmed, confirmations: 1}). address.spent and address.received: one per output a transaction spent from, or created at, an address (data: the output as GET /addresses/{address}/utxos?view=decoded gives it). " +
          "A transaction's events come in this order: tx.confirmed, its outputs spent, its outputs received. " +
          "Tournament events (v3 and v2.1 tournaments), derived after each block from what its transactions did, after that block's transaction and address events: tournament.created (its NFT minted); " +
          "tournament.registration_received and tournament.registration_cancelled (an output created at a live tournament's registration address, or spent from it by anything but an add; data.registration {outputRef, address} names it); " +
          "tournament.participants_added (an add; data.added: the addresses of the seats it took, in seat order), then tournament.full when the count reaches bracketSize; " +
          "tournament.deadline_passed (the first block at or after settleBy while the tournament is live, before the tournament events of that block's transactions; point.txHash null: the devnet makes a block with the next transaction, not when its clock moves); " +
          "tournament.settled, tournament.cancelled, tournament.refunded (the transaction that ended it). Their data: GET /tournaments/{tournamentId}'s answer as of their block (participants page 1 of 100), with the fields named; " +
          "their addresses (the `address` filter): the tournament validator's, the registration address, and the players concerned (the registrant, the seats added, the payees). Registrations of an ended tournament (still cancellable) make none. " +
          "Chain-derived events (tx.confirmed, address.*, tournament.*) come from the devnet's follower for now: on preview, preprod and mainnet the stream carries tx.submitted only until the Ogmios and Blockfrost followers arrive. " +
          "The devnet has no blocks: a block here is a run of transactions accepted at one slot, its height counted from 1 and its hash blake2b-256 of the previous block's hash and its transactions' ids. " +
          `The types: ${EVENT_TYPES.join(", ")} (tx.rolled_back and tx.expired come with a later release). ` +
          "Filters (`types`, `address`, `txHash`, `tournamentId`) must all match. To resume, send the last id received as the Last-Event-ID header (browsers' EventSource does) or as `after`: the stream replays what followed, then goes on live, losing and repeating nothing. " +
          "Events are kept EVENT_RETENTION_HOURS hours (24) and at most EVENT_RETENTION_MAX (1,000,000); resuming from an id no longer kept starts with a `stream.gap` event (no id) naming the oldest id kept. " +
          "Without Last-Event-ID or `after`, the stream starts with the next event recorded. " +
          `A comment line (\`: keep-alive\`) comes every ${keepAliveSeconds} s (EVENT_KEEPALIVE_SECONDS). ` +
          `An API key holds at most ${streamsPerKey} streams at once (EVENT_STREAMS_PER_KEY; without a key: per client IP) and the instance ${streamsTotal} (EVENT_STREAMS_TOTAL): one more is 429 AUTH_ERR_STREAM_LIMIT with Retry-After. ` +
          "A client that stops reading is disconnected once it leaves more than EVENT_STREAM_BUFFER_BYTES (1 MiB) unread. " +
          "An unknown type, an address of the other network family or not a payment address, a txHash or tournamentId not 64 hex digits, and a Last-Event-ID (or `after`) that is not an id, or is after the latest id recorded, are 400 naming the field.",
        tags: ["Events"],
        querystring: EventsQuery,
        response: {
          200: {
            description: "The stream: text/event-stream, open until the client leaves.",
            content: {
              "text/event-stream": {
                schema: {
                  type: "string",
                  description: "Server-sent events: id, event and data lines, a blank line after each event.",
                  examples: [EVENTS_EXAMPLE],
                },
              },
            },
          },
          ...errorResponses({
            400: {
              code: "SVC_ERR_BAD_REQUEST",
              message:
                'query.types names "tx.confirm", which is not an event type: use tx.submitted, tx.confirmed, tx.rolled_back, tx.expired, address.received, address.spent, tournament.created, tournament.registration_received, tournament.registration_cancelled, tournament.participants_added, tournament.full, tournament.deadline_passed, tournament.settled, tournament.cancelled, tournament.refunded (comma-separated).',
            },
            429: { code: "AUTH_ERR_STREAM_LIMIT", message: tooManyStreams(streamsPerKey, true) },
          }),
        },
      },
    },
    async (request, reply) => {
      const filter = await within("querystring", () => eventFilterOf(app.config.network, request.query));
      const after = resumeAfter(request.headers["last-event-id"], request.query.after);
      if (after !== null) {
        // An id the log never gave (another DATA_DIR or database) would make the stream wait, silent,
        // until the ids reach it: refused instead.
        const latest = await app.events.latestAtLeast(after);
        if (after > latest) {
          const field = request.headers["last-event-id"] !== undefined ? "The Last-Event-ID header" : "query.after";
          throw new BadRequestError(
            `${field} names event ${after}, after the latest this service recorded (${latest}): it does not come from this ` +
              "service's event log (another DATA_DIR or database?). Resume with an id this service's stream gave, or without one to start with the next event.",
          );
        }
      }
      const slot = streams.take(request.apiKey === null ? `ip:${request.ip}` : `key:${request.apiKey.id}`);
      if (slot === "holder" || slot === "total") {
        void reply.header("retry-after", STREAM_RETRY_AFTER_S);
        throw new TooManyStreamsError(
          slot === "holder" ? tooManyStreams(streamsPerKey, request.apiKey !== null) : streamsFull(streamsTotal),
        );
      }
      const res = reply.raw;
      const gone = new AbortController();
      res.once("close", () => gone.abort());
      reply.hijack();
      // The headers set so far (CORS, the request id) go out with the stream's own.
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(
          (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
        ),
      );
      res.writeHead(200, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
      });
      /** Set once the client was left behind: writes no longer wait for it to read. */
      let stalled = false;
      const send = (text: string): boolean => {
        if (res.destroyed || res.writableEnded) return false;
        const ok = res.write(text);
        if (res.writableLength > streamBufferBytes && !res.destroyed) {
          request.log.info(
            { unread: res.writableLength },
            "events: a client stopped reading past EVENT_STREAM_BUFFER_BYTES; disconnected",
          );
          res.destroy();
        }
        return ok;
      };
      send(": stream open\n\n");
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), keepAliveSeconds * 1000);
      // On a real network, the blocks' events are recorded for what is watched: this stream's keys while it is open.
      const unwatch = app.events.watching.watch({
        ...(filter.address === undefined ? {} : { addresses: [filter.address] }),
        ...(filter.txHash === undefined ? {} : { txHashes: [filter.txHash] }),
      });
      try {
        for await (const item of app.events.read(after, filter, gone.signal)) {
          if (res.destroyed) break;
          if (!send(frame(item)) && !stalled) stalled = !(await drained(res, gone.signal, DRAIN_WAIT_MS));
          else if (stalled && res.writableLength === 0) stalled = false;
        }
      } catch (error) {
        request.log.warn({ err: error }, "events: the stream ended on an error; the client resumes with Last-Event-ID");
      } finally {
        clearInterval(heartbeat);
        unwatch();
        slot();
        if (!res.destroyed) res.end();
      }
    },
  );
}
