// Webhooks on the devnet, over real HTTP, to a receiver on loopback, with real events (faucet
// payments): what a key creates, sees and deletes; the deliveries signed (checked with the typed
// client's verifyWebhook) and their bodies the events as GET /events gives them; retries with
// backoff on a 500 then delivered, under one Webhook-Id; a 404 not retried; a webhook paused after
// N failures in a row and resumed with its missed events; confirmations; the test delivery; bad
// bodies answered 400 naming the field. Backoff is made fast by configuration
// (WEBHOOK_RETRY_BASE_MS), not by sleeping.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { verifyWebhook } from "../../client/src/index.js";
import { startService, type RunningService } from "../support/service.js";
import { fund, newEnterpriseWallet } from "../support/wallets.js";
import { Receiver, type Received } from "./receiver.js";

interface WebhookBody {
  id: string;
  url: string;
  secret?: string;
  state: string;
  pausedReason: string | null;
  failures: number;
  types: string[];
  address: string | null;
  confirmations: number;
  afterEvent: string;
}
interface DeliveryBody {
  eventId: string;
  eventType: string;
  deliveryId: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  waitingForHeight: number | null;
}
interface Event {
  id: string;
  type: string;
  point: { txHash: string | null; blockHeight: number | null };
  data: Record<string, unknown>;
}

const eventOf = (r: Received): Event => JSON.parse(r.body) as Event;
const idOf = (r: Received): string => String(r.headers["webhook-id"]);

describe("webhooks on the devnet", () => {
  let service: RunningService;
  let receiver: Receiver;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const PAUSE_AFTER = 3;

  before(async () => {
    receiver = await Receiver.start();
    service = await startService(
      {
        WEBHOOK_RETRY_BASE_MS: "40",
        WEBHOOK_PAUSE_AFTER_FAILURES: String(PAUSE_AFTER),
        WEBHOOK_MAX_PER_KEY: "8",
      },
      { webhooks: { pollMs: 40, ownersTtlMs: 0 } },
    );
    const key = async (name: string) => ({
      "x-api-key": (await service.app.stores.keys.create({ name, env: "testnet" })).key,
    });
    [alice, bob] = [await key("alice"), await key("bob")];
  });
  after(async () => {
    await service?.close();
    await receiver?.close();
  });

  const create = async (headers: Record<string, string>, body: Record<string, unknown>): Promise<WebhookBody> => {
    const answer = await service.request("POST", "/webhooks", body, headers);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body as WebhookBody;
  };
  const deliveries = async (id: string, headers = alice): Promise<DeliveryBody[]> => {
    const answer = await service.request("GET", `/webhooks/${id}/deliveries`, undefined, headers);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as { deliveries: DeliveryBody[] }).deliveries;
  };
  /** Waits until the webhook's log satisfies `done`. */
  const logUntil = async (id: string, done: (log: DeliveryBody[]) => boolean): Promise<DeliveryBody[]> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const log = await deliveries(id);
      if (done(log)) return log;
      if (Date.now() > deadline) throw new Error(`The delivery log did not get there: ${JSON.stringify(log)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("refuses a request without an API key, and bad bodies with a 400 naming the field", async () => {
    const keyless = await service.request("POST", "/webhooks", { url: `${receiver.url}/x` });
    assert.equal(keyless.status, 401);
    assert.match((keyless.body as { message: string }).message, /Webhooks belong to an API key/);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /body.*url/],
      [{ url: "ftp://example.com/x" }, /^body\.url must be http or https, not ftp\.$/],
      [{ url: "not a url" }, /^body\.url is not an absolute URL/],
      [{ url: "https://user:pw@example.com/x" }, /^body\.url must not hold credentials/],
      [{ url: `https://example.com/${"a".repeat(2100)}` }, /body\.url/],
      [
        { url: "https://no-such-host.invalid/x" },
        /^body\.url names the host no-such-host\.invalid, which does not resolve/,
      ],
      [{ url: `${receiver.url}/x`, types: ["tx.confirm"] }, /body\.types/],
      [{ url: `${receiver.url}/x`, types: [] }, /body\.types/],
      [{ url: `${receiver.url}/x`, txHash: "abc" }, /body\.txHash/],
      [{ url: `${receiver.url}/x`, confirmations: 0 }, /body\.confirmations/],
      [{ url: `${receiver.url}/x`, confirmations: 101 }, /body\.confirmations/],
      [
        {
          url: `${receiver.url}/x`,
          address: "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8",
        },
        /body\.address/,
      ],
      [{ url: `${receiver.url}/x`, secret: "mine" }, /secret/],
    ];
    for (const [body, message] of cases) {
      const answer = await service.request("POST", "/webhooks", body, alice);
      assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.body)}`);
      assert.match((answer.body as { message: string }).message, message, JSON.stringify(body).slice(0, 80));
    }
  });

  it("delivers the matching events, signed, under Webhook-Id webhook.event, their bodies as GET /events gives them; the secret is shown once", async () => {
    const wallet = await newEnterpriseWallet();
    const hook = await create(alice, {
      url: `${receiver.url}/ok`,
      types: ["tx.confirmed", "address.received"],
      address: wallet.address,
    });
    assert.match(hook.id, /^wh_[0-9a-f]{24}$/);
    assert.match(hook.secret!, /^whsec_/);
    assert.deepEqual(
      [hook.state, hook.types, hook.address, hook.confirmations],
      ["active", ["tx.confirmed", "address.received"], wallet.address, 1],
    );
    const read = await service.request("GET", `/webhooks/${hook.id}`, undefined, alice);
    assert.equal(read.status, 200);
    assert.equal((read.body as WebhookBody).secret, undefined, "never shown again");
    const listed = (await service.request("GET", "/webhooks", undefined, alice)).body as {
      webhooks: WebhookBody[];
      cursor: string | null;
    };
    assert.ok(listed.webhooks.some((w) => w.id === hook.id));
    assert.ok(listed.webhooks.every((w) => w.secret === undefined));

    const txHash = await fund(service, wallet.address, 7_000_000);
    await receiver.until(() => receiver.at("/ok").length >= 2);
    // Attempts run concurrently: in the order of the events' ids.
    const got = receiver.at("/ok").sort((a, b) => Number(eventOf(a).id) - Number(eventOf(b).id));
    const events = got.map(eventOf);
    assert.deepEqual(
      events.map((e) => [e.type, e.point.txHash]),
      [
        ["tx.confirmed", txHash],
        ["address.received", txHash],
      ],
    );
    // The log's events, as GET /events gives them, are the bodies.
    const logged = await service.app.stores.events.after(Number(hook.afterEvent), {}, 100);
    for (const r of got) {
      const event = eventOf(r);
      const same = logged.find((e) => e.id === event.id)!;
      assert.equal(
        r.body,
        JSON.stringify({ id: same.id, type: same.type, point: same.point, createdAt: same.createdAt, data: same.data }),
      );
      assert.equal(idOf(r), `${hook.id}.${event.id}`);
      assert.equal(r.headers["content-type"], "application/json");
      assert.equal(await verifyWebhook(hook.secret!, r.headers["webhook-signature"] as string, r.body), true);
      assert.equal(await verifyWebhook(hook.secret!, r.headers["webhook-signature"] as string, `${r.body} `), false);
    }
    assert.equal(events.find((e) => e.type === "address.received")?.data["lovelace"], "7000000");
    const log = await logUntil(hook.id, (l) => l.length === 2 && l.every((d) => d.state === "delivered"));
    assert.deepEqual(
      log.map((d) => [d.deliveryId, d.attempts, d.lastStatus, d.nextAttemptAt]),
      events
        .map((e) => [`${hook.id}.${e.id}`, 1, 200, null] as const)
        .sort((a, b) => Number(b[0].split(".")[1]) - Number(a[0].split(".")[1])),
    );
  });

  it("retries a 500 with backoff, under the same Webhook-Id and body, until delivered; a 404 is not retried", async () => {
    const wallet = await newEnterpriseWallet();
    receiver.script("/flaky", { status: 500, body: "busy" }, { status: 503 }, { status: 200 });
    receiver.script("/gone", { status: 404, body: "no such hook" });
    const flaky = await create(alice, {
      url: `${receiver.url}/flaky`,
      types: ["address.received"],
      address: wallet.address,
    });
    const gone = await create(alice, {
      url: `${receiver.url}/gone`,
      types: ["address.received"],
      address: wallet.address,
    });
    await fund(service, wallet.address, 3_000_000);
    const [delivered] = await logUntil(flaky.id, (l) => l[0]?.state === "delivered");
    assert.deepEqual([delivered!.attempts, delivered!.lastStatus, delivered!.lastError], [3, 200, null]);
    const attempts = receiver.at("/flaky");
    assert.equal(attempts.length, 3);
    assert.equal(new Set(attempts.map(idOf)).size, 1, "one Webhook-Id on every attempt");
    assert.equal(new Set(attempts.map((r) => r.body)).size, 1, "one body");
    for (const r of attempts)
      assert.equal(await verifyWebhook(flaky.secret!, r.headers["webhook-signature"] as string, r.body), true);
    // Backoff: 40 ms then 80 ms, ±20 % (and the worker's 40 ms rounds): each wait at least the lower bound.
    assert.ok(attempts[1]!.at - attempts[0]!.at >= 32, `${attempts[1]!.at - attempts[0]!.at} ms`);
    assert.ok(attempts[2]!.at - attempts[1]!.at >= 64, `${attempts[2]!.at - attempts[1]!.at} ms`);

    const [failed] = await logUntil(gone.id, (l) => l[0]?.state === "failed");
    assert.deepEqual(
      [failed!.attempts, failed!.lastStatus, failed!.lastError, failed!.nextAttemptAt],
      [1, 404, "HTTP 404: no such hook", null],
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.at("/gone").length, 1, "not retried");
    const after = (await service.request("GET", `/webhooks/${gone.id}`, undefined, alice)).body as WebhookBody;
    assert.deepEqual([after.state, after.failures], ["active", 1]);
    for (const id of [flaky.id, gone.id]) await service.request("DELETE", `/webhooks/${id}`, undefined, alice);
  });

  it("pauses a webhook after N failed attempts in a row, queues its events meanwhile, and resume delivers them", async () => {
    const wallet = await newEnterpriseWallet();
    receiver.script("/down", { status: 500, body: "down" });
    const hook = await create(alice, {
      url: `${receiver.url}/down`,
      types: ["address.received"],
      address: wallet.address,
    });
    await fund(service, wallet.address, 2_000_000);
    const paused = await (async () => {
      for (let i = 0; i < 300; i++) {
        const w = (await service.request("GET", `/webhooks/${hook.id}`, undefined, alice)).body as WebhookBody;
        if (w.state === "paused") return w;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("not paused");
    })();
    assert.equal(paused.failures, PAUSE_AFTER);
    assert.equal(
      paused.pausedReason,
      `${PAUSE_AFTER} failed attempts in a row (WEBHOOK_PAUSE_AFTER_FAILURES); the last: HTTP 500: down`,
    );
    assert.equal(receiver.at("/down").length, PAUSE_AFTER);
    // While paused: a new event is queued, nothing is sent.
    await fund(service, wallet.address, 2_500_000);
    const queued = await logUntil(hook.id, (l) => l.length === 2);
    assert.deepEqual(
      queued.map((d) => [d.state, d.attempts]),
      [
        ["pending", 0],
        ["pending", PAUSE_AFTER],
      ],
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.at("/down").length, PAUSE_AFTER, "nothing sent while paused");

    receiver.script("/down", { status: 204 });
    const resumed = await service.request("POST", `/webhooks/${hook.id}/resume`, undefined, alice);
    assert.equal(resumed.status, 200);
    assert.deepEqual(
      [
        (resumed.body as WebhookBody).state,
        (resumed.body as WebhookBody).failures,
        (resumed.body as WebhookBody).pausedReason,
      ],
      ["active", 0, null],
    );
    const log = await logUntil(hook.id, (l) => l.every((d) => d.state === "delivered"));
    assert.deepEqual(
      log.map((d) => d.attempts),
      [1, PAUSE_AFTER + 1],
    );
    const ids = new Set(receiver.at("/down").map(idOf));
    assert.deepEqual([...ids].sort(), log.map((d) => d.deliveryId).sort(), "both events delivered, each under its id");
  });

  it("with confirmations: n, tx.confirmed waits until its block is n deep", async () => {
    const wallet = await newEnterpriseWallet();
    const hook = await create(alice, {
      url: `${receiver.url}/deep`,
      types: ["tx.confirmed"],
      address: wallet.address,
      confirmations: 2,
    });
    await fund(service, wallet.address, 2_000_000);
    const [waiting] = await logUntil(hook.id, (l) => l.length === 1);
    assert.equal(waiting!.state, "pending");
    const event = (await service.app.stores.events.after(Number(waiting!.eventId) - 1, {}, 1))[0]!;
    assert.equal(waiting!.waitingForHeight, event.point.blockHeight! + 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.at("/deep").length, 0, "not delivered at depth 1");
    // Another block (another wallet's payment) makes it 2 deep.
    await fund(service, (await newEnterpriseWallet()).address, 1_000_000);
    const [delivered] = await logUntil(hook.id, (l) => l[0]?.state === "delivered");
    assert.equal(delivered!.attempts, 1);
    assert.equal(eventOf(receiver.at("/deep")[0]!).id, waiting!.eventId);
  });

  it("a rollback of the transaction before its depth cancels the waiting tx.confirmed delivery", async () => {
    const wallet = await newEnterpriseWallet();
    const hook = await create(alice, {
      url: `${receiver.url}/rolled`,
      types: ["tx.confirmed"],
      address: wallet.address,
      confirmations: 3,
    });
    const txHash = await fund(service, wallet.address, 2_000_000);
    const [waiting] = await logUntil(hook.id, (l) => l.length === 1);
    assert.equal(waiting!.state, "pending");
    // The rollback's event, as the devnet's rollback (design §6) records it.
    const [rollback] = await service.app.stores.events.append(
      [
        {
          type: "tx.rolled_back",
          point: { slot: 0, blockHash: null, blockHeight: null, txHash },
          data: { txHash, status: "rolled_back" },
          addresses: [wallet.address],
          tournamentId: null,
        },
      ],
      Date.now(),
    );
    const [cancelled] = await logUntil(hook.id, (l) => l[0]?.state === "cancelled");
    assert.deepEqual(
      [cancelled!.eventId, cancelled!.attempts, cancelled!.lastError, cancelled!.nextAttemptAt],
      [
        waiting!.eventId,
        0,
        `Its transaction was rolled back (event ${rollback!.id}) before its block was deep enough: not delivered.`,
        null,
      ],
    );
    for (let i = 0; i < 3; i++) await fund(service, (await newEnterpriseWallet()).address, 1_000_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.at("/rolled").length, 0, "never delivered, however deep the chain grows");
  });

  it("a revoked key's webhook is paused at its next attempt, which is not made; a key rotated from it keeps its webhooks", async () => {
    const wallet = await newEnterpriseWallet();
    const created = async (name: string) => {
      const made = await service.app.stores.keys.create({ name, env: "testnet" });
      return { id: made.record.id, headers: { "x-api-key": made.key } };
    };
    const [revoked, rotated] = [await created("carol"), await created("dave")];
    const gone = await create(revoked.headers, {
      url: `${receiver.url}/revoked`,
      types: ["address.received"],
      address: wallet.address,
    });
    const kept = await create(rotated.headers, {
      url: `${receiver.url}/rotated`,
      types: ["address.received"],
      address: wallet.address,
    });
    await service.app.stores.keys.revoke(revoked.id);
    const successor = await service.app.stores.keys.rotate(rotated.id);
    await fund(service, wallet.address, 2_000_000);
    await receiver.until(() => receiver.at("/rotated").length === 1);
    const deadline = Date.now() + 30_000;
    let paused: WebhookBody | undefined;
    while (Date.now() < deadline) {
      paused = (await service.app.stores.webhooks.get(revoked.id, gone.id)) as unknown as WebhookBody | undefined;
      if (paused?.state === "paused") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(
      paused?.pausedReason,
      "The API key that owns this webhook was revoked: nothing is delivered until a key of its rotation resumes it.",
    );
    assert.equal(receiver.at("/revoked").length, 0, "nothing sent for the revoked key");
    // The rotated key's successor sees its predecessor's webhook.
    const seen = await service.request("GET", `/webhooks/${kept.id}`, undefined, { "x-api-key": successor.key });
    assert.equal(seen.status, 200);
  });

  it("a key sees and manages only its own webhooks (another's is a 404), up to WEBHOOK_MAX_PER_KEY", async () => {
    const hook = await create(alice, { url: `${receiver.url}/mine`, txHash: "00".repeat(32) });
    for (const [method, path] of [
      ["GET", `/webhooks/${hook.id}`],
      ["GET", `/webhooks/${hook.id}/deliveries`],
      ["DELETE", `/webhooks/${hook.id}`],
      ["POST", `/webhooks/${hook.id}/test`],
      ["POST", `/webhooks/${hook.id}/resume`],
    ] as const) {
      const answer = await service.request(method, path, undefined, bob);
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.equal(
        (answer.body as { message: string }).message,
        `No webhook ${hook.id} belongs to your API key (a webhook another key created is not yours to see).`,
      );
    }
    const bobs = (await service.request("GET", "/webhooks", undefined, bob)).body as { webhooks: WebhookBody[] };
    assert.deepEqual(bobs.webhooks, []);
    // Up to the limit (8), then a 400 saying so.
    for (let i = 0; i < 8; i++) await create(bob, { url: `${receiver.url}/bob`, txHash: "00".repeat(32) });
    const page = (await service.request("GET", "/webhooks?limit=5", undefined, bob)).body as {
      webhooks: WebhookBody[];
      cursor: string;
    };
    const rest = (await service.request("GET", `/webhooks?limit=5&cursor=${page.cursor}`, undefined, bob)).body as {
      webhooks: WebhookBody[];
      cursor: string | null;
    };
    assert.deepEqual([page.webhooks.length, rest.webhooks.length, rest.cursor], [5, 3, null]);
    const over = await service.request("POST", "/webhooks", { url: `${receiver.url}/bob` }, bob);
    assert.equal(over.status, 400);
    assert.match((over.body as { message: string }).message, /has 8 webhooks already.*WEBHOOK_MAX_PER_KEY/);
    const deleted = await service.request("DELETE", `/webhooks/${hook.id}`, undefined, alice);
    assert.deepEqual(deleted.body, { id: hook.id, deleted: true });
    assert.equal((await service.request("GET", `/webhooks/${hook.id}`, undefined, alice)).status, 404);
  });

  it("POST /webhooks/{id}/test sends a signed webhook.test now and answers what the receiver said", async () => {
    receiver.script("/probe", { status: 200 }, { status: 418, body: "I'm a teapot" });
    const hook = await create(alice, { url: `${receiver.url}/probe`, txHash: "00".repeat(32) });
    const ok = await service.request("POST", `/webhooks/${hook.id}/test`, undefined, alice);
    assert.equal(ok.status, 200);
    assert.deepEqual(
      { ...(ok.body as object), durationMs: 0 },
      {
        webhookId: hook.id,
        delivered: true,
        status: 200,
        error: null,
        durationMs: 0,
      },
    );
    const [probe] = receiver.at("/probe");
    assert.equal(eventOf(probe!).type, "webhook.test");
    assert.match(idOf(probe!), new RegExp(`^${hook.id}\\.test-\\d+$`));
    assert.equal(await verifyWebhook(hook.secret!, probe!.headers["webhook-signature"] as string, probe!.body), true);
    const teapot = await service.request("POST", `/webhooks/${hook.id}/test`, undefined, alice);
    assert.deepEqual(
      [
        (teapot.body as { delivered: boolean }).delivered,
        (teapot.body as { status: number }).status,
        (teapot.body as { error: string }).error,
      ],
      [false, 418, "HTTP 418: I'm a teapot"],
    );
    const w = (await service.request("GET", `/webhooks/${hook.id}`, undefined, alice)).body as WebhookBody;
    assert.equal(w.failures, 0, "a test delivery is not counted");
    // One test delivery per key at a time: a second while the first waits for its receiver is a 429.
    receiver.script("/probe", { status: 200, delayMs: 700 });
    const both = await Promise.all([
      service.request("POST", `/webhooks/${hook.id}/test`, undefined, alice),
      new Promise((r) => setTimeout(r, 200)).then(() =>
        service.request("POST", `/webhooks/${hook.id}/test`, undefined, alice),
      ),
    ]);
    // Which one waits depends on which reached the handler first: one 200, one 429.
    assert.deepEqual(both.map((a) => a.status).sort(), [200, 429]);
    const refused = both.find((a) => a.status === 429)!;
    assert.equal((refused.body as { code: string }).code, "AUTH_ERR_WEBHOOK_TEST_LIMIT");
    assert.match((refused.body as { message: string }).message, /^Your API key has a test delivery in flight already/);
    assert.equal(refused.headers.get("retry-after"), "1");
    assert.equal(
      (await service.request("POST", `/webhooks/${hook.id}/test`, undefined, alice)).status,
      200,
      "free again",
    );
  });
});
