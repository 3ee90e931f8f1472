// Hostile-input suite (issue #20, item 4): resources a client can ask for, against the server as a
// real child process. Thousands of concurrent long-polls (GET /transactions/{hash}/wait) beyond the
// instance's cap are refused at once, and health keeps answering; twelve concurrent lists of large
// blueprints keep the memory bounded, and health keeps answering. Each attack meets ATTACK_BOUNDS.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ATTACK_BOUNDS, underAttack } from "../support/hostile.js";
import { startServer, type ServerProcess } from "../support/process.js";
import { largeBlueprint } from "../support/large-blueprints.js";

const UNKNOWN_TX = "ab".repeat(32);

/** Keyless requests from the test's one address are many here: the per-IP bucket is not what these attacks probe. */
const GENEROUS_KEYLESS = { KEYLESS_PER_SECOND: "100000", KEYLESS_BURST: "100000" };

describe("hostile: concurrent waits beyond the caps", () => {
  const WAITS = 2_000;
  const TOTAL = 500;
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "txsvc-hostile-waits-"));
    // The per-key cap raised above the attack, so that the instance's total cap is what holds.
    server = await startServer(dataDir, {
      ...GENEROUS_KEYLESS,
      WAIT_MAX_PER_KEY: "100000",
      WAIT_MAX_TOTAL: String(TOTAL),
      LOG_LEVEL: "warn",
    });
  });
  after(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${WAITS} waits opened over ten seconds: those beyond ${TOTAL} answer 503 with Retry-After at once, health answers within 500 ms, and slots free when their clients leave`, async (t) => {
    const leave = new AbortController();
    const refusals: { status: number; retryAfter: string | null; ms: number }[] = [];
    let answered200 = 0;
    const held: Promise<unknown>[] = [];
    const outcome = await underAttack(server, async (base) => {
      // An attacker holding waits open: 20 more every 100 ms (200 a second), then three seconds at the full count.
      for (let i = 0; i < WAITS; i++) {
        const sent = performance.now();
        held.push(
          fetch(`${base}/transactions/${UNKNOWN_TX}/wait?timeout=60`, { signal: leave.signal }).then(
            async (answer) => {
              if (answer.status === 200) answered200++;
              else
                refusals.push({
                  status: answer.status,
                  retryAfter: answer.headers.get("retry-after"),
                  ms: performance.now() - sent,
                });
              await answer.arrayBuffer();
            },
            () => undefined,
          ),
        );
        if (i % 20 === 19) await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 3_000));
      return new Response(JSON.stringify({ refused: refusals.length }));
    });
    const slowest = Math.round(Math.max(0, ...refusals.map((r) => r.ms)));
    t.diagnostic(`waits: ${JSON.stringify({ ...outcome, slowestRefusalMs: slowest })}`);
    assert.equal(refusals.length, WAITS - TOTAL, `refused ${refusals.length}, answered ${answered200}`);
    assert.deepEqual([...new Set(refusals.map((r) => r.status))], [503]);
    assert.deepEqual([...new Set(refusals.map((r) => r.retryAfter))], ["1"]);
    assert.ok(slowest < ATTACK_BOUNDS.answerMs, `a refusal took ${slowest} ms`);
    assert.ok(outcome.worstHealthMs < ATTACK_BOUNDS.healthMs, `health took ${outcome.worstHealthMs} ms`);
    assert.ok(outcome.alive);

    // Every held client leaves: their slots are freed, and a new wait is held again.
    leave.abort();
    await Promise.all(held);
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await fetch(`${server.base}/transactions/${UNKNOWN_TX}/wait?timeout=1`)).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, "a wait is held again once the others' clients have gone");
  });
});

describe("hostile: concurrent lists of large blueprints", () => {
  const BLUEPRINTS = 100;
  const LISTS = 12;
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "txsvc-hostile-lists-"));
    server = await startServer(dataDir, {
      ...GENEROUS_KEYLESS,
      BODY_LIMIT: String(2 * 1024 * 1024),
      LOG_LEVEL: "warn",
    });
    for (let i = 0; i < BLUEPRINTS; i++) {
      const answer = await fetch(`${server.base}/blueprints`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ blueprint: largeBlueprint(i, 1024 * 1024) }),
      });
      assert.equal(answer.status, 200, await answer.text());
    }
  });
  after(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${LISTS} concurrent lists of ${BLUEPRINTS} blueprints of 1 MiB: each answered within 2 s, RSS bounded, health within 500 ms`, async (t) => {
    const rssBefore = server.rssMiB();
    const bytes: number[] = [];
    const outcome = await underAttack(server, async (base) => {
      const answers = await Promise.all(
        Array.from({ length: LISTS }, async () => {
          const answer = await fetch(`${base}/blueprints?limit=100`);
          const body = await answer.arrayBuffer();
          bytes.push(body.byteLength);
          return answer.status;
        }),
      );
      return new Response(JSON.stringify(answers), { status: answers.every((s) => s === 200) ? 200 : 500 });
    });
    t.diagnostic(
      `lists: ${JSON.stringify({ ...outcome, body: undefined, rssBefore, answerBytes: Math.max(...bytes) })}`,
    );
    assert.equal(outcome.status, 200, outcome.body);
    assert.ok(Math.max(...bytes) < 1024 * 1024, `an answer took ${Math.max(...bytes)} bytes`);
    assert.ok(outcome.elapsedMs < ATTACK_BOUNDS.answerMs, `the lists took ${outcome.elapsedMs} ms`);
    assert.ok(outcome.worstHealthMs < ATTACK_BOUNDS.healthMs, `health took ${outcome.worstHealthMs} ms`);
    assert.ok(outcome.peakRssMiB - rssBefore < 256, `RSS grew from ${rssBefore} to ${outcome.peakRssMiB} MiB`);
    assert.ok(outcome.alive);
  });
});
