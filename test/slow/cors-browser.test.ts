// CORS in a real headless Chromium: a dApp page (test/fixtures/browser-dapp/index.html) served
// from another loopback origin than the service (another port is another origin) funds a wallet
// from the devnet faucet, builds a payment, has it signed by an injected CIP-30-style wallet
// (window.cardano.testwallet, signing in Node with a real key), submits it and reads the result,
// all with the page's own fetch, an API key included (AUTH=required). The test then checks the
// chain, the headers the page could read (request id, RateLimit-Remaining, an error's body), and
// that the browser's preflights reached the service and cost no quota. With CORS_ORIGINS naming
// another origin, the same page's fetch fails in the browser and the faucet never runs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { bech32 } from "@scure/base";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import { launchChromium, skipWithoutChromium as skip } from "../support/chromium.js";
import type { Answer, OperationId } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";
import { lovelaceOf, totalLovelace, utxosAt } from "../support/utxos.js";
import { newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

const PAGE = readFileSync(new URL("../fixtures/browser-dapp/index.html", import.meta.url), "utf8");
const FUNDING = 50_000_000;
const PAYMENT = 7_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The injected wallet, as an extension would add it before the page's scripts run: CIP-30's
 * enable() and the calls the page makes, each answered by a function the test exposes from Node.
 */
const WALLET_SCRIPT = `
(() => {
  let enabled = false;
  const api = {
    getNetworkId: async () => 0,
    getUsedAddresses: async () => [await window.testwalletAddress()],
    getUnusedAddresses: async () => [],
    getChangeAddress: async () => window.testwalletAddress(),
    getRewardAddresses: async () => [],
    getUtxos: async () => window.testwalletUtxos(),
    signTx: async (tx, partialSign = false) => window.testwalletSignTx(tx, partialSign),
  };
  window.cardano = Object.assign(window.cardano || {}, {
    testwallet: {
      name: "testwallet",
      apiVersion: "1.0.0",
      icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
      isEnabled: async () => enabled,
      enable: async () => { enabled = true; return api; },
    },
  });
})();
`;

/** An address as CIP-30 hands it out: the hex of its bytes. */
const addressHex = (address: string): string =>
  Buffer.from(bech32.fromWords(bech32.decode(address as `${string}1${string}`, 1023).words)).toString("hex");

/** Serves the dApp page at / from a new loopback origin. */
async function servePage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === "/" || request.url === "/index.html")
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Opened {
  context: BrowserContext;
  page: Page;
  console: string[];
  pageErrors: string[];
}

/**
 * A browser tab on the dApp page at `origin`, with `wallet` injected as window.cardano.testwallet;
 * the wallet reads its UTxOs through `service` (its own backend, as a real wallet has one), with `apiKey` when given.
 */
async function openPage(
  browser: Browser,
  origin: string,
  wallet: TestWallet,
  service: RunningService,
  apiKey?: string,
): Promise<Opened> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  await context.exposeFunction("testwalletAddress", () => addressHex(wallet.address));
  await context.exposeFunction("testwalletUtxos", async () => {
    const answer = await service.request<"getAddressUtxos">(
      "GET",
      `/addresses/${wallet.address}/utxos`,
      undefined,
      apiKey === undefined ? {} : { "x-api-key": apiKey },
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.utxos as string[];
  });
  // CIP-30 signTx(tx, true): the witness set of the wallet's key, signed here in Node.
  await context.exposeFunction("testwalletSignTx", (tx: string) => wallet.witnessSet(tx));
  await context.addInitScript({ content: WALLET_SCRIPT });
  const page = await context.newPage();
  const console: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (message) => console.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const response = await page.goto(`${origin}/`);
  assert.equal(response?.status(), 200);
  await page.waitForFunction("typeof window.dapp === 'object'");
  return { context, page, console, pageErrors };
}

/** What the page's fetch of operation K read: each documented status with its body, and the exposed headers. */
type PageAnswer<K extends OperationId> =
  Answer<K> extends infer A
    ? A extends { status: infer S; body: infer B }
      ? { status: S; body: B; requestId: string | null; rateLimitRemaining: string | null }
      : never
    : never;

interface Paid {
  changeAddress: string;
  utxos: string[];
  steps: {
    faucet: PageAnswer<"fundDevnetAddress">;
    build: PageAnswer<"buildTransaction">;
    submit: PageAnswer<"submitTransaction">;
    status: PageAnswer<"getTransactionStatus">;
    receiver: PageAnswer<"getAddressUtxos">;
    missing: PageAnswer<"getTransactionStatus">;
  };
}

interface Tried {
  ok: boolean;
  status?: number;
  requestId?: string | null;
  error?: string;
}

describe("a dApp page on another origin, with a CIP-30 wallet, in a real browser", { skip }, () => {
  let browser: Browser;
  let pageA: { origin: string; server: Server };
  let pageB: { origin: string; server: Server };
  before(async () => {
    [browser, pageA, pageB] = await Promise.all([launchChromium(), servePage(), servePage()]);
  });
  after(async () => {
    await browser?.close();
    for (const page of [pageA, pageB]) await new Promise((resolve) => page?.server.close(resolve));
  });

  it("funds, builds, signs with the wallet, submits and reads the result from the page (devnet default: any origin)", async () => {
    // Keys required on the devnet, so that every call carries X-Api-Key, a header that needs a preflight.
    const seen: string[] = [];
    const service = await startService(
      { AUTH: "required" },
      {
        beforeListen: (app) =>
          void app.addHook(
            "onResponse",
            async (request, reply) => void seen.push(`${request.method} ${reply.statusCode}`),
          ),
      },
    );
    try {
      assert.equal(service.config.corsOrigins, "*");
      const { key } = await service.app.keyStore.create({
        name: "dapp",
        env: "testnet",
        limits: { perDay: 1000, burst: 1000 },
      });
      // The wallet reads through a key of its own, as a real wallet reads through its own backend.
      const walletKey = (await service.app.keyStore.create({ name: "wallet", env: "testnet" })).key;
      const [wallet, receiver] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
      const { context, page, console, pageErrors } = await openPage(browser, pageA.origin, wallet, service, walletKey);
      const paid = (await page.evaluate(
        (args) => (globalThis as unknown as { dapp: { pay(a: unknown): Promise<unknown> } }).dapp.pay(args),
        {
          api: service.base,
          apiKey: key,
          wallet: "testwallet",
          receiver: receiver.address,
          lovelace: PAYMENT,
          funding: FUNDING,
        },
      )) as Paid;
      const { steps } = paid;

      // The page got the wallet's address in CIP-30's hex form, and its UTxOs after the faucet.
      assert.equal(paid.changeAddress, addressHex(wallet.address));
      assert.equal(steps.faucet.status, 200, JSON.stringify(steps.faucet.body));
      assert.equal(paid.utxos.length, 1);
      assert.equal(steps.build.status, 200, JSON.stringify(steps.build.body));
      assert.equal(steps.submit.status, 200, JSON.stringify(steps.submit.body));
      assert.equal(steps.submit.body.txHash, steps.build.body.hash);
      assert.equal(steps.status.status, 200);
      assert.equal(steps.status.body.status, "confirmed", JSON.stringify(steps.status.body));
      assert.equal(steps.receiver.status, 200, JSON.stringify(steps.receiver.body));
      // view=decoded: the decoded form of the answer's union.
      const decoded = steps.receiver.body.utxos as { txHash: string; lovelace: string }[];
      assert.deepEqual(
        decoded.map((u) => [u.txHash, u.lovelace]),
        [[steps.build.body.hash, String(PAYMENT)]],
      );

      // The chain, read from Node: the receiver holds the payment, the wallet the rest less the fee.
      const utxosWithKey = async (address: string) => {
        const answer = await service.request<"getAddressUtxos">("GET", `/addresses/${address}/utxos`, undefined, {
          "x-api-key": key,
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return decodeUtxos(answer.body.utxos as string[], "utxos");
      };
      const received = await utxosWithKey(receiver.address);
      assert.deepEqual(
        received.map((u) => [u.input.txHash, lovelaceOf(u)]),
        [[steps.build.body.hash, BigInt(PAYMENT)]],
      );
      const change = await utxosWithKey(wallet.address);
      assert.equal(totalLovelace(change), BigInt(FUNDING - PAYMENT) - BigInt(steps.build.body.fee));
      assert.ok(change.every((u) => u.input.txHash === steps.build.body.hash));

      // The page read the exposed headers: each answer's request id, and the key's quota counting down by one a request.
      for (const [name, step] of Object.entries(steps))
        assert.match(step.requestId ?? "", UUID, `${name}: X-Request-Id readable by the page`);
      const remaining = Object.values(steps).map((step) => Number(step.rateLimitRemaining));
      assert.deepEqual(
        remaining,
        [999, 998, 997, 996, 995, 994],
        "RateLimit-Remaining readable by the page, preflights not counted",
      );
      // An error answer is readable too: its body, and the request id it names.
      assert.equal(steps.missing.status, 400);
      assert.equal(steps.missing.body.code, "SVC_ERR_VALIDATION");
      assert.equal(steps.missing.body.requestId, steps.missing.requestId);

      // Without its key the page still reads the 401 and what it says.
      const keyless = (await page.evaluate(
        (args) => (globalThis as unknown as { dapp: { tryFetch(a: unknown): Promise<unknown> } }).dapp.tryFetch(args),
        { api: service.base, path: `/addresses/${receiver.address}/utxos` },
      )) as Tried;
      assert.deepEqual({ ok: keyless.ok, status: keyless.status }, { ok: true, status: 401 });

      // The browser asked before each request with the key (preflights), and the service answered them 204.
      const preflights = seen.filter((line) => line.startsWith("OPTIONS "));
      assert.ok(preflights.length >= 3, seen.join(", "));
      assert.ok(
        preflights.every((line) => line === "OPTIONS 204"),
        seen.join(", "),
      );
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(
        console.filter((line) => line.startsWith("error:") && !/status of 40[01]/.test(line)),
        [],
        "no browser error besides the 400 and 401 asked for",
      );
      await context.close();
    } finally {
      await service.close();
    }
  });

  it("with CORS_ORIGINS naming another origin, the page's fetch fails and the faucet never runs; the listed origin's works", async () => {
    const service = await startService({ CORS_ORIGINS: pageB.origin });
    try {
      const wallet = await newEnterpriseWallet();
      const faucet = {
        api: service.base,
        path: "/devnet/faucet",
        method: "POST",
        body: { address: wallet.address, lovelace: FUNDING },
      };
      const tryFetch = (page: Page, args: unknown): Promise<Tried> =>
        page.evaluate(
          (a) => (globalThis as unknown as { dapp: { tryFetch(x: unknown): Promise<Tried> } }).dapp.tryFetch(a),
          args,
        );

      const refused = await openPage(browser, pageA.origin, wallet, service);
      assert.deepEqual(await tryFetch(refused.page, faucet), { ok: false, error: "TypeError: Failed to fetch" });
      assert.deepEqual(await tryFetch(refused.page, { api: service.base, path: "/health" }), {
        ok: false,
        error: "TypeError: Failed to fetch",
      });
      const blocked = refused.console.filter((line) => /from origin '.*' has been blocked by CORS policy/.test(line));
      assert.equal(blocked.length, 2, refused.console.join("\n"));
      assert.match(blocked[0]!, new RegExp(`from origin '${pageA.origin}'`));
      assert.deepEqual(
        await utxosAt(service, wallet.address),
        [],
        "the preflight failed, so the browser never sent the faucet's POST",
      );
      await refused.context.close();

      const allowed = await openPage(browser, pageB.origin, wallet, service);
      const funded = await tryFetch(allowed.page, faucet);
      assert.equal(funded.ok, true);
      assert.equal(funded.status, 200);
      assert.match(funded.requestId ?? "", UUID);
      assert.equal(totalLovelace(await utxosAt(service, wallet.address)), BigInt(FUNDING));
      await allowed.context.close();
    } finally {
      await service.close();
    }
  });
});
