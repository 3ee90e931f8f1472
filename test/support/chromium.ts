// Debian's Chromium for the browser tests (slow/docs-browser.test.ts, slow/cors-browser.test.ts),
// launched headless through playwright-core, offline: every request but loopback goes to a proxy
// that is not there. Locally a missing browser skips those tests; in CI (.ci/run installs it) they
// must run and fail.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No internet for the page: everything but loopback (which Chromium never proxies) goes to a
  // proxy that is not there, so a page that needed a CDN would fail to render here.
  "--proxy-server=http://127.0.0.1:9",
];

/** The `skip` option of a browser test: a reason when Chromium is absent outside CI, else false. */
export const skipWithoutChromium: string | false =
  !existsSync(CHROMIUM) && !process.env["CI"]
    ? `${CHROMIUM} is absent: install it with apt-get install chromium (CI installs it)`
    : false;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
