// What a native script asks of a transaction, read from its JSON (native-scripts.ts): the key
// hashes it names, and the slots between which it can hold at all. The slots are the hull of what
// its timelocks allow: `all` intersects its sub-scripts' windows, `any` and `atLeast` span theirs
// (a transaction must still satisfy the script's exact logic; outside the window none can).
import type { NativeScriptJson } from "./native-scripts.js";

export interface NativeScriptInfo {
  /** Every key hash the script names, lowercase, in the order they first appear. */
  readonly keyHashes: string[];
  /** False when no validity interval can satisfy the script's timelocks (its `all` asks for a start after its end, say). */
  readonly satisfiable: boolean;
  /** The first slot at which the script can hold (the ledger's InvalidBefore); absent when it has no lower bound. */
  readonly invalidBefore?: number;
  /** The first slot at which it no longer holds (the ledger's InvalidHereafter); absent when it has no upper bound. */
  readonly invalidHereafter?: number;
}

/** The slots [from, until) in which a script can hold; null: none. */
interface Window {
  readonly from: number;
  readonly until: number;
}

const ALWAYS: Window = { from: 0, until: Infinity };

function windowOf(node: NativeScriptJson): Window | null {
  switch (node.type) {
    case "sig":
      return ALWAYS;
    case "after":
      return { from: node.slot, until: Infinity };
    case "before":
      return { from: 0, until: node.slot };
    case "all": {
      let window: Window | null = ALWAYS;
      for (const child of node.scripts) {
        const w = windowOf(child);
        if (w === null || window === null) return null;
        window = { from: Math.max(window.from, w.from), until: Math.min(window.until, w.until) };
        if (window.from >= window.until) return null;
      }
      return window;
    }
    case "any":
      return hull(node.scripts.map(windowOf), 1);
    case "atLeast":
      return node.required === 0 ? ALWAYS : hull(node.scripts.map(windowOf), node.required);
  }
}

/** The span of the windows that are not null, when at least `needed` are not; null otherwise. */
function hull(windows: (Window | null)[], needed: number): Window | null {
  const open = windows.filter((w): w is Window => w !== null);
  if (open.length < needed || open.length === 0) return null;
  return { from: Math.min(...open.map((w) => w.from)), until: Math.max(...open.map((w) => w.until)) };
}

function keyHashesOf(node: NativeScriptJson, into: Set<string>): Set<string> {
  if (node.type === "sig") into.add(node.keyHash.toLowerCase());
  else if (node.type === "all" || node.type === "any" || node.type === "atLeast")
    for (const child of node.scripts) keyHashesOf(child, into);
  return into;
}

/** The key hashes and the validity window of a native script (checked JSON, as serializeNativeScript and parseNativeScript accept and answer). */
export function nativeScriptInfo(script: NativeScriptJson): NativeScriptInfo {
  const window = windowOf(script);
  const keyHashes = [...keyHashesOf(script, new Set())];
  if (window === null || window.from >= window.until) return { keyHashes, satisfiable: false };
  return {
    keyHashes,
    satisfiable: true,
    ...(window.from > 0 && { invalidBefore: window.from }),
    ...(Number.isFinite(window.until) && { invalidHereafter: window.until }),
  };
}
