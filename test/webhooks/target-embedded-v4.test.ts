// Found by review5: v6 forms that carry a non-public v4 address were not refused off the devnet
// (WEBHOOK_ALLOW_PRIVATE=false). target.ts decoded the well-known NAT64 prefix (64:ff9b::/96) and
// the v4-compatible form (::/96), but not the local-use NAT64 prefix of RFC 8215 (64:ff9b:1::/48,
// which a NAT64 gateway on the service's network translates to the v4 address it ends with), nor
// 6to4 (2002:AABB:CCDD::/48, the v4 address in bits 16-47), nor the SIIT form ::ffff:0:a.b.c.d
// (RFC 2765). target.ts now checks the v4 each carries (embeddedV4) and refuses local-use NAT64,
// Teredo (2001::/32) and discard-only (100::/64) outright. Each is a literal: no DNS is involved,
// the check answers from the address alone.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { nonPublicKind } from "../../src/webhooks/target.js";
import { startService, type RunningService } from "../support/service.js";

const CASES: ReadonlyArray<readonly [url: string, carried: string]> = [
  ["http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data", "169.254.169.254 (local-use NAT64, RFC 8215)"],
  ["http://[2002:a9fe:a9fe::]/latest/meta-data", "169.254.169.254 (6to4, RFC 3056)"],
  ["http://[::ffff:0:7f00:1]/", "127.0.0.1 (SIIT IPv4-translated, RFC 2765)"],
  ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "a Teredo server and client (RFC 4380)"],
  ["http://[100::1]/", "nothing: discard-only (RFC 6666)"],
];

describe("v6 literals carrying a non-public v4 address, off the devnet", () => {
  let service: RunningService;
  let headers: Record<string, string>;

  before(async () => {
    service = await startService({ WEBHOOK_ALLOW_PRIVATE: "false" }, { webhooks: { pollMs: 1000 } });
    headers = { "x-api-key": (await service.app.stores.keys.create({ name: "r5", env: "testnet" })).key };
  });
  after(async () => {
    await service?.close();
  });

  it("POST /webhooks refuses each with a 400 naming body.url", async () => {
    const accepted: string[] = [];
    for (const [url, carried] of CASES) {
      const answer = await service.request("POST", "/webhooks", { url, txHash: "00".repeat(32) }, headers);
      if (answer.status !== 400) accepted.push(`${url} → ${answer.status} (carries ${carried})`);
      else assert.match((answer.body as { message: string }).message, /^body\.url names the host /);
    }
    assert.deepEqual(accepted, [], "every form is refused");
  });

  it("nonPublicKind names the kind of the v4 address each carries", () => {
    assert.equal(nonPublicKind("64:ff9b:1::a9fe:a9fe"), "link-local");
    assert.equal(nonPublicKind("2002:a9fe:a9fe::"), "link-local");
    assert.equal(nonPublicKind("::ffff:0:7f00:1"), "loopback");
  });
});
