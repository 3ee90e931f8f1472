// Hostile query strings and hints (issue #20) against the server as a real process: a 10 kB and a
// malformed `cursor` (and its alias `pageState`) on every list that pages (src/server/pagination.ts)
// is a 400 naming the parameter the client sent; a 1 MB URL is refused by Node's header limit
// (16 KiB, request line included) with a 431; a Blockfrost amount list of 10,000 {unit, quantity}
// entries gets its hint ("written here as lovelace and assets…") in a message of bounded size (it
// echoed every entry: 1.3 MB), and so does an assets list of 10,000 of them. Each is answered within
// 2 s, health within 500 ms meanwhile, and the process is alive after.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ATTACK_BOUNDS, underAttack, type AttackOutcome } from "../support/hostile.js";
import { startServer, type ServerProcess } from "../support/process.js";

const ADDRESS = "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz";
const UNKNOWN_TOURNAMENT = "ab".repeat(32);

/** Every list that pages, with the alias of `cursor` it also takes. */
const LISTS: ReadonlyArray<{ path: string; alias?: string }> = [
  { path: "/tournaments", alias: "pageState" },
  { path: `/tournaments/${UNKNOWN_TOURNAMENT}/registrations` },
  { path: "/blueprints", alias: "pageState" },
  { path: `/addresses/${ADDRESS}/utxos` },
];
const HUGE = "A".repeat(10_000);
const MALFORMED = "not a cursor!";

function withinBounds(outcome: AttackOutcome, what: string): void {
  const figures = `${what}: ${outcome.status} in ${outcome.elapsedMs} ms, health ${outcome.worstHealthMs} ms, alive ${outcome.alive}`;
  assert.ok(outcome.elapsedMs < ATTACK_BOUNDS.answerMs, figures);
  assert.ok(outcome.worstHealthMs < ATTACK_BOUNDS.healthMs, figures);
  assert.ok(outcome.alive, figures);
}

const messageOf = (outcome: AttackOutcome): { code: string; message: string } =>
  JSON.parse(outcome.body) as { code: string; message: string };

const get = (path: string) => (base: string) => fetch(base + path, { signal: AbortSignal.timeout(30_000) });
const post = (path: string, body: unknown) => (base: string) =>
  fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });

describe("hostile: cursors and hints", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "hostile-cursors-"));
  let server: ServerProcess;
  before(async () => {
    server = await startServer(dataDir, { LOG_LEVEL: "warn" });
  });
  after(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a 10 kB or malformed cursor on every list: a 400 naming the parameter sent", async () => {
    for (const { path, alias } of LISTS) {
      for (const name of ["cursor", ...(alias ? [alias] : [])]) {
        for (const [what, value] of [
          ["10 kB", HUGE],
          ["malformed", MALFORMED],
        ] as const) {
          const outcome = await underAttack(server, get(`${path}?${name}=${encodeURIComponent(value)}`));
          const label = `${path}?${name}= (${what})`;
          withinBounds(outcome, label);
          assert.equal(outcome.status, 400, `${label}: ${outcome.body}`);
          assert.match(messageOf(outcome).message, new RegExp(`^query\\.${name} `), label);
        }
      }
    }
  });

  it("a 1 MB URL: 431 from Node's header limit, at once", async () => {
    // (A 10 MB one is refused the same way, but the server closes the connection while the client
    // is still writing it: the client sees a reset rather than the 431.)
    const outcome = await underAttack(server, get(`/tournaments?cursor=${"A".repeat(1024 * 1024)}`));
    withinBounds(outcome, "1 MB cursor");
    assert.equal(outcome.status, 431);
    assert.equal(messageOf(outcome).code, "HTTP_ERR_HEADERS_TOO_LARGE");
  });

  it("10,000 Blockfrost {unit, quantity} entries: the hint, in a message of bounded size", async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      unit: "ab".repeat(28) + i.toString(16).padStart(8, "0"),
      quantity: String(i + 1),
    }));
    const asAmount = await underAttack(
      server,
      post("/transactions/build", {
        changeAddress: ADDRESS,
        outputs: [{ address: ADDRESS, amount: [{ unit: "lovelace", quantity: "2000000" }, ...entries] }],
      }),
    );
    withinBounds(asAmount, "amount list of 10,000");
    assert.equal(asAmount.status, 400);
    const amount = messageOf(asAmount);
    assert.equal(amount.code, "SVC_ERR_UNKNOWN_FIELD");
    const first = (i: number) =>
      `{"policyId": "${"ab".repeat(28)}", "assetName": "0000000${i}", "quantity": "${i + 1}"}`;
    assert.equal(
      amount.message,
      "body.outputs[0].amount is not a field of an output: Blockfrost's amount list [{unit, quantity}] is written here as lovelace " +
        '(the unit "lovelace") and assets [{policyId, assetName, quantity}] (a unit is the policy ID, 56 hex digits, followed by the ' +
        `asset name in hex): send {"lovelace": "2000000", "assets": [${first(0)}, ${first(1)}, ${first(2)}, …]} (and the other 9997 assets in the same shape).`,
    );

    const asAssets = await underAttack(
      server,
      post("/transactions/build", { changeAddress: ADDRESS, outputs: [{ address: ADDRESS, assets: entries }] }),
    );
    withinBounds(asAssets, "assets list of 10,000");
    assert.equal(asAssets.status, 400);
    const assets = messageOf(asAssets);
    assert.equal(assets.code, "SVC_ERR_UNKNOWN_FIELD");
    assert.match(assets.message, /^body\.outputs\[0\]\.assets\[0\]\.unit is not a field of an asset: /);
    assert.ok(assets.message.length < 1_000, `${assets.message.length} characters`);
  });
});
