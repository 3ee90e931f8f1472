// The docs page (Swagger UI at /v2/services/docs) in a real headless Chromium: it renders the
// operations of the running service's OpenAPI document, every request it makes stays on this
// service (the page must work without internet: Chromium runs behind a dead proxy that only
// loopback bypasses), and the browser reports no error (CSP included); it shows the operations'
// examples, and "Try it out" with a pre-filled example answers 200 on the devnet.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { EXAMPLE_ADDRESS } from "../../src/server/routes/examples.js";
import { PARSED_ADDRESS } from "../../src/server/routes/utils/examples.js";
import { launchChromium, skipWithoutChromium as skip } from "../support/chromium.js";
import { startService, type RunningService } from "../support/service.js";

/** The longest the page may take to render its operations. */
const RENDER_TIMEOUT_MS = 90_000;

/** Operations the page must show whatever else the service has: health and the utilities. */
const REQUIRED = [
  "GET /v2/services/health",
  "POST /v2/services/utils/addresses/parse",
  "POST /v2/services/addresses/info",
  "POST /v2/services/utils/native-scripts/parse",
  "POST /v2/services/utils/native-scripts/serialize",
  "POST /v2/services/utils/network/slot-to-time",
  "POST /v2/services/utils/network/time-to-slot",
];

interface Operation {
  method: string;
  path: string;
  summary: string | undefined;
}

describe("docs page in a real browser", { skip }, () => {
  let service: RunningService;
  let browser: Browser;

  before(async () => {
    // Keys required: the docs page and the OpenAPI document must still load without one.
    service = await startService({ AUTH: "required" });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  it("renders every operation of the OpenAPI document, offline, without browser errors", async () => {
    const document = (await service.request("GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ["get", "put", "post", "delete", "patch", "head", "options"].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary })),
    );
    for (const required of REQUIRED) {
      assert.ok(
        operations.some((op) => `${op.method} ${op.path}` === required),
        `the OpenAPI document lists ${required}`,
      );
    }

    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("requestfailed", (request) =>
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`),
    );
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });

    const response = await page.goto(`${service.base}/docs`, { waitUntil: "networkidle" });
    assert.equal(response?.status(), 200, "the docs page answers 200 without an API key");

    // Swagger UI renders one .opblock per operation, each with its method and path.
    const blocks = page.locator(".opblock");
    // Swagger UI renders in a few seconds, but far slower on a loaded CI machine (26 s seen with a load of 20 on two cores).
    await blocks.first().waitFor({ state: "visible", timeout: RENDER_TIMEOUT_MS });
    await page.locator(".opblock", { hasText: "/v2/services/health" }).first().waitFor({ state: "visible" });
    assert.equal(await blocks.count(), operations.length, "one operation row per OpenAPI operation");
    for (const op of operations) {
      const row = page.locator(`.opblock-${op.method.toLowerCase()}`).filter({
        has: page.locator(`.opblock-summary-path[data-path="${op.path}"]`),
      });
      assert.equal(await row.count(), 1, `the docs list ${op.method} ${op.path}`);
      if (op.summary)
        assert.match(
          await row.locator(".opblock-summary-description").innerText(),
          new RegExp(escapeRegExp(op.summary)),
        );
    }
    for (const required of REQUIRED) {
      const [method, path] = required.split(" ");
      const summary = page.locator(`.opblock-${method!.toLowerCase()} .opblock-summary-path[data-path="${path}"]`);
      assert.ok(await summary.first().isVisible(), `${required} is visible on the page`);
    }

    // Open the health operation and run it from the page ("Try it out", "Execute"): the page can
    // call the API it documents (same origin, allowed by its Content-Security-Policy).
    await page.locator(`.opblock-summary-path[data-path="/v2/services/health"]`).first().click();
    const health = page.locator(".opblock.is-open").first();
    await health.locator(".responses-wrapper").waitFor({ state: "visible" });
    await health.locator("button.try-out__btn").click();
    await health.locator("button.execute").click();
    const status = health.locator(".live-responses-table tr.response .response-col_status").first();
    await status.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal((await status.innerText()).trim(), "200", "health answers 200 when run from the docs page");
    assert.match(
      await health.locator(".live-responses-table tr.response .response-col_description").first().innerText(),
      /"status": "ok"/,
    );

    const foreign = requests.filter((url) => {
      const { protocol, hostname } = new URL(url);
      return !(protocol === "data:" || protocol === "blob:" || hostname === "127.0.0.1");
    });
    assert.deepEqual(foreign, [], "every request of the page goes to the service on loopback");
    assert.ok(
      requests.some((url) => url.endsWith("/docs/json")),
      "the page loaded the OpenAPI document from the service",
    );
    assert.deepEqual(problems, [], "no browser errors");
    if (process.env["DOCS_SCREENSHOT"]) await page.screenshot({ path: process.env["DOCS_SCREENSHOT"], fullPage: true });
    await context.close();
  });
});

describe("docs page examples in a real browser", { skip }, () => {
  // The devnet as shipped (keys optional): "Try it out" must work with the pre-filled examples.
  let service: RunningService;
  let browser: Browser;

  before(async () => {
    service = await startService();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  it("shows the request, answer and error examples, and runs an operation with its pre-filled example", async () => {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    await page.goto(`${service.base}/docs`, { waitUntil: "networkidle" });
    await page.locator(".opblock").first().waitFor({ state: "visible", timeout: RENDER_TIMEOUT_MS });

    const path = "/v2/services/utils/addresses/parse";
    await page.locator(`.opblock-post .opblock-summary-path[data-path="${path}"]`).first().click();
    const op = page
      .locator(".opblock.is-open", { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) })
      .first();
    await op.locator(".responses-wrapper").waitFor({ state: "visible" });
    // The examples render: the request body's, the 200 answer's and an error's (in the service's error shape).
    assert.match(await op.locator(".opblock-section-request-body").innerText(), new RegExp(EXAMPLE_ADDRESS));
    assert.match(
      await op.locator('.responses-table tr.response[data-code="200"]').innerText(),
      new RegExp(PARSED_ADDRESS.payment),
    );
    const badRequest = await op.locator('.responses-table tr.response[data-code="400"]').innerText();
    assert.match(badRequest, /"code": "SVC_ERR_VALIDATION"/);
    assert.match(badRequest, /body\.address is required\./);

    // "Try it out" pre-fills the request example; "Execute" sends it: the devnet answers 200.
    await op.locator("button.try-out__btn").click();
    assert.match(await op.locator("textarea.body-param__text").inputValue(), new RegExp(EXAMPLE_ADDRESS));
    await op.locator("button.execute").click();
    const status = op.locator(".live-responses-table tr.response .response-col_status").first();
    await status.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal((await status.innerText()).trim(), "200", "the example address parses when run from the docs page");
    assert.match(
      await op.locator(".live-responses-table tr.response .response-col_description").first().innerText(),
      new RegExp(PARSED_ADDRESS.stake),
    );
    assert.deepEqual(problems, [], "no browser errors");
    await context.close();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
