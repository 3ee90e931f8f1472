// The explorer's shell: the hash router, the API key box, the devnet buttons, the deadline
// countdowns, and one event stream at a time, filtered for the view on screen, whose events make
// that view read again.
import { api, apiKey, openStream, publicGet, setApiKey } from "./api.js";
import { fill, h, link, short, time } from "./dom.js";
import { addressView, homeView, tournamentView, tournamentsView, txView } from "./views.js";

const $ = (id) => document.getElementById(id);

const state = { network: null, chainOffsetMs: 0, closeStream: null, timers: new Map(), repeats: [] };

function showMessage(text) {
  const box = $("message");
  box.hidden = !text;
  box.textContent = text ?? "";
}

/** What every view may use. */
const ctx = {
  get network() {
    return state.network;
  },
  /** The chain's time now (ms), from the last tip read: the devnet's clock may run ahead of the wall clock. */
  setChainTime(tipTime) {
    if (tipTime !== null) state.chainOffsetMs = tipTime - Date.now();
  },
  /** Reads the chain's time again (health: public, no quota), for the countdowns. */
  async refreshChainTime() {
    const health = await publicGet("/health").catch(() => null);
    ctx.setChainTime(health?.tip?.time ?? null);
    document.querySelectorAll(".countdown").forEach(tick);
  },
  /** A text that counts down to `deadline` (Unix ms, chain time), updated every second. */
  countdown(deadline, id) {
    const span = h("span", { class: "countdown", id, "data-deadline": deadline });
    tick(span);
    return span;
  },
  /** Runs `fn` once after a short pause, however many events ask for it meanwhile. */
  later(key, fn) {
    if (state.timers.has(key)) return;
    state.timers.set(
      key,
      setTimeout(() => {
        state.timers.delete(key);
        void fn();
      }, 250),
    );
  },
  /** Runs `fn` every `ms` while this view is on screen. */
  repeat(fn, ms) {
    state.repeats.push(setInterval(fn, ms));
  },
  suggestFaucet(address) {
    $("faucet-address").value = address;
  },
};

function tick(span) {
  const left = Number(span.dataset.deadline) - (Date.now() + state.chainOffsetMs);
  if (left <= 0) {
    span.textContent = "deadline passed";
    return;
  }
  const s = Math.floor(left / 1000);
  const parts = [
    [Math.floor(s / 86400), "d"],
    [Math.floor(s / 3600) % 24, "h"],
    [Math.floor(s / 60) % 60, "m"],
    [s % 60, "s"],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  span.textContent = `in ${parts
    .slice(first === -1 ? 3 : first)
    .map(([n, u]) => `${n}${u}`)
    .join(" ")}`;
}
setInterval(() => document.querySelectorAll(".countdown").forEach(tick), 1000);

const LIVE_TEXT = {
  connecting: "connecting…",
  live: "live",
  retrying: "reconnecting…",
  stopped: "live updates stopped",
};

function setLive(state, message) {
  $("live").textContent = LIVE_TEXT[state];
  $("live").className = state === "live" ? "live on" : "live";
  if (state === "stopped") showMessage(`Live updates stopped: ${message}`);
  else if (message) showMessage(`Live updates paused, retrying: ${message}`);
  else if (state === "live" && $("message").textContent.startsWith("Live updates")) showMessage(null);
}

/** The view of the current hash route, its stream opened. */
function route() {
  state.closeStream?.();
  state.closeStream = null;
  for (const timer of state.timers.values()) clearTimeout(timer);
  state.timers.clear();
  state.repeats.forEach(clearInterval);
  state.repeats = [];
  showMessage(null);
  // Each view draws into its own container: a read of the view left behind that answers late
  // draws into a container no longer in the page.
  const root = h("div", { class: "view" });
  fill($("view"), root);
  const [, kind = "", raw = ""] = location.hash.match(/^#\/([a-z]*)\/?(.*)$/) ?? [];
  const value = decodeURIComponent(raw);
  let view;
  if (kind === "") view = homeView(root, ctx);
  else if (kind === "address" && value) view = addressView(root, ctx, value);
  else if (kind === "tx" && value) view = txView(root, ctx, value);
  else if (kind === "tournaments") view = tournamentsView(root, ctx);
  else if (kind === "tournament" && value) view = tournamentView(root, ctx, value);
  else {
    fill(root, h("p", { class: "error" }, "No such page here. "), h("a", { href: "#/" }, "To the tip"));
    return;
  }
  setLive("connecting", null);
  state.closeStream = openStream(view.filter, view.onEvent, setLive);
}

function showKey() {
  const key = apiKey();
  $("key-status").textContent = key
    ? `Key ${key.slice(0, 12)}… in use (this tab only).`
    : "No key: reads are sent without one (the devnet allows it unless it requires keys).";
}

$("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setApiKey($("api-key").value.trim());
  $("api-key").value = "";
  showKey();
  route();
});
$("forget-key").addEventListener("click", () => {
  setApiKey("");
  showKey();
  route();
});

$("search").addEventListener("submit", (event) => {
  event.preventDefault();
  const q = $("search-input").value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(q)) location.hash = `#/tx/${q.toLowerCase()}`;
  else if (/^addr(_test)?1[0-9a-z]+$/.test(q) || /^[0-9a-fA-F]{58,114}$/.test(q))
    location.hash = `#/address/${encodeURIComponent(q)}`;
  else
    showMessage(
      "Search takes an address (addr1…, addr_test1… or hex), a transaction hash or a tournament id (64 hex digits).",
    );
});

/** Runs a devnet button's request, showing its outcome beside the buttons. */
async function devnetAction(form, run) {
  const result = $("devnet-result");
  const buttons = form.querySelectorAll("button");
  buttons.forEach((b) => (b.disabled = true));
  result.className = "muted";
  result.textContent = "…";
  try {
    fill(result, await run());
    result.className = "ok";
  } catch (error) {
    result.className = "error";
    result.textContent = error.message;
  } finally {
    buttons.forEach((b) => (b.disabled = false));
  }
}

$("faucet-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void devnetAction(event.target, async () => {
    const address = $("faucet-address").value.trim();
    const lovelace = Math.round(Number($("faucet-ada").value) * 1_000_000);
    const { txHash } = await api("POST", "/devnet/faucet", { address, lovelace });
    return ["Faucet sent in ", link("tx", txHash)];
  });
});
$("advance-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void devnetAction(event.target, async () => {
    const tip = await api("POST", "/devnet/advance", { seconds: Number($("advance-seconds").value) });
    ctx.setChainTime(tip.time);
    document.querySelectorAll(".countdown").forEach(tick);
    if (location.hash === "" || location.hash === "#/") route();
    return `Clock advanced: slot ${tip.slot}, ${time(tip.time)}`;
  });
});
$("rollback-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void devnetAction(event.target, async () => {
    const blocks = Number($("rollback-blocks").value);
    const answer = await api("POST", "/devnet/rollback", { blocks });
    const undone = answer.rolledBack ?? [];
    const count = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
    return [
      `Rolled back ${count(blocks, "block")}: ${count(undone.length, "transaction")} undone`,
      undone.length ? [" (", undone.map((t, i) => [i ? ", " : "", link("tx", t.txHash, short(t.txHash, 6))]), ")"] : "",
      `, ${(answer.reapplied ?? []).length} applied again, ${(answer.expired ?? []).length} expired.`,
    ];
  });
});

async function start() {
  showKey();
  try {
    const health = await publicGet("/health");
    state.network = health.network;
    ctx.setChainTime(health.tip?.time ?? null);
    $("network").textContent = `${health.network} · ${health.version}`;
    $("devnet").hidden = health.network !== "devnet";
  } catch (error) {
    showMessage(`The service's health could not be read: ${error.message}`);
  }
  window.addEventListener("hashchange", route);
  route();
}

void start();
