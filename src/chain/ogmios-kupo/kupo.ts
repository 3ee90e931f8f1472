// Kupo has no official TypeScript client: this is a small fetch-based one for the endpoints the
// adapter needs, written against Kupo's documented HTTP API (docs/api/v2.12.0.yaml in
// CardanoSolutions/kupo). `Match` mirrors that document's Match schema field for field; the
// fixtures under test/fixtures/kupo are validated against the same document.
import type { UTxO } from "../port.js";
import { scanChainCbor } from "../../cardano/cbor-limits.js";
import { BadRequestError } from "../../errors.js";
import { BackendError, fromFetchError, retryAfterMs } from "../resilience/backend-error.js";
import { scriptRefOf, type ScriptLanguage } from "../shared/script-ref.js";
import { BackendUrl } from "../shared/backend-url.js";

export const KUPO = "ogmios-kupo";

/** Kupo's `Match` (with `?resolve_hashes` and `asset-quantity=string`). */
export interface KupoMatch {
  readonly transaction_index: number;
  readonly transaction_id: string;
  readonly output_index: number;
  readonly address: string;
  readonly value: { readonly coins: number | string; readonly assets?: Readonly<Record<string, number | string>> };
  readonly datum_hash: string | null;
  readonly datum_type?: "hash" | "inline";
  readonly datum?: string | null;
  readonly script_hash: string | null;
  readonly script?: { readonly language: ScriptLanguage; readonly script: string } | null;
  readonly created_at: KupoPoint;
  readonly spent_at: KupoSpentAt | null;
}

/** Kupo's `Point`: a block, by slot and header hash. */
export interface KupoPoint {
  readonly slot_no: number;
  readonly header_hash: string;
}

/**
 * Kupo's `SpentAt`: the block that spent an output and, from Kupo v2.10 on, the spending
 * transaction. Its `input_index` and `redeemer` are not read: Kupo (v2.12 included) numbers a
 * transaction's inputs from the last one of its sorted input set (the fold in `matchBlock`,
 * src/Kupo/Data/Pattern.hs), so with several inputs both belong to another input.
 */
export interface KupoSpentAt extends KupoPoint {
  readonly transaction_id?: string | null;
  readonly input_index?: number | null;
  readonly redeemer?: string | null;
}

export class KupoClient {
  readonly #url: BackendUrl;

  /** `authorization`: sent as the Authorization header of every request (KUPO_AUTHORIZATION). */
  constructor(
    baseUrl: string,
    private readonly requestTimeoutMs: number,
    private readonly authorization?: string,
  ) {
    this.#url = new BackendUrl(baseUrl);
  }

  /** Unspent outputs at an address (a Kupo pattern), datums and scripts resolved. */
  unspentAt(address: string): Promise<KupoMatch[]> {
    return this.#matches(`/matches/${encodeURIComponent(address)}?unspent&resolve_hashes`);
  }

  /** Every output (spent or not) Kupo indexed for a transaction. */
  outputsOf(txHash: string): Promise<KupoMatch[]> {
    return this.#matches(`/matches/*@${txHash}`);
  }

  /**
   * Every output, spent or not, that held an asset of `policyId` named `assetName` (hex), datums
   * and scripts resolved. The empty name has no pattern of its own: it asks for the whole policy.
   */
  holdersOf(policyId: string, assetName: string): Promise<KupoMatch[]> {
    return this.#matches(`/matches/${policyId}.${assetName === "" ? "*" : assetName}?resolve_hashes`);
  }

  /** Every output, of any address, spent in the block of `slot`, datums and scripts resolved (Kupo keeps spent outputs unless pruned). */
  spentIn(slot: number): Promise<KupoMatch[]> {
    return this.#matches(`/matches/*?spent&spent_after=${slot}&spent_before=${slot}&resolve_hashes`);
  }

  /**
   * The outputs at `address` spent in the blocks of slots `from` to `to` (inclusive), datums and
   * scripts resolved, and the slot of the last block Kupo had indexed when it answered (its
   * X-Most-Recent-Checkpoint header; null when it sent none): an answer about blocks after that
   * slot is not complete yet.
   */
  async spentAtBetween(
    address: string,
    from: number,
    to: number,
  ): Promise<{ matches: KupoMatch[]; checkpoint: number | null }> {
    const path = `/matches/${encodeURIComponent(address)}?spent&spent_after=${from}&spent_before=${to}&resolve_hashes`;
    const { body, headers } = await this.#fetch(path);
    if (!Array.isArray(body))
      throw new BackendError(KUPO, "server", `Kupo GET /matches/{address}: the answer is not a list of matches`);
    const header = headers.get("x-most-recent-checkpoint");
    return {
      matches: body as KupoMatch[],
      checkpoint: header !== null && /^\d+$/.test(header) ? Number(header) : null,
    };
  }

  /** The most recent block Kupo has a checkpoint for at or before `slot`, or null when it has none. */
  async checkpointAtOrBefore(slot: number): Promise<KupoPoint | null> {
    const path = `/checkpoints/${slot}`;
    const body = await this.#get(path);
    if (body === null) return null;
    const point = body as Partial<KupoPoint>;
    if (
      typeof point.slot_no !== "number" ||
      typeof point.header_hash !== "string" ||
      !/^[0-9a-f]{64}$/.test(point.header_hash)
    ) {
      throw new BackendError(KUPO, "server", `Kupo GET ${path}: the answer is not a point`);
    }
    return { slot_no: point.slot_no, header_hash: point.header_hash };
  }

  async #matches(path: string): Promise<KupoMatch[]> {
    const body = await this.#get(path);
    if (!Array.isArray(body))
      throw new BackendError(KUPO, "server", `Kupo GET ${path.split("?")[0]}: the answer is not a list of matches`);
    return body as KupoMatch[];
  }

  async #get(path: string): Promise<unknown> {
    return (await this.#fetch(path)).body;
  }

  async #fetch(path: string): Promise<{ body: unknown; headers: Headers }> {
    const what = `Kupo GET ${path.split("?")[0]}`;
    let response: Response;
    try {
      response = await fetch(this.#url.of(path), {
        headers: {
          accept: "application/json;asset-quantity=string",
          ...(this.authorization === undefined ? {} : { authorization: this.authorization }),
        },
        signal: AbortSignal.timeout(this.requestTimeoutMs),
      });
    } catch (error) {
      throw fromFetchError(KUPO, what, error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw fromFetchError(KUPO, what, error);
    }
    if (!response.ok) {
      let hint = text.trim().slice(0, 300);
      try {
        hint = (JSON.parse(text) as { hint?: string }).hint ?? hint;
      } catch {
        // not JSON: keep the text
      }
      const retryAfter = retryAfterMs(response.headers.get("retry-after"));
      const details = { status: response.status, ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }) };
      if (response.status === 400) throw new BadRequestError(`Kupo refused the pattern: ${hint}`);
      if (response.status === 429)
        throw new BackendError(KUPO, "throttled", `${what}: Kupo answered 429: ${hint}`, details);
      if (response.status >= 500)
        throw new BackendError(KUPO, "server", `${what}: Kupo answered ${response.status}: ${hint}`, details);
      throw new BackendError(KUPO, "refused", `${what}: Kupo answered ${response.status}: ${hint}`, details);
    }
    try {
      return { body: JSON.parse(text) as unknown, headers: response.headers };
    } catch {
      throw new BackendError(KUPO, "server", `${what}: the answer is not JSON`);
    }
  }
}

const quantity = (value: number | string, what: string): string => {
  const text = String(value);
  if (!/^\d+$/.test(text) || (typeof value === "number" && !Number.isSafeInteger(value)))
    throw new Error(`${what} is not a safe whole number`);
  return text;
};

/** A Kupo match (resolved) in the domain's shape. */
export function utxoFromKupo(match: KupoMatch): UTxO {
  const ref = `${match.transaction_id}#${match.output_index}`;
  const amount = [{ unit: "lovelace", quantity: quantity(match.value.coins, `the coins of ${ref}`) }];
  for (const [id, qty] of Object.entries(match.value.assets ?? {})) {
    // Kupo writes assets as "{policy}.{name}" (or just "{policy}" for an empty name); Mesh's unit is policy+name.
    amount.push({ unit: id.replace(".", ""), quantity: quantity(qty, `${id} in ${ref}`) });
  }
  const utxo: UTxO = {
    input: { txHash: match.transaction_id, outputIndex: match.output_index },
    output: { address: match.address, amount },
  };
  if (match.datum_hash !== null) {
    utxo.output.dataHash = match.datum_hash;
    if (match.datum_type === "inline") {
      if (typeof match.datum !== "string")
        throw new Error(
          `Kupo did not resolve the inline datum of ${ref} (is it older than v2.10, or run without datums?)`,
        );
      // Scanned, never decoded here: over the CBOR limits it stays raw (see scanChainCbor).
      scanChainCbor(match.datum, `the inline datum of ${ref}`);
      utxo.output.plutusData = match.datum;
    }
  }
  if (match.script_hash !== null) {
    if (!match.script) throw new Error(`Kupo did not resolve the reference script ${match.script_hash} of ${ref}`);
    Object.assign(utxo.output, scriptRefOf(match.script.language, match.script.script, match.script_hash));
  }
  return utxo;
}
