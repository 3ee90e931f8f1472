// Test-only routes that need an API key (no public flag), registered through startService's
// beforeListen hook until the real keyed routes exist. They live under the base path like the API.
import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../../src/errors.js";
import type { ErrorBody } from "./api.js";

/** GET /whoami answers the key's ID (null without one); POST /whoami/fail answers 400. */
export const WHOAMI = "/test/whoami";

/** What GET /whoami answers (`service.request<WhoamiAnswer>("GET", WHOAMI)`): the key's ID, or the service's refusal. */
export type WhoamiAnswer =
  | { status: 200; headers: Headers; body: { keyId: string | null } }
  | { status: 401 | 429 | 503; headers: Headers; body: ErrorBody };

export function addKeyedRoutes(app: FastifyInstance): void {
  app.get(`/v2/services${WHOAMI}`, async (request) => ({ keyId: request.apiKey?.id ?? null }));
  app.post(`/v2/services${WHOAMI}/fail`, async () => {
    throw new BadRequestError("body.anything is wrong on purpose.");
  });
}

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public now: number) {}
  readonly read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}
