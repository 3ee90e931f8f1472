// The explorer page (/v2/services/explorer) in a real headless Chromium, on the devnet over real
// HTTP, offline (Chromium's only way out is loopback). A flow makes chain state first: a CIP-68
// mint (the 222 user token to a holder, the 100 reference token and an asset whose name is
// markup to the minter) built, signed and submitted through the API, and a tournament with one
// participant and one registration waiting. Then each view must show it: the tip, the address's
// UTxOs with asset names and CIP-68 labels, the mint transaction decoded, the tournament's fill,
// registrations, participants and countdown. A payment made while the tip or the address view is
// open must appear without a reload (an event); the faucet and clock buttons must act on the chain.
// Screenshots go to /tmp/explorer-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, skipWithoutChromium as skip } from "../support/chromium.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, ok, signAndSubmit as submitTournamentTx, tournamentCalls } from "../support/tournament-api.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { policyIdOf } from "../support/tx-decode.js";
import { fund, fundedWallet, newEnterpriseWallet, type Funded, type TestWallet } from "../support/wallets.js";

const PAGE = "/v2/services/explorer";
/** An asset name that is markup: it must show as these characters, never become an element. */
const HOSTILE = "<img src=x onerror=pwned=1>";
/** A tournament name that is markup too. */
const CUP = 'Cup <b>of</b> & "tests"';
const LIMITS = { perDay: 100_000, perSecond: 1000, burst: 1000 };
/** The longest a view may take to show what it read, or an event's effect. */
const SHOWN_MS = 30_000;

describe("the explorer page in a real browser", { skip }, () => {
  let service: RunningService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key = "";
  let minter: Funded;
  let holder: TestWallet;
  let mintHash = "";
  let policyId = "";
  let tournamentId = "";
  let admin: Funded;
  const players: Funded[] = [];
  const requests: string[] = [];
  const problems: string[] = [];
  /** The path of the one request meant to answer 404 (a transaction read before it exists). */
  let expected404 = "";

  before(async () => {
    // Keys optional (the devnet's default), so that the flow's helpers need none; the page still
    // sends the key pasted into it, and a wrong one is refused (last test).
    service = await startService();
    key = (await service.app.keyStore.create({ name: "explorer", env: "testnet", limits: LIMITS })).key;

    minter = await fundedWallet(service, 40 * ADA);
    holder = await newEnterpriseWallet();
    policyId = policyIdOf(minter.keyHash);
    const script = { type: "all", scripts: [{ type: "sig", keyHash: minter.keyHash }] };
    const minted = await build(service, {
      changeAddress: minter.address,
      preloadedScripts: [{ type: "simple", script, hash: policyId }],
      mint: [
        {
          version: "cip68",
          assetName: { name: "Hero", format: "utf8", label: 222 },
          metadata: { name: "Hero", level: 3 },
          policyId,
          quantity: 1,
          destAddress: holder.address,
        },
        {
          version: "cip25",
          assetName: { name: HOSTILE, format: "utf8" },
          metadata: { name: HOSTILE },
          policyId,
          quantity: 5,
        },
      ],
    });
    mintHash = await signAndSubmit(service, minted, [minter]);

    admin = await fundedWallet(service, 200 * ADA);
    for (let i = 0; i < 2; i++) players.push(await fundedWallet(service, 60 * ADA));
    const calls = tournamentCalls(() => service);
    tournamentId = (
      await calls.create(admin, { name: CUP, bracketSize: 3, entryFee: 20 * ADA, payoutStructure: [50 * ADA] })
    ).tournamentId!;
    const first = await calls.register(tournamentId, players[0]!);
    await calls.add(tournamentId, admin, [{ address: first.address, outputRef: first.outputRef }]);
    await calls.register(tournamentId, players[1]!);

    browser = await launchChromium();
    context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("request", (request) => requests.push(request.url()));
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await service?.close();
  });

  /** Opens a hash route of the page and waits until its stream is live. */
  async function open(route: string): Promise<void> {
    const target = `${service.url}${PAGE}#${route}`;
    // The same hash again is no navigation: read the page anew.
    if (page.url() === target) await page.reload();
    else await page.goto(target);
    await waitText("#live", "live");
  }

  /** Waits until `selector`'s text holds `expected` (polled from here: the test's TypeScript has no DOM types). */
  async function waitText(selector: string, expected: string, on: Page = page): Promise<void> {
    const deadline = Date.now() + SHOWN_MS;
    let shown: string | null = null;
    while (Date.now() < deadline) {
      shown = await on
        .locator(selector)
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null);
      if (shown?.includes(expected)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${selector} did not show ${JSON.stringify(expected)} in time; it shows: ${shown ?? "(nothing)"}`);
  }

  async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + SHOWN_MS;
    while (!(await check())) {
      assert.ok(Date.now() < deadline, `${what}: not in time`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The assets a view lists, each as its text: quantity × name, label, policy. */
  const assetsShown = async (within = "#view"): Promise<string[]> =>
    (await page.locator(`${within} li.asset`).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());

  const text = (selector: string): Promise<string> => page.locator(selector).first().innerText();

  it("takes the API key in its key box, shows the tip, and lists a payment made while it is open", async () => {
    await page.goto(`${service.url}${PAGE}`);
    await page.locator("#api-key").fill(key);
    await page.locator("#key-form button[type=submit]").click();
    await waitText("#key-status", `Key ${key.slice(0, 12)}`);
    assert.equal(await page.evaluate('sessionStorage.getItem("explorer.apiKey")'), key, "kept in sessionStorage");
    await waitText("#live", "live");
    await waitText("#tip", "devnet");
    assert.match(await text("#tip"), /Slot\s+\d+/);
    assert.equal(await page.locator("#devnet").isVisible(), true, "the devnet buttons show on the devnet");

    const payee = await newEnterpriseWallet();
    const paid = await fund(service, payee.address, 3 * ADA);
    await page.waitForSelector(`#latest-txs a[href="#/tx/${paid}"]`, { timeout: SHOWN_MS });
    await waitText("#latest-events", "address.received");
    await waitText("#tip-block", "Latest block");
    assert.match(await text("#tip-block"), /height \d+ · slot \d+ · [0-9a-f]{10}…[0-9a-f]{10}/);
    await page.screenshot({ path: "/tmp/explorer-home.png", fullPage: true });
  });

  it("shows an address's UTxOs decoded, with CIP-68 labels and a hostile asset name as text, and a payment arriving", async () => {
    await open(`/address/${minter.address}`);
    await waitText("#view", "CIP-68 reference NFT (100)");
    const names = await page.locator("#view .asset-name").allTextContents();
    assert.ok(names.includes("Hero"), `the reference token's name: ${names.join(", ")}`);
    assert.ok(names.includes(HOSTILE), `the hostile name shown as its characters: ${names.join(", ")}`);
    assert.equal(await page.locator("#view img").count(), 0, "the asset name made no element");
    assert.equal(await page.evaluate("typeof window.pwned"), "undefined", "nothing ran");
    assert.ok(
      (await assetsShown()).some((a) => a.startsWith(`5 × ${HOSTILE} policy`)),
      "its quantity beside it",
    );
    assert.equal(
      await page.locator("#faucet-address").inputValue(),
      minter.address,
      "the faucet offers the address shown",
    );

    await open(`/address/${holder.address}`);
    await waitText("#view", "CIP-68 NFT (222)");
    assert.deepEqual(await assetsShown(), [
      `1 × Hero CIP-68 NFT (222) policy ${policyId.slice(0, 6)}…${policyId.slice(-6)}`,
    ]);
    assert.match(await text("#view"), /UTxOs\s+1\b/);
    await page.screenshot({ path: "/tmp/explorer-address.png", fullPage: true });

    // A payment to the address while its view is open: a new row, no reload.
    const paid = await fund(service, holder.address, 7 * ADA);
    await page.waitForSelector(`#view a[href="#/tx/${paid}"]`, { timeout: SHOWN_MS });
    await waitText("#view", "7.000000 ADA");
    assert.match(await text("#view"), /UTxOs\s+2\b/);
  });

  it("shows the mint transaction decoded: outputs, mint with labels, metadata", async () => {
    await open(`/tx/${mintHash}`);
    await waitText("#view", "Outputs");
    assert.equal(await text("#tx-hash"), mintHash);
    assert.match(await text("#view"), /Status\s+confirmed/);
    const policy = `policy ${policyId.slice(0, 6)}…${policyId.slice(-6)}`;
    assert.deepEqual((await assetsShown("#mint")).sort(), [
      `1 × Hero CIP-68 NFT (222) ${policy}`,
      `1 × Hero CIP-68 reference NFT (100) ${policy}`,
      `5 × ${HOSTILE} ${policy}`,
    ]);
    assert.ok(
      (await page.locator(`#view a[href="#/address/${encodeURIComponent(holder.address)}"]`).count()) > 0,
      "the holder's output links to its address",
    );
    assert.match(await text("#view"), /"721"/, "the CIP-25 metadata shows as JSON");
    // The reference token's datum read as CIP-68 metadata: its keys and text values as text.
    assert.match(await text("#view .datum .facts"), /CIP-68 metadata\s+version 1\s+name\s+Hero\s+level\s+3/);
    assert.equal(await page.locator("#view img, #view b").count(), 0);
    await page.screenshot({ path: "/tmp/explorer-tx.png", fullPage: true });
  });

  it("lists the tournaments and shows one: status, fill, participants, registrations with validity, a countdown", async () => {
    await open("/tournaments");
    await page.waitForSelector(`#view a[href="#/tournament/${tournamentId}"]`, { timeout: SHOWN_MS });
    const row = page.locator("table.tournaments tr", { has: page.locator(`a[href="#/tournament/${tournamentId}"]`) });
    assert.match(await row.innerText(), /Cup <b>of<\/b> & "tests"\s+open\s+1 \/ 3\s+20\.000000 ADA\s+in 29d/);
    await page.screenshot({ path: "/tmp/explorer-tournaments.png", fullPage: true });

    await open(`/tournament/${tournamentId}`);
    await waitText("#tournament-fill", "1 / 3 seats taken");
    assert.equal(await text("#tournament-name"), CUP, "the name shown as its characters");
    assert.equal(await page.locator("#view b").count(), 0);
    assert.equal(await text("#tournament-status"), "open");
    assert.deepEqual(await page.locator("#participants li").allInnerTexts(), [players[0]!.address]);
    const registrations = await text("#registrations");
    assert.ok(registrations.includes("20.000000 ADA"), registrations);
    assert.match(registrations, /\bvalid\b/);
    const before = await text("#countdown");
    assert.match(before, /^in 29d 23h \d+m \d+s$/);
    await waitUntil(async () => (await text("#countdown")) !== before, "the countdown ticks");
    await page.screenshot({ path: "/tmp/explorer-tournament.png", fullPage: true });

    // The clock button: a day forward, and the countdown follows the chain's clock.
    const tip = (await service.request<"getDevnet">("GET", "/devnet")).body.tip as { slot: number };
    await page.locator("#advance-seconds").fill("86400");
    await page.locator("#advance-form button").click();
    await waitText("#devnet-result", "Clock advanced: slot");
    const slot = Number((await text("#devnet-result")).match(/slot (\d+)/)![1]);
    assert.ok(slot >= tip.slot + 86_400, `the clock moved a day: slot ${slot}, was ${tip.slot}`);
    const now = (await service.request<"getDevnet">("GET", "/devnet")).body.tip as { slot: number };
    assert.ok(now.slot >= tip.slot + 86_400, "the devnet's own tip moved");
    await waitText("#countdown", "in 28d");
  });

  it("shows a transaction once it arrives: unknown at first, then confirmed through its events", async () => {
    const payer = await fundedWallet(service, 10 * ADA);
    const payee = await newEnterpriseWallet();
    const built = await build(service, {
      changeAddress: payer.address,
      outputs: [{ address: payee.address, lovelace: 4 * ADA }],
    });
    expected404 = `/transactions/${built.hash}?view=decoded`;
    await open(`/tx/${built.hash}`);
    await waitText("#view", `Transaction ${built.hash} is not known`);
    await signAndSubmit(service, built, [payer]);
    await waitText("#view", "Outputs");
    assert.match(await text("#view"), /Status\s+confirmed/);
    assert.ok(
      (await page.locator(`#view a[href="#/address/${encodeURIComponent(payee.address)}"]`).count()) > 0,
      "the payee's output shows",
    );
  });

  it("shows a registration on the tournament's view, and a new tournament on the list, when their events arrive", async () => {
    await open(`/tournament/${tournamentId}`);
    await waitText("#tournament-fill", "1 / 3 seats taken");
    const late = await fundedWallet(service, 60 * ADA);
    await tournamentCalls(() => service).register(tournamentId, late);
    await page.waitForSelector(`#registrations a[href="#/address/${encodeURIComponent(late.address)}"]`, {
      timeout: SHOWN_MS,
    });

    // The list, open, shows a tournament created meanwhile.
    await open("/tournaments");
    await page.waitForSelector(`#view a[href="#/tournament/${tournamentId}"]`, { timeout: SHOWN_MS });
    const second = (
      await tournamentCalls(() => service).create(admin, {
        name: "Second cup",
        bracketSize: 2,
        entryFee: 5 * ADA,
        payoutStructure: [10 * ADA],
      })
    ).tournamentId!;
    await page.waitForSelector(`#view a[href="#/tournament/${second}"]`, { timeout: SHOWN_MS });
    assert.match(
      await page.locator("table.tournaments tr", { has: page.locator(`a[href="#/tournament/${second}"]`) }).innerText(),
      /Second cup\s+open\s+0 \/ 2/,
    );
  });

  it("shows a cancelled tournament: ended, and each participant's refund", async () => {
    const built = ok(
      await service.request<"cancelTournament">("POST", `/tournaments/${tournamentId}/cancel`, {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
      }),
    );
    await submitTournamentTx(service, built, [admin]);
    await open(`/tournament/${tournamentId}`);
    await waitText("#tournament-status", "cancelled");
    assert.match(await text("#view"), /Deadline\s+[0-9T:-]+Z · ended \(cancelled\)/);
    assert.match(await text("#view"), new RegExp(`Ended by\\s+cancel in ${built.hash.slice(0, 10)}`));
    const refunds = page.locator("#view table.payments");
    const rows = await refunds.locator("tbody tr").allInnerTexts();
    const out = (k: number) => `${built.hash.slice(0, 8)}…${built.hash.slice(-8)}#${k}`;
    assert.equal(rows.length, 2, rows.join(" | "));
    assert.match(rows[0]!, new RegExp(`^participant 0\\s+addr_test1\\S+\\s+20\\.000000 ADA\\s+${out(0)}$`));
    assert.match(rows[1]!, new RegExp(`^admin \\(the rest\\)\\s+addr_test1\\S+\\s+[0-9.]+ ADA\\s+${out(1)}$`));
    assert.equal(
      await refunds.locator(`a[href="#/address/${encodeURIComponent(players[0]!.address)}"]`).count(),
      1,
      "the participant's refund links to its address",
    );
    await page.screenshot({ path: "/tmp/explorer-tournament-cancelled.png", fullPage: true });
  });

  it("funds an address with the faucet button", async () => {
    const payee = await newEnterpriseWallet();
    await open(`/address/${payee.address}`);
    await waitText("#view", "No unspent outputs.");
    await page.locator("#faucet-ada").fill("12");
    await page.locator("#faucet-form button").click();
    await waitText("#devnet-result", "Faucet sent in");
    const txHash = (await page.locator("#devnet-result a").getAttribute("href"))!.replace("#/tx/", "");
    // The address view, open, shows the new output through its event.
    await page.waitForSelector(`#view a[href="#/tx/${txHash}"]`, { timeout: SHOWN_MS });
    await waitText("#view", "12.000000 ADA");
    const utxos = (await service.request<"getAddressUtxos">("GET", `/addresses/${payee.address}/utxos?view=decoded`))
      .body.utxos as { txHash: string; lovelace: string }[];
    assert.deepEqual(
      utxos.map((u) => [u.txHash, u.lovelace]),
      [[txHash, String(12 * ADA)]],
    );
    await page.screenshot({ path: "/tmp/explorer-faucet.png", fullPage: true });
  });

  it("every request stayed on the service and the browser reported no error", () => {
    const foreign = requests.filter((url) => new URL(url).hostname !== "127.0.0.1");
    assert.deepEqual(foreign, [], "offline: nothing but the service");
    // The one 404 the page was meant to meet: the transaction read before it was submitted.
    const unexpected = problems.filter(
      (p) => !(p.includes("status of 404") && expected404 !== "" && p.endsWith(`${expected404})`)),
    );
    assert.deepEqual(unexpected, [], "no browser errors (CSP included)");
    assert.ok(
      requests.some((url) => url.includes("/v2/services/events")),
      "the page read the event stream",
    );
  });

  it("the rollback button posts {blocks} to POST /devnet/rollback and shows its answer", async () => {
    await open("/");
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/devnet/rollback")) posted.push(request.postData() ?? "");
    });
    const payee = await newEnterpriseWallet();
    // The payment in a block of its own (a devnet block is a slot with transactions: the clock moves on first).
    assert.equal((await service.request("POST", "/devnet/advance", { seconds: 2 })).status, 200);
    const paid = await fund(service, payee.address, 2 * ADA);
    await page.waitForSelector(`#latest-txs a[href="#/tx/${paid}"]`, { timeout: SHOWN_MS });
    await page.locator("#rollback-blocks").fill("1");
    await page.locator("#rollback-form button").click();
    await waitText("#devnet-result", "Rolled back 1 block:");
    assert.equal(await page.locator("#devnet-result").getAttribute("class"), "ok", await text("#devnet-result"));
    assert.deepEqual(
      posted.map((body) => JSON.parse(body) as unknown),
      [{ blocks: 1 }],
    );
    // The payment was the last block: undone, and applied again (still valid).
    assert.equal(
      await text("#devnet-result"),
      `Rolled back 1 block: 1 transaction undone (${paid.slice(0, 6)}…${paid.slice(-6)}), 1 applied again, 0 expired.`,
    );
    // The tip's view hears it: the payment rolled back, then confirmed again.
    await waitText("#latest-events", "tx.rolled_back");
    await page.screenshot({ path: "/tmp/explorer-rollback.png", fullPage: true });
  });

  it("says so when the service refuses the key (401), and shows the refusal's message", async () => {
    const other = await context.browser()!.newContext({ serviceWorkers: "block" });
    const fresh = await other.newPage();
    await fresh.goto(`${service.url}${PAGE}#/address/${holder.address}`);
    await fresh.locator("#api-key").fill(`testnet_${"a".repeat(40)}`);
    await fresh.locator("#key-form button[type=submit]").click();
    await fresh.locator("#view .error").waitFor({ state: "visible", timeout: SHOWN_MS });
    assert.equal(
      await fresh.locator("#view .error").innerText(),
      "The service refused the API key: The API key is unknown: check it, or ask the operator for one. Paste a valid key above.",
    );
    await fresh.locator("#message").waitFor({ state: "visible", timeout: SHOWN_MS });
    assert.match(await fresh.locator("#message").innerText(), /^Live updates stopped: The service refused the API key/);
    assert.equal(await fresh.locator("#live").innerText(), "live updates stopped");
    await fresh.screenshot({ path: "/tmp/explorer-401.png", fullPage: true });
    await other.close();
  });

  it("says so when the key's quota is spent (429), with the wait the service asks for", async () => {
    const spent = (
      await service.app.keyStore.create({
        name: "spent",
        env: "testnet",
        limits: { perDay: 1, perSecond: 10, burst: 10 },
      })
    ).key;
    // The day's one request, made here: every read of the page is then over the quota.
    assert.equal((await service.request("GET", "/tournaments", undefined, { "x-api-key": spent })).status, 200);
    const other = await context.browser()!.newContext({ serviceWorkers: "block" });
    const fresh = await other.newPage();
    await fresh.goto(`${service.url}${PAGE}#/tournaments`);
    await fresh.locator("#api-key").fill(spent);
    await fresh.locator("#key-form button[type=submit]").click();
    await fresh.locator("#view .error").waitFor({ state: "visible", timeout: SHOWN_MS });
    assert.match(
      await fresh.locator("#view .error").innerText(),
      /^Too many requests: Throttled, please try again later\. Try again in \d+ s\.$/,
    );
    await waitText("#message", "Live updates paused, retrying: Too many requests:", fresh);
    assert.equal(await fresh.locator("#live").innerText(), "reconnecting…");
    await fresh.screenshot({ path: "/tmp/explorer-429.png", fullPage: true });
    await other.close();
  });

  it("starts afresh from a resume id the log never gave, and stops the stream on a filter the service refuses", async () => {
    const other = await context.browser()!.newContext({ serviceWorkers: "block" });
    const fresh = await other.newPage();
    // What a tab kept from another devnet: an id past this log's latest (the stream answers 400).
    await fresh.addInitScript(
      'sessionStorage.setItem("explorer.recent", JSON.stringify({ lastId: "99999999", savedAt: Date.now(), txs: [], events: [] }))',
    );
    await fresh.goto(`${service.url}${PAGE}#/`);
    await waitText("#live", "live", fresh);
    assert.equal(await fresh.locator("#message").isVisible(), false, "no message: the page started afresh");
    const payee = await newEnterpriseWallet();
    const paid = await fund(service, payee.address, 1 * ADA);
    await fresh.waitForSelector(`#latest-txs a[href="#/tx/${paid}"]`, { timeout: SHOWN_MS });

    await fresh.goto(`${service.url}${PAGE}#/address/not-an-address`);
    await waitText("#view", "params.address", fresh);
    await waitText("#live", "live updates stopped", fresh);
    assert.match(await fresh.locator("#message").innerText(), /^Live updates stopped: query\.address /);
    await other.close();
  });
});
