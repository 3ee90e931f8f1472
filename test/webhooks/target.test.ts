// Where a webhook may POST (src/webhooks/target.ts): the address kinds refused off the devnet (v4,
// v6, and v6 forms that carry a v4: mapped, compatible, SIIT, NAT64, 6to4; Teredo, discard-only),
// the URL's form, a host checked through an injected resolver (its lookup bounded); and
// through a running service with WEBHOOK_ALLOW_PRIVATE=false: a private target refused at
// creation naming body.url, a host that resolves to a private address at delivery time (DNS
// rebinding) failed without a connection, and the connection going to the address the check
// resolved (a name no system DNS knows reaches the loopback receiver through the injected resolver).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  checkedAddresses,
  LookupStopped,
  nonPublicKind,
  targetUrl,
  TargetError,
  type Resolver,
} from "../../src/webhooks/target.js";
import { startService, type RunningService } from "../support/service.js";
import { fund, newEnterpriseWallet } from "../support/wallets.js";
import { Receiver } from "./receiver.js";

/** A lookup's limit where none is under test. */
const LIMIT = { timeoutMs: 10_000 };

describe("the kinds of address a webhook may not reach off the devnet", () => {
  it("names each non-public kind, v4 and v6, and passes public addresses", () => {
    const cases: Array<[string, string | null]> = [
      ["0.0.0.0", "unspecified"],
      ["::", "unspecified"],
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["::1", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["fd12:3456::1", "private"],
      ["fc00::1", "private"],
      ["169.254.169.254", "link-local"],
      ["fe80::1", "link-local"],
      ["100.64.0.1", "CGNAT (shared)"],
      ["100.127.255.254", "CGNAT (shared)"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["ff02::1", "multicast"],
      ["255.255.255.255", "reserved"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:a9fe:a9fe", "link-local"],
      ["::ffff:10.0.0.1", "private"],
      ["64:ff9b::a00:1", "private"],
      ["64:ff9b::127.0.0.1", "loopback"],
      ["::a00:1", "private"],
      ["::ffff:0:7f00:1", "loopback"],
      ["::ffff:0:10.0.0.1", "private"],
      ["64:ff9b:1::a9fe:a9fe", "link-local"],
      ["64:ff9b:1:abcd::808:808", "local-use NAT64"],
      ["2002:a9fe:a9fe::", "link-local"],
      ["2002:7f00:1:1::1", "loopback"],
      ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
      ["2001::1", "Teredo"],
      ["100::1", "discard-only"],
      ["fe80::1%eth0", "link-local"],
      ["8.8.8.8", null],
      ["172.32.0.1", null],
      ["100.128.0.1", null],
      ["2606:4700:4700::1111", null],
      ["::ffff:8.8.8.8", null],
      ["64:ff9b::808:808", null],
      ["::ffff:0:8.8.8.8", null],
      ["2002:808:808::1", null],
      ["2001:db9::1", null],
      ["100:0:0:1::1", null],
    ];
    for (const [address, kind] of cases) assert.equal(nonPublicKind(address), kind, address);
  });

  it("refuses URLs that are not http(s), hold credentials or a fragment, or are too long", () => {
    const refused = (raw: string): string => {
      try {
        targetUrl(raw);
      } catch (error) {
        assert.ok(error instanceof TargetError);
        return error.message;
      }
      throw new Error(`${raw} was accepted`);
    };
    assert.equal(refused("file:///etc/passwd"), "must be http or https, not file.");
    assert.equal(refused("gopher://x"), "must be http or https, not gopher.");
    assert.match(refused("https://a:b@example.com/"), /must not hold credentials/);
    assert.match(refused("https://example.com/#x"), /must not have a fragment/);
    assert.match(refused("/relative"), /is not an absolute URL/);
    assert.match(refused(`https://example.com/${"x".repeat(2048)}`), /more than 2048/);
    assert.equal(targetUrl("HTTPS://Example.COM:8443/hook?x=1").href, "https://example.com:8443/hook?x=1");
  });

  it("checks every address a host resolves to, and literals without a lookup", async () => {
    const resolver =
      (answers: Record<string, string[]>): Resolver =>
      async (host) => {
        const list = answers[host];
        if (list === undefined) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
        return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      };
    const dns = resolver({
      "mixed.test": ["93.184.216.34", "10.0.0.7"],
      "public.test": ["93.184.216.34", "2606:4700::1"],
    });
    await assert.rejects(
      checkedAddresses(new URL("https://mixed.test/"), dns, false, LIMIT),
      new TargetError(
        "names the host mixed.test, which resolves to 10.0.0.7, a private address: webhooks go to public addresses only on this network (WEBHOOK_ALLOW_PRIVATE).",
      ),
    );
    assert.equal((await checkedAddresses(new URL("https://mixed.test/"), dns, true, LIMIT)).length, 2, "allowed");
    assert.deepEqual(
      (await checkedAddresses(new URL("https://public.test/"), dns, false, LIMIT)).map((a) => a.address),
      ["93.184.216.34", "2606:4700::1"],
    );
    await assert.rejects(
      checkedAddresses(new URL("http://[::ffff:127.0.0.1]:8080/"), dns, false, LIMIT),
      /a loopback address/,
    );
    await assert.rejects(
      checkedAddresses(new URL("http://169.254.169.254/latest/meta-data"), dns, false, LIMIT),
      /link-local/,
    );
    const gone = await checkedAddresses(new URL("https://gone.test/"), dns, false, LIMIT).catch((e: unknown) => e);
    assert.ok(gone instanceof TargetError && gone.transient, "a name that does not resolve may resolve later");
    assert.match(gone.message, /gone\.test, which does not resolve \(ENOTFOUND\)/);
  });

  it("gives up a lookup that does not answer within the limit (a timeout, worth retrying), or once its signal aborts", async () => {
    const never: Resolver = () => new Promise(() => undefined);
    const late = await checkedAddresses(new URL("https://slow.test/"), never, false, { timeoutMs: 50 }).catch(
      (e: unknown) => e,
    );
    assert.ok(late instanceof TargetError && late.transient, "a slow name server may answer later");
    assert.equal(
      late.message,
      "names the host slow.test, which did not resolve within 0.05 s (WEBHOOK_TIMEOUT_SECONDS).",
    );
    const stop = new AbortController();
    const stopped = checkedAddresses(new URL("https://slow.test/"), never, false, {
      timeoutMs: 60_000,
      signal: stop.signal,
    });
    stop.abort();
    await assert.rejects(stopped, LookupStopped);
    await assert.rejects(
      checkedAddresses(new URL("https://slow.test/"), never, false, { timeoutMs: 60_000, signal: stop.signal }),
      LookupStopped,
      "already aborted: not even started",
    );
    // A literal address needs no lookup: no limit applies.
    assert.equal((await checkedAddresses(new URL("https://93.184.216.34/"), never, false, { timeoutMs: 1 })).length, 1);
  });
});

describe("targets through the service, private addresses refused (WEBHOOK_ALLOW_PRIVATE=false)", () => {
  let service: RunningService;
  let receiver: Receiver;
  let headers: Record<string, string>;
  /** What each name resolves to now: a test changes it between creation and delivery. */
  const dns = new Map<string, string>();

  before(async () => {
    receiver = await Receiver.start();
    service = await startService(
      { WEBHOOK_ALLOW_PRIVATE: "false", WEBHOOK_PAUSE_AFTER_FAILURES: "100" },
      {
        webhooks: {
          pollMs: 40,
          resolve: async (host) => {
            const address = dns.get(host);
            if (address === undefined) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
            return [{ address, family: 4 }];
          },
        },
      },
    );
    headers = { "x-api-key": (await service.app.stores.keys.create({ name: "t", env: "testnet" })).key };
  });
  after(async () => {
    await service?.close();
    await receiver?.close();
  });

  it("refuses a private target at creation, naming body.url", async () => {
    for (const [url, kind] of [
      [`${receiver.url}/x`, "loopback"],
      ["http://10.0.0.7/x", "private"],
      ["http://[::1]:9/x", "loopback"],
    ] as const) {
      const answer = await service.request("POST", "/webhooks", { url }, headers);
      assert.equal(answer.status, 400);
      assert.match(
        (answer.body as { message: string }).message,
        new RegExp(`^body\\.url names the host .*, a ${kind} address`),
      );
    }
  });

  it("checks again at delivery: a name that now resolves to a private address is refused, no connection made", async () => {
    dns.set("rebind.test", "93.184.216.34");
    const wallet = await newEnterpriseWallet();
    const created = await service.request(
      "POST",
      "/webhooks",
      {
        url: `http://rebind.test:${new URL(receiver.url).port}/rebind`,
        types: ["address.received"],
        address: wallet.address,
      },
      headers,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { id } = created.body as { id: string };
    dns.set("rebind.test", "127.0.0.1");
    await fund(service, wallet.address, 2_000_000);
    const deadline = Date.now() + 30_000;
    let log: Array<{ state: string; lastStatus: number | null; lastError: string | null; attempts: number }> = [];
    while (Date.now() < deadline) {
      log = (
        (await service.request("GET", `/webhooks/${id}/deliveries`, undefined, headers)).body as {
          deliveries: typeof log;
        }
      ).deliveries;
      if (log[0]?.state === "failed") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(log[0], {
      ...log[0],
      state: "failed",
      attempts: 1,
      lastStatus: null,
      lastError:
        "The URL names the host rebind.test, which resolves to 127.0.0.1, a loopback address: webhooks go to public addresses only on this network (WEBHOOK_ALLOW_PRIVATE).",
    });
    assert.equal(receiver.at("/rebind").length, 0, "no connection to the loopback address");
  });
});

describe("the connection goes to the address the check resolved", () => {
  it("a name no system DNS knows reaches the receiver through the resolver's answer", async () => {
    const receiver = await Receiver.start();
    const service = await startService(
      {},
      { webhooks: { pollMs: 40, resolve: async () => [{ address: "127.0.0.1", family: 4 }] } },
    );
    try {
      const headers = { "x-api-key": (await service.app.stores.keys.create({ name: "p", env: "testnet" })).key };
      const created = await service.request(
        "POST",
        "/webhooks",
        { url: `http://receiver.invalid:${new URL(receiver.url).port}/pinned`, txHash: "00".repeat(32) },
        headers,
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const test = await service.request(
        "POST",
        `/webhooks/${(created.body as { id: string }).id}/test`,
        undefined,
        headers,
      );
      assert.deepEqual(
        [(test.body as { delivered: boolean }).delivered, (test.body as { status: number }).status],
        [true, 200],
      );
      const [got] = receiver.at("/pinned");
      assert.equal(
        got?.headers.host,
        `receiver.invalid:${new URL(receiver.url).port}`,
        "the Host header keeps the name",
      );
    } finally {
      await service.close();
      await receiver.close();
    }
  });
});
