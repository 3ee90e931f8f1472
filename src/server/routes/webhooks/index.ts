// The webhook endpoints (docs/events-design.md §5): create, list, read, delete an API key's
// webhooks, resume a paused one, read its delivery log, send it a test delivery. Thin: each handler
// finds the caller's owner (an API key is required, even where AUTH=optional: a webhook is the
// key's) and calls one method of app.webhooks (src/webhooks/registry.ts).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ownerOf } from "../../../blueprints/library.js";
import { TooManyWebhookTestsError, UnauthorizedError } from "../../../errors.js";
import { PAGINATION_NOTE } from "../../pagination.js";
import { errorResponses } from "../../schemas.js";
import { WaitSlots } from "../../wait-slots.js";
import { jsonBodyParser } from "../../validation.js";
import { within } from "../within.js";
import { WEBHOOK_ERRORS } from "./examples.js";
import {
  CreateBody,
  CreatedWebhook,
  Deleted,
  DeliveryList,
  ListQuery,
  TestAnswer,
  WebhookAnswer,
  WebhookList,
  WebhookParams,
} from "./schemas.js";
import { createdAnswer, DEFAULT_PAGE, deliveryAnswer, webhookAnswer, webhookInput } from "./to-domain.js";

const TAGS = ["Webhooks"];

const TEST_BUSY =
  "Your API key has a test delivery in flight already: wait for its answer (at most WEBHOOK_TIMEOUT_SECONDS) before sending another.";
const testsFull = (cap: number): string =>
  `The service has ${cap} test deliveries in flight already, the most it holds at once (WEBHOOK_CONCURRENCY): retry after Retry-After.`;

const SIGNING =
  "Each delivery is a POST of the event's JSON (as GET /events's data: line gives it: id, type, point, createdAt, data) with the headers " +
  "Webhook-Id (the webhook's id and the event's, joined by a dot: the same on every attempt, to drop repeats: delivery is at least once) " +
  'and Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")> (check it on the raw body, with a tolerance on t; ' +
  "the typed client's verifyWebhook does both, the README shows it in node:crypto).";

export default async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const settings = app.config.webhooks;
  const ownership =
    "Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.";

  // A test delivery holds its request for up to WEBHOOK_TIMEOUT_SECONDS: one per key at a time, WEBHOOK_CONCURRENCY in all.
  const tests = new WaitSlots(1, settings.concurrency);

  const owner = async (request: FastifyRequest): Promise<string> => {
    if (request.apiKey === null)
      throw new UnauthorizedError("Webhooks belong to an API key: send yours in the X-Api-Key header.");
    return ownerOf(request.apiKey, app.stores.keys);
  };

  app.post(
    "/webhooks",
    {
      schema: {
        operationId: "createWebhook",
        summary: "Create a webhook",
        description:
          "Creates a webhook for your API key: every event recorded from now on that passes its filter (the GET /events filter keys: `types`, " +
          "`address`, `txHash`, `tournamentId`, all of those given must match) is POSTed to `url`. The answer holds the signing `secret`, shown this once. " +
          `${SIGNING} ` +
          "A 2xx is delivered. A timeout (WEBHOOK_TIMEOUT_SECONDS, 10), a connection error, a 408, a 429 or a 5xx is retried after " +
          "min(1 h, 5 s·2^n) ±20 % (WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_SECONDS); any other 4xx, and a 3xx (redirects are not followed), fails the delivery. " +
          `After ${settings.pauseAfterFailures} failed attempts in a row (WEBHOOK_PAUSE_AFTER_FAILURES), or ${settings.pauseAfterHours} h of failures (WEBHOOK_PAUSE_AFTER_HOURS), ` +
          "the webhook is paused with the reason; its events are still queued, and POST /webhooks/{id}/resume delivers them. " +
          "A delivery not made within EVENT_RETENTION_HOURS (24) of its queueing is given up: failed in the log, saying so. " +
          "Deliveries are not ordered (retries and concurrent attempts): order by the event id. " +
          "A webhook whose API key is revoked (without a successor by rotation) is paused at its next delivery, which is not made. " +
          `A key has at most ${settings.maxPerKey} webhooks (WEBHOOK_MAX_PER_KEY). ${ownership} ` +
          "A URL that is not http(s), holds credentials, is longer than 2,048 characters, does not resolve, or (off the devnet) resolves to a non-public address; " +
          "an unknown type; an address of the other network family; one more webhook than the limit: 400 naming the field.",
        tags: TAGS,
        body: CreateBody,
        response: { 201: CreatedWebhook, ...errorResponses(WEBHOOK_ERRORS.create) },
      },
    },
    async (request, reply) => {
      const key = await owner(request);
      const created = await within("body", () =>
        app.webhooks.create(key, webhookInput(app.config.network, request.body)),
      );
      return reply.code(201).send(createdAnswer(created));
    },
  );

  app.get(
    "/webhooks",
    {
      schema: {
        operationId: "listWebhooks",
        summary: "Your webhooks",
        description: `Your API key's webhooks, oldest first, without their secrets.${PAGINATION_NOTE} ${ownership}`,
        tags: TAGS,
        querystring: ListQuery,
        response: { 200: WebhookList, ...errorResponses(WEBHOOK_ERRORS.list) },
      },
    },
    async (request) => {
      const key = await owner(request);
      const page = await app.webhooks.list(key, request.query.limit ?? DEFAULT_PAGE, request.query.cursor);
      return { webhooks: page.webhooks.map(webhookAnswer), cursor: page.next ?? null };
    },
  );

  app.get(
    "/webhooks/:id",
    {
      schema: {
        operationId: "getWebhook",
        summary: "One of your webhooks",
        description: `The webhook, its filter and its state (paused: why), without its secret. ${ownership}`,
        tags: TAGS,
        params: WebhookParams,
        response: { 200: WebhookAnswer, ...errorResponses(WEBHOOK_ERRORS.one) },
      },
    },
    async (request) => webhookAnswer(await app.webhooks.get(await owner(request), request.params.id)),
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        operationId: "listWebhookDeliveries",
        summary: "A webhook's delivery log",
        description:
          "The webhook's deliveries, newest event first: the event, its Webhook-Id, the attempts made, the state, the last status or error, the next attempt. " +
          `Delivered and failed ones are kept EVENT_RETENTION_HOURS; pending ones until they end.${PAGINATION_NOTE} ${ownership}`,
        tags: TAGS,
        params: WebhookParams,
        querystring: ListQuery,
        response: { 200: DeliveryList, ...errorResponses(WEBHOOK_ERRORS.one) },
      },
    },
    async (request) => {
      const page = await app.webhooks.deliveries(
        await owner(request),
        request.params.id,
        request.query.limit ?? DEFAULT_PAGE,
        request.query.cursor,
      );
      return { deliveries: page.deliveries.map(deliveryAnswer), cursor: page.next ?? null };
    },
  );

  // The bodiless routes in a context whose JSON parser takes an empty body: clients that send
  // Content-Type: application/json on every call send it here too.
  await app.register(async (child) => {
    child.removeContentTypeParser("application/json");
    child.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      if ((typeof body === "string" ? body : body.toString("utf8")).trim() === "") done(null, undefined);
      else jsonBodyParser(request, body, done);
    });
    const routes = child.withTypeProvider<TypeBoxTypeProvider>();

    routes.delete(
      "/webhooks/:id",
      {
        schema: {
          operationId: "deleteWebhook",
          summary: "Delete one of your webhooks",
          description: `Deletes the webhook and its delivery log; its pending deliveries are not made. ${ownership}`,
          tags: TAGS,
          params: WebhookParams,
          response: { 200: Deleted, ...errorResponses(WEBHOOK_ERRORS.one) },
        },
      },
      async (request) => {
        await app.webhooks.delete(await owner(request), request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );

    routes.post(
      "/webhooks/:id/test",
      {
        schema: {
          operationId: "testWebhook",
          summary: "Send a test delivery",
          description:
            "POSTs a `webhook.test` event to the webhook now (paused or not), signed as every delivery is, and answers what the receiver answered. " +
            "Not queued, not retried, not counted among the webhook's failures; its Webhook-Id is the webhook's id and test-<Unix ms>. " +
            `The answer is 200 whatever the receiver said: \`delivered\`, \`status\` and \`error\` tell. ` +
            `One test delivery per key at a time, ${settings.concurrency} in the instance (WEBHOOK_CONCURRENCY): one more is 429 AUTH_ERR_WEBHOOK_TEST_LIMIT. ${ownership}`,
          tags: TAGS,
          params: WebhookParams,
          response: {
            200: TestAnswer,
            ...errorResponses(WEBHOOK_ERRORS.one, {
              429: { code: "AUTH_ERR_WEBHOOK_TEST_LIMIT", message: TEST_BUSY },
            }),
          },
        },
      },
      async (request, reply) => {
        const key = await owner(request);
        const slot = tests.take(key);
        if (slot === "holder" || slot === "total") {
          void reply.header("retry-after", 1);
          throw new TooManyWebhookTestsError(slot === "holder" ? TEST_BUSY : testsFull(settings.concurrency));
        }
        try {
          return await app.webhooks.test(key, request.params.id);
        } finally {
          slot();
        }
      },
    );

    routes.post(
      "/webhooks/:id/resume",
      {
        schema: {
          operationId: "resumeWebhook",
          summary: "Resume a paused webhook",
          description:
            "Sets the webhook active again, its failures forgotten: its pending deliveries, those queued while it was paused among them, are due at once. " +
            `An active webhook stays as it is (its pending deliveries due at once). ${ownership}`,
          tags: TAGS,
          params: WebhookParams,
          response: { 200: WebhookAnswer, ...errorResponses(WEBHOOK_ERRORS.one) },
        },
      },
      async (request) => webhookAnswer(await app.webhooks.resume(await owner(request), request.params.id)),
    );
  });
}
