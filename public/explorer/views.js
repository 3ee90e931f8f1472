// The views, one per hash route. Each renders into `root` from the service's read endpoints and
// returns the event filter it listens with and what it does when an event arrives (reads again).
import { api, publicGet } from "./api.js";
import { ada, asset, facts, fill, h, hexText, json, link, short, table, time } from "./dom.js";

export const TOURNAMENT_TYPES = [
  "tournament.created",
  "tournament.registration_received",
  "tournament.registration_cancelled",
  "tournament.participants_added",
  "tournament.full",
  "tournament.deadline_passed",
  "tournament.settled",
  "tournament.cancelled",
  "tournament.refunded",
].join(",");

/** What a view shows while it reads, and when the read is refused. */
const loading = (root) => fill(root, h("p", { class: "muted" }, "Loading…"));
const failed = (root, error) => fill(root, h("p", { class: "error" }, error.message));

/** An output reference ("<tx hash>#<index>") as a link to its transaction. */
function outRef(ref) {
  const [hash, index] = ref.split("#");
  return link("tx", hash, `${short(hash, 8)}#${index}`);
}

const assetList = (assets) => (assets.length === 0 ? "" : h("ul", { class: "assets" }, assets.map(asset)));

/** A Plutus data value for a person: bytes as text when printable, integers as numbers, the rest as JSON. */
function plutusValue(value) {
  if (value && typeof value.bytes === "string") return hexText(value.bytes) ?? `0x${value.bytes}`;
  if (value && value.int !== undefined) return String(value.int);
  return JSON.stringify(value);
}

/** A CIP-68 reference datum's metadata (constructor 0, [metadata map, version, extra]) as pairs; null when it is not one. */
function cip68Metadata(inline) {
  const [metadata, version] = inline?.fields ?? [];
  if (inline?.constructor !== 0 || !Array.isArray(metadata?.map) || version?.int === undefined) return null;
  return facts([
    ["CIP-68 metadata", `version ${version.int}`],
    ...metadata.map.map(({ k, v }) => [plutusValue(k), plutusValue(v)]),
  ]);
}

function datumCell(datum) {
  if (datum === null) return "";
  if (datum.inline !== undefined && datum.inline !== null) {
    const metadata = cip68Metadata(datum.inline);
    if (metadata === null) return json(datum.inline);
    return h(
      "div",
      { class: "datum" },
      metadata,
      h("details", null, h("summary", null, "datum as JSON"), json(datum.inline)),
    );
  }
  return h("span", { class: "mono", title: datum.hash }, `hash ${short(datum.hash ?? "")}`);
}

/** UTxOs (or a transaction's outputs) as a table. */
function utxoTable(utxos, withAddress) {
  return table(
    ["Output", ...(withAddress ? ["Address"] : []), "ADA", "Assets", "Datum"],
    utxos.map((u) => [
      link("tx", u.txHash, `${short(u.txHash, 8)}#${u.index}`),
      ...(withAddress ? [link("address", u.address, short(u.address, 14))] : []),
      ada(u.lovelace),
      assetList(u.assets),
      datumCell(u.datum),
    ]),
    { class: "utxos" },
  );
}

// ---- #/ : the tip and the latest transactions, fed by every event.

const RECENT_ITEM = "explorer.recent";
const RECENT_MAX = 25;
/** The home resumes after the last event it saw only when it saw it this recently: past that, replaying a busy log would cost more than it shows. */
const RESUME_WITHIN_MS = 10 * 60_000;

/** What the home remembers in this tab: the last event id it saw and the latest transactions and events. */
function loadRecent() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RECENT_ITEM) ?? "null");
    if (saved && Array.isArray(saved.txs) && Array.isArray(saved.events)) {
      if (!(Date.now() - saved.savedAt < RESUME_WITHIN_MS)) saved.lastId = null;
      return saved;
    }
  } catch {
    // a damaged entry: start afresh
  }
  return { lastId: null, txs: [], events: [] };
}

export function homeView(root, ctx) {
  const recent = loadRecent();
  const tip = h("div", { class: "card", id: "tip" });
  const block = h("div", { class: "card", id: "tip-block" });
  const txList = h("div", { id: "latest-txs" });
  const eventList = h("div", { id: "latest-events" });
  fill(
    root,
    h("h1", null, "Chain tip"),
    tip,
    block,
    h("h2", null, "Latest transactions"),
    txList,
    h("h2", null, "Latest events"),
    eventList,
  );

  async function showTip() {
    try {
      const health = await publicGet("/health");
      ctx.setChainTime(health.tip?.time ?? null);
      fill(
        tip,
        facts([
          ["Network", health.network],
          ["Slot", health.tip ? String(health.tip.slot) : "unknown"],
          ["Time", health.tip ? time(health.tip.time) : "unknown"],
          ["Status", health.status + (health.reason ? `: ${health.reason}` : "")],
        ]),
      );
    } catch (error) {
      fill(tip, h("p", { class: "error" }, error.message));
    }
  }

  /** The latest block an event named (on the devnet: a run of transactions accepted at one slot, as GET /events says). */
  function showBlock() {
    fill(
      block,
      recent.block
        ? facts([
            ["Latest block", `height ${recent.block.height} · slot ${recent.block.slot} · ${short(recent.block.hash)}`],
          ])
        : h("p", { class: "muted" }, "Latest block: none seen in this tab yet (blocks show as their events arrive)."),
    );
  }

  function showLists() {
    fill(
      txList,
      recent.txs.length === 0
        ? h("p", { class: "muted" }, "None seen in this tab yet: transactions appear here as they happen.")
        : table(
            ["Transaction", "Status", "Slot", "Block"],
            recent.txs.map((t) => [link("tx", t.txHash, short(t.txHash, 12)), t.status, String(t.slot), t.block ?? ""]),
            { class: "txs" },
          ),
    );
    fill(
      eventList,
      recent.events.length === 0
        ? h("p", { class: "muted" }, "Waiting for events…")
        : table(
            ["Id", "Type", "Subject", "Slot"],
            recent.events.map((e) => [e.id, e.type, subject(e), String(e.slot)]),
            { class: "events" },
          ),
    );
  }

  function subject(e) {
    if (e.tournamentId) return link("tournament", e.tournamentId, short(e.tournamentId));
    if (e.address) return link("address", e.address, short(e.address, 14));
    if (e.txHash) return link("tx", e.txHash, short(e.txHash));
    return "";
  }

  void showTip();
  // The slot moves every second whether or not anything happens: the tip is read again now and then (public, no quota).
  ctx.repeat(showTip, 5000);
  showBlock();
  showLists();
  return {
    filter: { after: recent.lastId },
    onEvent(event, id) {
      const point = event.point;
      if (point.blockHash) recent.block = { height: point.blockHeight, slot: point.slot, hash: point.blockHash };
      if (event.type.startsWith("tx.") && point.txHash) {
        recent.txs = recent.txs.filter((t) => t.txHash !== point.txHash);
        recent.txs.unshift({
          txHash: point.txHash,
          status: event.type.slice(3).replace("_", " "),
          slot: point.slot,
          block: point.blockHeight === null ? "" : String(point.blockHeight),
        });
        recent.txs.length = Math.min(recent.txs.length, RECENT_MAX);
      }
      const data = event.data ?? {};
      recent.events.unshift({
        id: event.id,
        type: event.type,
        slot: point.slot,
        txHash: point.txHash,
        address: event.type.startsWith("address.") && typeof data.address === "string" ? data.address : null,
        tournamentId: typeof data.tournamentId === "string" ? data.tournamentId : null,
      });
      recent.events.length = Math.min(recent.events.length, RECENT_MAX);
      recent.lastId = id;
      // A burst of events (a replay, a busy block) draws and saves once.
      ctx.later("lists", () => {
        recent.savedAt = Date.now();
        sessionStorage.setItem(RECENT_ITEM, JSON.stringify(recent));
        showBlock();
        showLists();
      });
      ctx.later("tip", showTip);
    },
  };
}

// ---- #/address/{addr}: its UTxOs decoded, read again on address.* events for it.

const UTXO_PAGE = 100;

export function addressView(root, ctx, address) {
  ctx.suggestFaucet(address);
  async function show() {
    try {
      const page = await api("GET", `/addresses/${encodeURIComponent(address)}/utxos?view=decoded&limit=${UTXO_PAGE}`);
      const total = page.utxos.reduce((sum, u) => sum + BigInt(u.lovelace), 0n);
      fill(
        root,
        h("h1", null, "Address"),
        h("p", { class: "mono wrap", id: "address" }, address),
        facts([
          ["UTxOs", page.cursor ? `the first ${page.utxos.length} (more exist)` : String(page.utxos.length)],
          ["ADA", `${ada(total.toString())}${page.cursor ? " in these" : ""}`],
        ]),
        page.utxos.length === 0 ? h("p", { class: "muted" }, "No unspent outputs.") : utxoTable(page.utxos, false),
      );
    } catch (error) {
      failed(root, error);
    }
  }
  loading(root);
  void show();
  return { filter: { address }, onEvent: () => ctx.later("view", show) };
}

// ---- #/tx/{hash}: the transaction decoded, read again on tx.* events for it.

const refs = (list) =>
  list.length === 0
    ? "none"
    : h(
        "ul",
        { class: "refs" },
        list.map((r) => h("li", null, link("tx", r.txHash, `${short(r.txHash, 8)}#${r.index}`))),
      );

export function txView(root, ctx, txHash) {
  async function show() {
    try {
      const tx = await api("GET", `/transactions/${encodeURIComponent(txHash)}?view=decoded`);
      fill(
        root,
        h("h1", null, "Transaction"),
        h("p", { class: "mono wrap", id: "tx-hash" }, tx.txHash),
        facts([
          ["Status", tx.status + (tx.confirmations ? ` (${tx.confirmations} confirmations)` : "")],
          tx.reason && ["Reason", tx.reason],
          tx.fee !== undefined && ["Fee", ada(tx.fee)],
          tx.validity && ["Valid from", tx.validity.from ? `slot ${tx.validity.from.slot}` : "any time"],
          tx.validity && ["Valid until", tx.validity.until ? `slot ${tx.validity.until.slot}` : "no end"],
          tx.signers && [
            "Signers",
            tx.signers.length === 0
              ? "none"
              : h(
                  "ul",
                  { class: "refs mono" },
                  tx.signers.map((s) => h("li", null, s)),
                ),
          ],
        ]),
        tx.inputs ? [h("h2", null, "Inputs"), refs(tx.inputs)] : null,
        tx.referenceInputs?.length ? [h("h2", null, "Reference inputs"), refs(tx.referenceInputs)] : null,
        tx.collateral?.length ? [h("h2", null, "Collateral"), refs(tx.collateral)] : null,
        tx.outputs ? [h("h2", null, "Outputs"), utxoTable(tx.outputs, true)] : null,
        tx.mint?.length ? [h("h2", null, "Mint"), h("ul", { class: "assets", id: "mint" }, tx.mint.map(asset))] : null,
        tx.metadata ? [h("h2", null, "Metadata"), json(tx.metadata)] : null,
      );
    } catch (error) {
      if (error.status === 404)
        fill(
          root,
          h("p", { class: "error" }, error.message),
          h("p", null, "A tournament id? ", link("tournament", txHash, "Open it as a tournament")),
        );
      else failed(root, error);
    }
  }
  loading(root);
  void show();
  return { filter: { txHash }, onEvent: () => ctx.later("view", show) };
}

// ---- #/tournaments and #/tournament/{id}

const fillText = (t) => `${t.participantCount} / ${t.bracketSize}`;
const ENDED = ["settled", "cancelled", "refunded"];
/** The deadline's countdown, or that it no longer matters. */
const deadline = (ctx, t, id) => (ENDED.includes(t.status) ? `ended (${t.status})` : ctx.countdown(t.settleBy, id));

export function tournamentsView(root, ctx) {
  async function show() {
    try {
      void ctx.refreshChainTime();
      const page = await api("GET", "/tournaments?limit=100");
      fill(
        root,
        h("h1", null, "Tournaments"),
        page.results.length === 0
          ? h("p", { class: "muted" }, "No tournament on this chain yet.")
          : table(
              ["Name", "Status", "Bracket", "Entry fee", "Deadline"],
              page.results.map((t) =>
                t.status === "unreadable"
                  ? [link("tournament", t.tournamentId, short(t.tournamentId)), "unreadable", "", "", t.reason]
                  : [
                      link("tournament", t.tournamentId, t.name),
                      t.status,
                      fillText(t),
                      ada(t.entryFee),
                      deadline(ctx, t),
                    ],
              ),
              { class: "tournaments" },
            ),
        page.cursor ? h("p", { class: "muted" }, "The first 100 shown.") : null,
      );
    } catch (error) {
      failed(root, error);
    }
  }
  loading(root);
  void show();
  return { filter: { types: TOURNAMENT_TYPES }, onEvent: () => ctx.later("view", show) };
}

/** A settlement's payouts or a close's refunds; `whom(k)` names the k-th payment's payee. */
const payments = (list, whom) =>
  table(
    ["To", "Address", "ADA", "Output"],
    list.map((p, k) => [
      whom(k),
      link("address", p.address, short(p.address, 14)),
      ada(p.lovelace),
      outRef(p.outputRef),
    ]),
    { class: "payments" },
  );

/** Payouts: the placements (results) in order, then the fixed payouts. */
const payoutOf = (t) => (k) => (k < (t.results?.length ?? 0) ? `place ${k + 1}` : "fixed payout");
/** Refunds: participant k's, and after them the admin's rest. */
const refundOf = (t) => (k) =>
  k === t.refunds.length - 1 && t.refunds[k].address === t.adminAddress ? "admin (the rest)" : `participant ${k}`;

export function tournamentView(root, ctx, id) {
  async function show() {
    try {
      void ctx.refreshChainTime();
      const t = await api("GET", `/tournaments/${encodeURIComponent(id)}`);
      if (t.status === "unreadable") {
        fill(
          root,
          h("h1", null, "Tournament (unreadable)"),
          facts([
            ["Reason", t.reason],
            ["Output", t.outputRef],
          ]),
        );
        return;
      }
      const regs = await api("GET", `/tournaments/${encodeURIComponent(id)}/registrations?limit=100`);
      const percent = Math.round((100 * t.participantCount) / t.bracketSize);
      fill(
        root,
        h("h1", { id: "tournament-name" }, t.name),
        h("p", { class: "mono wrap" }, t.tournamentId),
        facts([
          ["Status", h("span", { class: `status status-${t.status}`, id: "tournament-status" }, t.status)],
          ["Bracket", h("span", { id: "tournament-fill" }, `${fillText(t)} seats taken`)],
          ["", h("progress", { max: t.bracketSize, value: t.participantCount, "aria-label": `${percent}% full` })],
          ["Entry fee", ada(t.entryFee)],
          ["Prizes", t.payoutStructure.map((p, k) => `${k + 1}. ${ada(p)}`).join(" · ") || "none"],
          t.fixedPayouts.length > 0 && [
            "Fixed payouts",
            t.fixedPayouts.map(([a, l]) => `${short(a, 10)}: ${ada(l)}`).join(" · "),
          ],
          ["Deposit", ada(t.deposit)],
          ["Holds", ada(t.lovelace)],
          ["Deadline", [time(t.settleBy), " · ", deadline(ctx, t, "countdown")]],
          ["Admin", link("address", t.adminAddress, short(t.adminAddress, 14))],
          ["Registration address", link("address", t.registrationAddress, short(t.registrationAddress, 14))],
          t.endedBy && ["Ended by", [t.endedBy.action, " in ", link("tx", t.endedBy.txHash, short(t.endedBy.txHash))]],
        ]),
        h("h2", null, "Participants"),
        t.participants.length === 0
          ? h("p", { class: "muted" }, "None yet.")
          : h(
              "ol",
              { id: "participants", start: (t.participantsPage - 1) * t.participantsLimit + 1 || 1 },
              t.participants.map((a) => h("li", null, link("address", a, a))),
            ),
        h("h2", null, "Registrations"),
        regs.results.length === 0
          ? h("p", { class: "muted" }, "None waiting.")
          : table(
              ["Registrant", "Paid", "Valid", "Output"],
              regs.results.map((r) => [
                r.address === null ? "(not an address)" : link("address", r.address, short(r.address, 14)),
                ada(r.paidFeesLovelace),
                r.valid ? "valid" : `invalid: ${r.reason ?? ""}`,
                outRef(r.outputRef),
              ]),
              { id: "registrations" },
            ),
        t.results
          ? [
              h("h2", null, "Results"),
              h(
                "ol",
                null,
                t.results.map((a) => h("li", null, link("address", a, a))),
              ),
            ]
          : null,
        t.payouts ? [h("h2", null, "Payouts"), payments(t.payouts, payoutOf(t))] : null,
        t.refunds ? [h("h2", null, "Refunds"), payments(t.refunds, refundOf(t))] : null,
        t.batches
          ? [
              h("h2", null, "Refund batches"),
              table(
                ["Batch", "Seats", "Paid by"],
                t.batches.map((b) => [
                  String(b.batch),
                  `${b.seats[0]}–${b.seats[1]}`,
                  b.paidBy ? link("tx", b.paidBy, short(b.paidBy)) : "unpaid",
                ]),
              ),
            ]
          : null,
      );
    } catch (error) {
      failed(root, error);
    }
  }
  loading(root);
  void show();
  return { filter: { tournamentId: id }, onEvent: () => ctx.later("view", show) };
}
