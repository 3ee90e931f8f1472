// The typed client's verifyWebhook against the service's own signer (src/webhooks/signature.ts):
// what the service signs verifies; a changed body, another secret, an old or future timestamp
// and malformed headers do not. The deliveries of a running service are verified the same way in
// test/webhooks/delivery.test.ts.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { verifyWebhook } from "../../client/src/index.js";
import { newSecret, signatureHeader } from "../../src/webhooks/signature.js";

const body = JSON.stringify({ id: "41", type: "tx.confirmed", data: { txHash: "ab".repeat(32), confirmations: 1 } });
const now = () => Math.floor(Date.now() / 1000);

describe("verifyWebhook", () => {
  const secret = newSecret();

  it("accepts what the service signed, as text or as the raw bytes", async () => {
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const header = signatureHeader(secret, body, now());
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(await verifyWebhook(secret, header, body), true);
    assert.equal(await verifyWebhook(secret, header, new TextEncoder().encode(body)), true);
    // Several v1 values (a receiver's header assembled by a proxy, a future key rotation): any one may match.
    const other = signatureHeader(newSecret(), body, now()).split(",")[1]!;
    assert.equal(await verifyWebhook(secret, `${header}, ${other}`, body), true);
  });

  it("refuses a changed body, another secret, and a header with its signature changed", async () => {
    const header = signatureHeader(secret, body, now());
    assert.equal(await verifyWebhook(secret, header, body.replace("41", "42")), false);
    assert.equal(await verifyWebhook(secret, header, `${body} `), false);
    assert.equal(await verifyWebhook(newSecret(), header, body), false);
    const flipped = header.replace(/v1=(.)/, (_, c: string) => `v1=${c === "0" ? "1" : "0"}`);
    assert.equal(await verifyWebhook(secret, flipped, body), false);
    // The time is signed: moving it breaks the signature.
    assert.equal(
      await verifyWebhook(
        secret,
        header.replace(/t=(\d+)/, (_, t: string) => `t=${Number(t) - 1}`),
        body,
      ),
      false,
    );
  });

  it("refuses a timestamp older or further ahead than the tolerance", async () => {
    const old = signatureHeader(secret, body, now() - 301);
    assert.equal(await verifyWebhook(secret, old, body), false, "301 s old, tolerance 300");
    assert.equal(await verifyWebhook(secret, old, body, 400), true, "within a wider tolerance");
    assert.equal(
      await verifyWebhook(secret, signatureHeader(secret, body, now() + 600), body),
      false,
      "from the future",
    );
    assert.equal(await verifyWebhook(secret, signatureHeader(secret, body, now() - 10), body, 5), false);
  });

  it("refuses missing and malformed headers without throwing", async () => {
    const v1 = signatureHeader(secret, body, now()).split(",")[1]!;
    for (const header of [
      undefined,
      null,
      "",
      v1,
      `t=${now()}`,
      `t=abc,${v1}`,
      `t=${now()},v1=zz`,
      `t=${now()},v1=${"ab".repeat(31)}`,
      `t=${now()},v0=${"ab".repeat(32)}`,
      `t=${now()},${v1}${"x".repeat(5000)}`,
    ])
      assert.equal(await verifyWebhook(secret, header, body), false, String(header).slice(0, 40));
    assert.equal(await verifyWebhook("", signatureHeader("", body, now()), body), false, "an empty secret");
  });
});
