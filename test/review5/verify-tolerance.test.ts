// review5: verifyWebhook's replay window silently disappears when its tolerance is not a finite
// number. `Math.abs(now - t) > toleranceSeconds` is false for NaN, so a receiver that reads its
// tolerance from configuration (`Number(process.env.WEBHOOK_TOLERANCE)`, unset: NaN) accepts a
// delivery captured a year ago, replayed. "Never silently wrong": a tolerance that is not a finite,
// non-negative number is the caller's mistake, to be refused (a TypeError), or read as the default.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { verifyWebhook } from "../../client/src/index.js";
import { newSecret, signatureHeader } from "../../src/webhooks/signature.js";

describe("review5: verifyWebhook with a tolerance that is not a number", () => {
  it("does not accept a delivery signed a year ago when the tolerance is NaN: a TypeError names the mistake", async () => {
    const secret = newSecret();
    const body = JSON.stringify({ id: "41", type: "tx.confirmed", data: { txHash: "ab".repeat(32) } });
    const yearAgo = Math.floor(Date.now() / 1000) - 365 * 24 * 3600;
    const captured = signatureHeader(secret, body, yearAgo);
    assert.equal(await verifyWebhook(secret, captured, body), false, "refused with the default tolerance");
    const fromEnv = Number(process.env["REVIEW5_UNSET_TOLERANCE"]);
    const verdict = await verifyWebhook(secret, captured, body, fromEnv).catch((error: unknown) => error);
    assert.notEqual(verdict, true, "a year-old delivery is not accepted with a tolerance of NaN");
    assert.ok(verdict instanceof TypeError);
    assert.match(verdict.message, /toleranceSeconds must be a finite number of seconds ≥ 0, not NaN/);
    await assert.rejects(verifyWebhook(secret, captured, body, -1), TypeError);
  });
});
