// Where a webhook may POST (docs/events-design.md §5): http or https, no credentials in the URL,
// and, unless private targets are allowed (the devnet by default, WEBHOOK_ALLOW_PRIVATE), a host
// whose every address is public: a webhook is a request the service makes for its caller, and
// must not reach what only the service can reach (its loopback, its network, the cloud's metadata
// at 169.254.169.254). The check runs at creation and again at each delivery, whose connection
// then goes to the addresses just checked (pinned: a DNS answer that changes between the check
// and the connection, DNS rebinding, is never used).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** The longest URL a webhook may have. */
export const MAX_URL_LENGTH = 2048;

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to its addresses (tests inject one). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A target refused: the message says why, for the caller (a 400 naming url) or the delivery log. */
export class TargetError extends Error {
  /** `transient`: the host did not resolve (DNS may answer later): a delivery retries it. */
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
    this.name = "TargetError";
  }
}

/** The non-public ranges, by the name a refusal gives them. A v6 address that carries a v4 address is also checked as that v4 address (embeddedV4). */
const RANGES: ReadonlyArray<readonly [string, readonly (readonly [string, number, "ipv4" | "ipv6"])[]]> = [
  [
    "unspecified",
    [
      ["0.0.0.0", 8, "ipv4"],
      ["::", 128, "ipv6"],
    ],
  ],
  [
    "loopback",
    [
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ],
  ],
  [
    "private",
    [
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
      ["fc00::", 7, "ipv6"],
    ],
  ],
  [
    "link-local",
    [
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ],
  ],
  ["CGNAT (shared)", [["100.64.0.0", 10, "ipv4"]]],
  [
    "multicast",
    [
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ],
  ],
  [
    "reserved",
    [
      ["240.0.0.0", 4, "ipv4"],
      ["192.0.0.0", 24, "ipv4"],
      ["198.18.0.0", 15, "ipv4"],
      ["fec0::", 10, "ipv6"],
    ],
  ],
];

const LISTS = RANGES.map(([name, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return [name, list] as const;
});

/**
 * v6 ranges that are not public, checked after the v4 an address carries (so that a refusal names
 * the v4's kind when it has one): Teredo (2001::/32, RFC 4380: a tunnel whose server and client v4
 * addresses the address carries, the client's obfuscated), discard-only (100::/64, RFC 6666), and
 * local-use NAT64 (64:ff9b:1::/48, RFC 8215: translated by a gateway on the service's own network,
 * at a prefix length, and so a v4 position, that only its operator knows).
 */
const V6_AFTER_EMBEDDED: ReadonlyArray<readonly [string, BlockList]> = (
  [
    ["Teredo", "2001::", 32],
    ["discard-only", "100::", 64],
    ["local-use NAT64", "64:ff9b:1::", 48],
  ] as const
).map(([name, network, prefix]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, "ipv6");
  return [name, list] as const;
});

/** A v6 address (valid: isIP said so) as its eight 16-bit groups. */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string): number[] => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const gap = text.indexOf("::");
  if (gap < 0) return parse(text);
  const head = parse(text.slice(0, gap));
  const tail = parse(text.slice(gap + 2));
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

const v4Of = (hi: number, lo: number): string => [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");

/**
 * The v4 address a v6 address carries, where a translator or tunnel would take a packet to it, else
 * null: IPv4-compatible (::/96), v4-mapped (::ffff:0:0/96), SIIT IPv4-translated (::ffff:0:0:0/96,
 * RFC 2765), NAT64 (64:ff9b::/96, RFC 6052; and 64:ff9b:1::/48, RFC 8215, read as its /96 form),
 * 6to4 (2002::/16, RFC 3056, the v4 in bits 16 to 47).
 */
function embeddedV4(address: string): string | null {
  const g = groupsOf(address);
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  const last = v4Of(g[6]!, g[7]!);
  if (zeros(0, 6)) return last;
  if (zeros(0, 5) && g[5] === 0xffff) return last;
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return last;
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) return last;
  return null;
}

/** Why `address` is not a public address ("loopback", "private"…), or null when it is. */
export function nonPublicKind(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [name, list] of LISTS) if (list.check(address, type)) return name;
  if (family === 4) return null;
  const v4 = embeddedV4(address);
  if (v4 !== null) {
    const kind = nonPublicKind(v4);
    if (kind !== null) return kind;
  }
  for (const [name, list] of V6_AFTER_EMBEDDED) if (list.check(address, "ipv6")) return name;
  return null;
}

/** `raw` as a webhook's URL; throws TargetError saying what is wrong with it. */
export function targetUrl(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH)
    throw new TargetError(`is ${raw.length} characters long, more than ${MAX_URL_LENGTH}.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetError("is not an absolute URL (https://host/path).");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new TargetError(`must be http or https, not ${url.protocol.slice(0, -1).slice(0, 20)}.`);
  if (url.username !== "" || url.password !== "")
    throw new TargetError(
      "must not hold credentials (user:password@): they would be stored and shown with the webhook. Check the Webhook-Signature instead.",
    );
  if (url.hash !== "") throw new TargetError("must not have a fragment (#…): it is never sent.");
  return url;
}

/** A URL's host without the brackets of a v6 literal. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** How long a lookup may take (WEBHOOK_TIMEOUT_SECONDS), and what stops it sooner (the instance closing). */
export interface LookupLimit {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** Why a lookup was given up because the signal aborted (send.ts tells it from a refusal). */
export class LookupStopped extends Error {
  constructor() {
    super("The lookup was stopped: the instance is closing.");
    this.name = "LookupStopped";
  }
}

/**
 * `resolve(host)` within `limit`: a name server that never answers (one a hostile caller runs)
 * must not hold a request, a delivery slot or the instance's close for longer than an attempt may
 * take. The lookup given up goes on in the background (a resolver cannot be cancelled); its answer
 * is dropped.
 */
function boundedLookup(resolve: Resolver, host: string, limit: LookupLimit): Promise<readonly ResolvedAddress[]> {
  return new Promise((done, fail) => {
    if (limit.signal?.aborted) return fail(new LookupStopped());
    const finish = (settle: () => void): void => {
      clearTimeout(timer);
      limit.signal?.removeEventListener("abort", onAbort);
      settle();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          fail(
            new TargetError(
              `names the host ${host}, which did not resolve within ${limit.timeoutMs / 1000} s (WEBHOOK_TIMEOUT_SECONDS).`,
              true,
            ),
          ),
        ),
      limit.timeoutMs,
    );
    const onAbort = (): void => finish(() => fail(new LookupStopped()));
    limit.signal?.addEventListener("abort", onAbort, { once: true });
    resolve(host).then(
      (addresses) => finish(() => done(addresses)),
      (error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        finish(() =>
          fail(
            new TargetError(
              `names the host ${host}, which does not resolve (${typeof code === "string" ? code : "DNS"}).`,
              true,
            ),
          ),
        );
      },
    );
  });
}

/**
 * The addresses `url`'s host resolves to within `limit`, each checked public unless
 * `allowPrivate`; throws TargetError when one is not (naming it and its kind), or when the host
 * does not resolve (in time), and LookupStopped when `limit.signal` aborts first.
 */
export async function checkedAddresses(
  url: URL,
  resolve: Resolver,
  allowPrivate: boolean,
  limit: LookupLimit,
): Promise<readonly ResolvedAddress[]> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: readonly ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    addresses = await boundedLookup(resolve, host, limit);
    if (addresses.length === 0) throw new TargetError(`names the host ${host}, which resolves to no address.`);
  }
  if (!allowPrivate)
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind !== null)
        throw new TargetError(
          `names the host ${host}, which resolves to ${address}, a ${kind} address: webhooks go to public addresses only on this network (WEBHOOK_ALLOW_PRIVATE).`,
        );
    }
  return addresses;
}
