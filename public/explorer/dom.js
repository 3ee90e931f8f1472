// Building the page without ever parsing markup: every element is made with createElement and every value
// (asset names, metadata, datums, tournament names: attacker-controlled chain data) goes in as a
// text node, so markup in it shows as text and never runs. Links are built here only, to hash
// routes of this page, so no chain value becomes a URL of its own.

/** An element: `props` sets class, on<event> listeners and plain attributes; children are nodes or text. */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = value;
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces what `element` holds with `children`. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/** A link to one of this page's views: `#/kind/value`, the value URI-encoded. */
export function link(kind, value, text = value) {
  return h("a", { href: `#/${kind}/${encodeURIComponent(value)}`, class: "mono" }, text);
}

export const short = (text, keep = 10) =>
  text.length <= 2 * keep + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;

/** Lovelace (a decimal string) as ADA with six decimals, exactly (BigInt). */
export function ada(lovelace) {
  const value = BigInt(lovelace);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const whole = (abs / 1_000_000n).toLocaleString("en-US");
  return `${sign}${whole}.${(abs % 1_000_000n).toString().padStart(6, "0")} ADA`;
}

/** CIP-67 labels the explorer names (CIP-68 tokens); others show as their number. */
const LABELS = {
  100: "CIP-68 reference NFT (100)",
  222: "CIP-68 NFT (222)",
  333: "CIP-68 FT (333)",
  444: "CIP-68 RFT (444)",
};
export const labelText = (label) => LABELS[label] ?? `CIP-67 label ${label}`;

/** An asset's name as shown: its text when printable (the service says), else its hex. */
export function assetName(asset) {
  if (asset.name !== null && asset.name !== undefined) return h("span", { class: "asset-name" }, asset.name);
  const hex = asset.label === null ? asset.assetName : asset.assetName.slice(8);
  return h("span", { class: "asset-name mono", title: "not printable: hex" }, hex === "" ? "(empty name)" : `0x${hex}`);
}

/** An asset: name, CIP-68 label, quantity and policy. */
export function asset(a) {
  return h(
    "li",
    { class: "asset" },
    h("span", { class: "qty" }, a.quantity),
    " × ",
    assetName(a),
    a.label !== null ? [" ", h("span", { class: "label" }, labelText(a.label))] : null,
    " ",
    h("span", { class: "policy mono", title: a.policyId }, `policy ${short(a.policyId, 6)}`),
  );
}

/** Bytes (hex) as UTF-8 text when they are that and printable (no control characters); else null. */
export function hexText(hex) {
  if (typeof hex !== "string" || hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2).map((_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u001f\u007f-\u009f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** JSON shown as text (metadata, datums). */
export const json = (value) => h("pre", { class: "json" }, JSON.stringify(value, null, 2));

/** A table of `rows` (arrays of cells) under `head`. */
export function table(head, rows, props = {}) {
  return h(
    "table",
    props,
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        head.map((cell) => h("th", null, cell)),
      ),
    ),
    h(
      "tbody",
      null,
      rows.map((row) =>
        h(
          "tr",
          null,
          row.map((cell) => h("td", null, cell)),
        ),
      ),
    ),
  );
}

/** Term/definition pairs. */
export function facts(pairs) {
  return h(
    "dl",
    { class: "facts" },
    pairs.filter(Boolean).map(([term, value]) => [h("dt", null, term), h("dd", null, value)]),
  );
}

export const time = (ms) => new Date(ms).toISOString().replace(".000Z", "Z");
