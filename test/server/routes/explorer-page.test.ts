// The explorer page's files over real HTTP with keys required: the page, its stylesheet and its
// modules answer 200 without a key, each with its media type and the page's Content-Security-Policy
// (only this origin's scripts, no inline script); /explorer leads to the page; a file that is not
// the page's is 404; the page's files hold no inline script and load nothing from elsewhere.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { EXPLORER_CSP, EXPLORER_DIR } from "../../../src/server/routes/explorer/index.js";
import { startService, type RunningService } from "../../support/service.js";

const PAGE = "/v2/services/explorer";
const FILES = readdirSync(EXPLORER_DIR).sort();

describe("the explorer page is served", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ AUTH: "required" });
  });
  after(() => service?.close());

  it("serves the page without a key, as HTML with the CSP, and its modules and stylesheet by media type", async () => {
    const page = await fetch(`${service.url}${PAGE}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(page.headers.get("content-security-policy"), EXPLORER_CSP);
    assert.match(EXPLORER_CSP, /script-src 'self';/);
    assert.doesNotMatch(EXPLORER_CSP, /unsafe-inline|unsafe-eval/);
    assert.equal(page.headers.get("x-content-type-options"), "nosniff");
    assert.equal(page.headers.get("ratelimit-limit"), null, "a public answer: no quota charged");
    const html = await page.text();
    assert.match(html, /<script type="module" src="\/v2\/services\/explorer\/app\.js"><\/script>/);

    assert.deepEqual(FILES, ["api.js", "app.js", "dom.js", "explorer.css", "index.html", "views.js"]);
    const types = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" } as const;
    for (const name of FILES.filter((f) => f !== "index.html")) {
      const response = await fetch(`${service.url}${PAGE}/${name}`);
      assert.equal(response.status, 200, name);
      assert.equal(response.headers.get("content-type"), types[name.endsWith(".css") ? "css" : "js"], name);
      assert.equal(response.headers.get("content-security-policy"), EXPLORER_CSP, name);
      assert.equal(await response.text(), readFileSync(new URL(name, EXPLORER_DIR), "utf8"), name);
    }
    // With a trailing slash (where /explorer leads) the page answers too.
    assert.equal((await fetch(`${service.url}${PAGE}/`)).status, 200);
  });

  it("leads /explorer to the page, and answers 404 for a file that is not the page's", async () => {
    const short = await fetch(`${service.url}/explorer`, { redirect: "manual" });
    assert.equal(short.status, 302);
    assert.equal(short.headers.get("location"), `${PAGE}/`);
    const missing = await fetch(`${service.url}${PAGE}/../config.ts`);
    assert.equal(missing.status, 404);
    const other = await fetch(`${service.url}${PAGE}/secrets.json`);
    assert.equal(other.status, 404);
    assert.equal(((await other.json()) as { code: string }).code, "HTTP_ERR_UNKNOWN_ENDPOINT");
    // The reads the page makes still need the key.
    assert.equal((await fetch(`${service.url}/v2/services/tournaments`)).status, 401);
  });

  it("holds no inline script or style attribute, no innerHTML and no URL of another origin", () => {
    for (const name of FILES) {
      const text = readFileSync(new URL(name, EXPLORER_DIR), "utf8");
      assert.doesNotMatch(text, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/, name);
      assert.doesNotMatch(text, /https?:\/\//, `${name} names no other origin`);
      if (name === "index.html") {
        assert.doesNotMatch(text, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script");
        assert.doesNotMatch(text, /\son[a-z]+=/, "no inline handler");
        assert.doesNotMatch(text, /\sstyle=/, "no inline style");
      }
    }
  });
});
