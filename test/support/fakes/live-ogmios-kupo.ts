// The fake Ogmios's and Kupo's live mode: JSON-RPC methods and Kupo matches answered from a
// LiveLedger, in the shapes of the recorded answers (test/fixtures/ogmios, test/fixtures/kupo)
// and checked against the same official schemas by test/chain/real-networks/live-answers.test.ts.
//
// Time: Ogmios's system start and era summaries are preprod's (the recorded
// network-start-time-preprod.json and era-summaries-preprod.json), and the ledger's slots are
// preprod's (see live-ledger.ts), so a tip read through them is the ledger's own slot and time.
import type { UTxO } from "@meshsdk/common";
import { resolveDataHash, Serialization, TxCBOR } from "@meshsdk/core-cst";
import { bech32 } from "@scure/base";
import { poolIdOf } from "../../../src/cardano/delegatees.js";
import { DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { scriptOfRef } from "../../../src/chain/shared/script-ref.js";
import { utxoFromOgmios, utxosToOgmios } from "../../../src/chain/shared/ogmios-wire.js";
import type { RedeemerBudget } from "../../../src/chain/port.js";
import { fixture, fixtureText } from "./server.js";
import {
  epochOfSlot,
  holdsUnit,
  ledgerReason,
  scriptHashOf,
  type LiveLedger,
  type Spend,
  type TxRecord,
} from "./live-ledger.js";

/** JSON with bigints written as plain numbers (Ogmios's quantities can pass 2^53). */
export function bigJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `\u0000big:${v.toString()}` : v)).replace(
    /"\\u0000big:(-?\d+)"/g,
    "$1",
  );
}

const PURPOSES: Record<RedeemerBudget["tag"], string> = {
  SPEND: "spend",
  MINT: "mint",
  CERT: "publish",
  REWARD: "withdraw",
  VOTE: "vote",
  PROPOSE: "propose",
};

/** "0.0577" → "577/10000": a decimal as Ogmios's ratio string. */
export function ratioOf(value: number): string {
  const [digits, exponent] = value.toExponential().split("e") as [string, string];
  const [whole, fraction = ""] = digits.split(".");
  let numerator = BigInt(`${whole}${fraction}`);
  let denominator = 10n ** BigInt(fraction.length);
  const shift = Number(exponent);
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const g = gcd(numerator < 0n ? -numerator : numerator, denominator);
  return `${numerator / g}/${denominator / g}`;
}

const rpc = (method: string, body: { result: unknown } | { error: unknown }): string =>
  bigJson({ jsonrpc: "2.0", method, ...body });

/**
 * The ledger's evaluation of a transaction as Ogmios answers evaluateTransaction (Blockfrost's
 * /utils/txs/evaluate?version=6 answers the same). A failure is code 3004 with the ledger's
 * reason: the emulator says why a script failed but not which validator, and 3010's shape needs one.
 */
export async function evaluationAnswer(ledger: LiveLedger, cbor: string, additional: readonly UTxO[]): Promise<string> {
  try {
    const budgets = await ledger.devnet.evaluate(cbor, additional);
    return rpc("evaluateTransaction", {
      result: budgets.map((b) => ({
        validator: { purpose: PURPOSES[b.tag], index: b.index },
        budget: { memory: b.budget.mem, cpu: b.budget.steps },
      })),
    });
  } catch (failure) {
    const code = (failure as { code?: string }).code;
    if (code !== "SVC_ERR_UNPROCESSABLE" && code !== "CHAIN_ERR_LEDGER_REJECTED" && code !== "TX_ERR_TOO_LARGE")
      throw failure;
    const reason = ledgerReason(failure);
    return rpc("evaluateTransaction", {
      error: {
        code: 3004,
        message: "Unable to create the evaluation context from the given transaction.",
        data: { reason },
      },
    });
  }
}

/** The ledger's parameters (what the Scalus emulator enforces) in Ogmios's shape, over the recorded answer. */
function protocolParameters(): unknown {
  const p = DEVNET_PROTOCOL_PARAMETERS;
  const recorded = fixture<{ result: Record<string, unknown> }>("ogmios/protocol-parameters.json").result;
  const [v1, v2, v3] = DEVNET_COST_MODELS;
  const lovelace = (n: number | string) => ({ ada: { lovelace: BigInt(n) } });
  return {
    ...recorded,
    minFeeCoefficient: p.minFeeA,
    minFeeConstant: lovelace(p.minFeeB),
    minFeeReferenceScripts: { base: p.minFeeRefScriptCostPerByte, range: 25600, multiplier: 1.2 },
    maxBlockBodySize: { bytes: p.maxBlockSize },
    maxBlockHeaderSize: { bytes: p.maxBlockHeaderSize },
    maxTransactionSize: { bytes: p.maxTxSize },
    stakeCredentialDeposit: lovelace(p.keyDeposit),
    stakePoolDeposit: lovelace(p.poolDeposit),
    minStakePoolCost: lovelace(p.minPoolCost),
    minUtxoDepositConstant: lovelace(0),
    minUtxoDepositCoefficient: p.coinsPerUtxoSize,
    plutusCostModels: { "plutus:v1": v1, "plutus:v2": v2, "plutus:v3": v3 },
    scriptExecutionPrices: { memory: ratioOf(p.priceMem), cpu: ratioOf(p.priceStep) },
    maxExecutionUnitsPerTransaction: { memory: BigInt(p.maxTxExMem), cpu: BigInt(p.maxTxExSteps) },
    maxExecutionUnitsPerBlock: { memory: BigInt(p.maxBlockExMem), cpu: BigInt(p.maxBlockExSteps) },
    maxValueSize: { bytes: p.maxValSize },
    collateralPercentage: p.collateralPercent,
    maxCollateralInputs: p.maxCollateralInputs,
    version: { major: 10, minor: 0 },
  };
}

/** The key hashes of the emulator's "Missing key hashes ..., missing inputs key hashes: Set(...), ..." reason. */
function missingSignatories(reason: string): string[] {
  if (!reason.startsWith("Missing key hashes")) return [];
  const hashes = new Set<string>();
  for (const set of reason.matchAll(/key hashes: (?:Tree)?Set\(([^)]*)\)/g))
    for (const hash of (set[1] ?? "").matchAll(/[0-9a-f]{56}/g)) hashes.add(hash[0]);
  return [...hashes];
}

async function submit(ledger: LiveLedger, cbor: string): Promise<string> {
  try {
    return rpc("submitTransaction", { result: { transaction: { id: await ledger.submit(cbor) } } });
  } catch (failure) {
    if ((failure as { code?: string }).code !== "CHAIN_ERR_LEDGER_REJECTED") throw failure;
    const reason = ledgerReason(failure);
    if (/does not decode/.test(reason)) {
      const data = Object.fromEntries(
        ["shelley", "allegra", "mary", "alonzo", "babbage", "conway"].map((era) => [era, reason]),
      );
      return rpc("submitTransaction", {
        error: {
          code: -32602,
          message: "Invalid transaction; It looks like the given transaction wasn't well-formed.",
          data,
        },
      });
    }
    // The emulator gives the ledger's reason as text, not Ogmios's per-rule structure. Missing
    // signatures are read back into Ogmios's own failure (3101, the key hashes listed); any other
    // reason goes as the text of the schema's one failure whose data is free-form (3997).
    const missing = missingSignatories(reason);
    if (missing.length > 0) {
      return rpc("submitTransaction", {
        error: { code: 3101, message: "Some signatures are missing.", data: { missingSignatories: missing } },
      });
    }
    return rpc("submitTransaction", {
      error: { code: 3997, message: reason, data: { error: "rejected by the ledger" } },
    });
  }
}

type Params = Record<string, unknown> | undefined;

/** The reward address (preprod's family) of a credential hash given in hex. */
const rewardAddressOf = (hash: string, script: boolean): string =>
  bech32.encode(
    "stake_test",
    bech32.toWords(Buffer.concat([Uint8Array.of(script ? 0xf0 : 0xe0), Buffer.from(hash, "hex")])),
    120,
  );

/**
 * queryLedgerState/rewardAccountSummaries for {keys, scripts} given as 56-hex credentials (what the
 * adapter sends): a summary of each registered one, from the ledger's stake state; none for the
 * others, as Ogmios lists registered accounts only. No rewards on this ledger; the deposit is the protocol's.
 */
async function rewardAccountSummaries(ledger: LiveLedger, params: Params): Promise<unknown[]> {
  const asked = [
    ...((params?.["keys"] as string[] | undefined) ?? []).map((hash) => ({ hash, script: false })),
    ...((params?.["scripts"] as string[] | undefined) ?? []).map((hash) => ({ hash, script: true })),
  ];
  const summaries: unknown[] = [];
  for (const { hash, script } of asked) {
    if (!/^[0-9a-f]{56}$/.test(hash)) throw new Error(`the live fake reads credentials as 56 hex digits, not ${hash}`);
    const account = await ledger.devnet.stakeAccount(rewardAddressOf(hash, script));
    if (!account.registered) continue;
    const drep = account.drep;
    summaries.push({
      from: script ? "script" : "verificationKey",
      credential: hash,
      ...(account.pool === null ? {} : { stakePool: { id: poolIdOf(account.pool) } }),
      ...(drep === null
        ? {}
        : {
            delegateRepresentative:
              drep.kind === "always-abstain"
                ? { type: "abstain" }
                : drep.kind === "always-no-confidence"
                  ? { type: "noConfidence" }
                  : { type: "registered", from: drep.kind === "key" ? "verificationKey" : "script", id: drep.hash },
          }),
      rewards: { ada: { lovelace: 0n } },
      deposit: { ada: { lovelace: BigInt(DEVNET_PROTOCOL_PARAMETERS.keyDeposit) } },
    });
  }
  return summaries;
}

/** The chain-synchronisation cursor of one connection (Ogmios keeps one per client). */
export interface ChainSyncSession {
  /** The slot of the last point sent (the intersection, or the last block). */
  cursor?: number;
  /** Whether the next nextBlock rolls back to the intersection first, as Ogmios does. */
  rollBackFirst?: boolean;
  /** How many of the ledger's forks the session has seen (a later one past its cursor rolls it back). */
  forksSeen?: number;
}

const refOf = (r: { txHash: string; index: number }) => ({ transaction: { id: r.txHash }, index: r.index });

/** A transaction the ledger accepted, in Ogmios's block form (the fields it always gives, and those the adapters read). */
function ogmiosTransaction(record: TxRecord): Record<string, unknown> {
  const tx = Serialization.Transaction.fromCbor(TxCBOR(record.cbor));
  const body = tx.body();
  const refs = (set: { values(): readonly Serialization.TransactionInput[] } | undefined) =>
    (set?.values() ?? []).map((i) => refOf({ txHash: i.transactionId().toString(), index: Number(i.index()) }));
  const mint: Record<string, Record<string, bigint>> = {};
  for (const [unit, quantity] of body.mint() ?? []) {
    const id = unit.toString();
    (mint[id.slice(0, 56)] ??= {})[id.slice(56)] = quantity;
  }
  const validity: Record<string, number> = {};
  if (record.invalidBefore !== undefined) validity["invalidBefore"] = record.invalidBefore;
  if (record.invalidHereafter !== undefined) validity["invalidAfter"] = record.invalidHereafter;
  return {
    id: record.hash,
    spends: "inputs",
    inputs: record.sortedInputs.map(refOf),
    ...(body.referenceInputs() ? { references: refs(body.referenceInputs()) } : {}),
    ...(body.collateral() ? { collaterals: refs(body.collateral()) } : {}),
    outputs: utxosToOgmios(record.outputs).map(({ transaction: _t, index: _i, ...output }) => output),
    fee: { ada: { lovelace: record.fee } },
    validityInterval: validity,
    ...(Object.keys(mint).length > 0 ? { mint } : {}),
    signatories: (tx.witnessSet().vkeys()?.values() ?? []).map((w) => ({ key: w.vkey(), signature: w.signature() })),
    ...(record.redeemerList.length > 0
      ? {
          redeemers: record.redeemerList.map((r) => ({
            validator: { purpose: PURPOSES[r.tag], index: r.index },
            redeemer: r.data,
            executionUnits: { memory: r.mem, cpu: r.steps },
          })),
        }
      : {}),
  };
}

/** The block standing for `slot` (the transactions the ledger accepted in it), over the recorded Praos block. */
function blockAt(ledger: LiveLedger, slot: number): Record<string, unknown> {
  const template = fixture<{ result: { block: Record<string, unknown> } }>("ogmios/next-block.json").result.block;
  const records = [...ledger.records()];
  const inSlot = records.filter((r) => r.slot === slot);
  return {
    ...template,
    era: "conway",
    id: ledger.blockHash(slot),
    ancestor: ledger.blockHash(slot - 1),
    height: slot,
    slot,
    size: { bytes: inSlot.reduce((sum, r) => sum + r.size, 0) },
    transactions: inSlot.map(ogmiosTransaction),
    protocol: { version: { major: 10, minor: 0 } },
  };
}

async function tipOf(ledger: LiveLedger): Promise<{ slot: number; id: string; height: number }> {
  const { slot } = await ledger.tip();
  return { slot, id: ledger.blockHash(slot), height: slot };
}

/** findIntersection: the first of the points that is on the ledger's chain (every slot up to the tip is a block). */
async function findIntersection(ledger: LiveLedger, params: Params, session: ChainSyncSession): Promise<string> {
  const tip = await tipOf(ledger);
  const points = (params?.["points"] as ({ slot: number; id: string } | "origin")[] | undefined) ?? [];
  const found = points.find((p) => p !== "origin" && p.slot <= tip.slot && p.id === ledger.blockHash(p.slot));
  if (found === undefined || found === "origin") {
    return rpc("findIntersection", { error: { code: 1000, message: "No intersection found.", data: { tip } } });
  }
  session.cursor = found.slot;
  session.rollBackFirst = true;
  session.forksSeen = ledger.forks.length;
  // The block intersected at is one a follower holds: it gains no transaction afterwards.
  await ledger.readSealed(found.slot, () => undefined);
  return rpc("findIntersection", { result: { intersection: { slot: found.slot, id: found.id }, tip } });
}

/**
 * nextBlock: the roll-back to the intersection, then block after block (waiting for the ledger's
 * clock past its tip). A fork of the ledger made since the session's last answer whose ancestor is
 * before its cursor rolls it back to that ancestor first, as Ogmios does when the node switches.
 */
async function nextBlock(ledger: LiveLedger, session: ChainSyncSession): Promise<string> {
  if (session.cursor === undefined)
    throw new Error("the live fake's chain synchronisation starts at an intersection (findIntersection first)");
  for (;;) {
    // Looked at again while waiting for the next block: a fork made meanwhile comes first.
    const forks = ledger.forks.slice(session.forksSeen ?? 0);
    session.forksSeen = ledger.forks.length;
    const ancestor = Math.min(...forks.map((f) => f.ancestor));
    if (ancestor < session.cursor) {
      session.cursor = ancestor;
      session.rollBackFirst = true;
    }
    if (session.rollBackFirst) {
      session.rollBackFirst = false;
      return rpc("nextBlock", {
        result: {
          direction: "backward",
          point: { slot: session.cursor, id: ledger.blockHash(session.cursor) },
          tip: await tipOf(ledger),
        },
      });
    }
    const slot = session.cursor + 1;
    if ((await ledger.tip()).slot >= slot) {
      session.cursor = slot;
      const block = await ledger.readSealed(slot, () => blockAt(ledger, slot));
      return rpc("nextBlock", { result: { direction: "forward", block, tip: await tipOf(ledger) } });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The full JSON-RPC answer (without its id) of an Ogmios method, or undefined for a method the live fake does not serve. */
export async function liveOgmios(
  ledger: LiveLedger,
  method: string,
  params: Params,
  session: ChainSyncSession = {},
): Promise<string | undefined> {
  switch (method) {
    case "findIntersection":
      return findIntersection(ledger, params, session);
    case "nextBlock":
      return nextBlock(ledger, session);
    case "queryNetwork/tip": {
      const { slot } = await ledger.tip();
      return rpc(method, { result: { slot, id: ledger.blockHash(slot) } });
    }
    case "queryNetwork/blockHeight":
      return rpc(method, { result: (await ledger.tip()).slot });
    case "queryNetwork/startTime":
      return fixtureText("ogmios/network-start-time-preprod.json");
    case "queryLedgerState/eraSummaries":
      return fixtureText("ogmios/era-summaries-preprod.json");
    case "queryLedgerState/epoch":
      return rpc(method, { result: epochOfSlot((await ledger.tip()).slot).epoch });
    case "queryLedgerState/protocolParameters":
      return rpc(method, { result: protocolParameters() });
    case "queryLedgerState/utxo": {
      const refs = (params?.["outputReferences"] as { transaction: { id: string }; index: number }[] | undefined) ?? [];
      const utxos = await ledger.devnet.utxosByRef(refs.map((r) => ({ txHash: r.transaction.id, index: r.index })));
      return rpc(method, { result: utxosToOgmios(utxos) });
    }
    case "evaluateTransaction": {
      const cbor = (params?.["transaction"] as { cbor?: string } | undefined)?.cbor ?? "";
      const extra = (params?.["additionalUtxo"] as Parameters<typeof utxoFromOgmios>[0][] | undefined) ?? [];
      return evaluationAnswer(ledger, cbor, extra.map(utxoFromOgmios));
    }
    case "submitTransaction":
      return submit(ledger, (params?.["transaction"] as { cbor?: string } | undefined)?.cbor ?? "");
    case "queryLedgerState/rewardAccountSummaries":
      return rpc(method, { result: await rewardAccountSummaries(ledger, params) });
    default:
      return undefined;
  }
}

/** Ogmios's /health, over the recorded one: the network served and the ledger's tip. */
export async function liveOgmiosHealth(ledger: LiveLedger, network: string): Promise<string> {
  const { slot, time } = await ledger.tip();
  const epoch = epochOfSlot(slot);
  return JSON.stringify({
    ...fixture<Record<string, unknown>>("ogmios/health.json"),
    lastTipUpdate: new Date(time).toISOString(),
    lastKnownTip: { hash: ledger.blockHash(slot), blockNo: slot, slot },
    networkSynchronization: 1,
    currentEra: "conway",
    connectionStatus: "connected",
    currentEpoch: epoch.epoch,
    slotInEpoch: slot - epoch.startSlot,
    network,
  });
}

/** One Kupo match of an output (Kupo's Match, `asset-quantity=string` when asked). */
function match(
  ledger: LiveLedger,
  utxo: UTxO,
  spent: Spend | undefined,
  asStrings: boolean,
  resolve: boolean,
): Record<string, unknown> {
  const quantity = (q: string) => (asStrings ? q : Number(q));
  let coins = 0n;
  const assets: Record<string, string | number> = {};
  for (const { unit, quantity: q } of utxo.output.amount) {
    if (unit === "lovelace" || unit === "") coins += BigInt(q);
    else assets[unit.length > 56 ? `${unit.slice(0, 56)}.${unit.slice(56)}` : unit] = quantity(q);
  }
  const producer = ledger.producer({ txHash: utxo.input.txHash, index: utxo.input.outputIndex });
  const made = producer?.slot ?? 0;
  const inline = utxo.output.plutusData;
  const datumHash =
    inline !== undefined ? (utxo.output.dataHash ?? resolveDataHash(inline, "CBOR")) : (utxo.output.dataHash ?? null);
  const script = utxo.output.scriptRef === undefined ? null : scriptOfRef(utxo.output.scriptRef);
  return {
    transaction_index: producer ? indexInBlock(ledger, producer) : 0,
    transaction_id: utxo.input.txHash,
    output_index: utxo.input.outputIndex,
    address: utxo.output.address,
    value: { coins: quantity(coins.toString()), ...(Object.keys(assets).length > 0 ? { assets } : {}) },
    datum_hash: datumHash,
    ...(datumHash === null ? {} : { datum_type: inline === undefined ? "hash" : "inline" }),
    // Resolved only with ?resolve_hashes; then always present. Datums known only by hash stay null.
    ...(resolve ? { datum: inline ?? null } : {}),
    script_hash: scriptHashOf(utxo),
    ...(resolve ? { script: script === null ? null : { language: script.language, script: script.cbor } } : {}),
    created_at: { slot_no: made, header_hash: ledger.blockHash(made) },
    spent_at: spent === undefined ? null : spentAt(ledger, spent),
  };
}

/** A transaction's position in its block: among the ledger's transactions of its slot (each slot stands for a block). */
function indexInBlock(ledger: LiveLedger, record: TxRecord): number {
  let index = 0;
  for (const r of ledger.records()) {
    if (r === record) break;
    if (r.slot === record.slot) index++;
  }
  return index;
}

/**
 * Kupo's SpentAt, input index and redeemer included, as Kupo v2.12 computes them: its
 * `matchBlock` (src/Kupo/Data/Pattern.hs) numbers a transaction's inputs with a right fold over
 * the sorted input set, so the input at position p of n is reported at n − 1 − p, and given the
 * spend redeemer found at that index (another input's, or none). Reproduced, not corrected: the
 * adapter must not rely on either field.
 */
function spentAt(ledger: LiveLedger, spent: Spend): Record<string, unknown> {
  const reported = spent.inputCount - 1 - spent.inputIndex;
  const redeemer =
    ledger.record(spent.txHash)?.redeemerList.find((r) => r.tag === "SPEND" && r.index === reported)?.data ?? null;
  return {
    slot_no: spent.slot,
    header_hash: ledger.blockHash(spent.slot),
    transaction_id: spent.txHash,
    input_index: reported,
    redeemer,
  };
}

/** The outputs that held an asset of `policy` (named `name`, or any name for "*"), most recent first as Kupo orders them. */
function assetMatches(
  ledger: LiveLedger,
  policy: string,
  name: string,
  asStrings: boolean,
  resolve: boolean,
): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const record of ledger.records()) {
    for (const u of record.outputs) {
      const holds =
        name === "*"
          ? u.output.amount.some((a) => a.unit !== "lovelace" && a.unit.startsWith(policy) && BigInt(a.quantity) > 0n)
          : holdsUnit(u, `${policy}${name}`);
      if (holds) found.push(match(ledger, u, record.spentBy.get(u.input.outputIndex), asStrings, resolve));
    }
  }
  return found.reverse();
}

/**
 * The live answer of Kupo's GET /matches/{pattern} (an address, with ?unspent; *@{txHash}; an
 * asset, {policy}.{name} or {policy}.*, with ?spent or ?unspent; or *, with ?spent and a
 * spent_after..spent_before slot range) and GET /checkpoints/{slot}.
 */
export async function liveKupo(
  ledger: LiveLedger,
  url: URL,
  accept: string | undefined,
): Promise<{ status: number; body: string } | undefined> {
  const checkpoint = /^\/checkpoints\/(\d+)$/.exec(url.pathname);
  if (checkpoint) {
    // Every slot of the live ledger stands for a block: the checkpoint at or before a slot is that slot, up to the tip.
    const slot = Math.min(Number(checkpoint[1]), (await ledger.tip()).slot);
    return { status: 200, body: JSON.stringify({ slot_no: slot, header_hash: ledger.blockHash(slot) }) };
  }
  if (!url.pathname.startsWith("/matches/")) return undefined;
  const asStrings = (accept ?? "").includes("asset-quantity=string");
  const resolve = url.searchParams.has("resolve_hashes");
  const unspentOnly = url.searchParams.has("unspent");
  const pattern = decodeURIComponent(url.pathname.slice("/matches/".length));
  const asset = /^([0-9a-f]{56})\.([0-9a-f]{2,64}|\*)$/.exec(pattern);
  if (asset) {
    const all = assetMatches(ledger, asset[1] ?? "", asset[2] ?? "", asStrings, resolve);
    const spentOnly = url.searchParams.has("spent");
    return {
      status: 200,
      body: JSON.stringify(
        all.filter((m) => (unspentOnly ? m["spent_at"] === null : spentOnly ? m["spent_at"] !== null : true)),
      ),
    };
  }
  if (pattern.startsWith("*@")) {
    const record = ledger.record(pattern.slice(2));
    const all = record
      ? record.outputs.map((u) => match(ledger, u, record.spentBy.get(u.input.outputIndex), asStrings, resolve))
      : [];
    return { status: 200, body: JSON.stringify(unspentOnly ? all.filter((m) => m["spent_at"] === null) : all) };
  }
  const [after, before] = [url.searchParams.get("spent_after"), url.searchParams.get("spent_before")];
  if (pattern === "*" && url.searchParams.has("spent") && after !== null && before !== null) {
    // What the blocks of slots after..before (inclusive) spent, of any address.
    const spent: Record<string, unknown>[] = [];
    for (const record of ledger.records()) {
      for (const u of record.outputs) {
        const by = record.spentBy.get(u.input.outputIndex);
        if (by && by.slot >= Number(after) && by.slot <= Number(before))
          spent.push(match(ledger, u, by, asStrings, resolve));
      }
    }
    return { status: 200, body: JSON.stringify(spent) };
  }
  if (!/^(addr|addr_test)1[0-9a-z]+$/.test(pattern)) {
    return {
      status: 400,
      body: JSON.stringify({
        hint: `The live fake Kupo reads bech32 address, *@{txId}, {policy}.{name} and *?spent&spent_after&spent_before patterns only, not ${pattern}.`,
      }),
    };
  }
  // ?spent: only spent ones, within spent_after..spent_before (slots, inclusive) when given.
  const spentOnly = url.searchParams.has("spent");
  const unspent = spentOnly
    ? []
    : (await ledger.devnet.utxosAt(pattern)).map((u) => match(ledger, u, undefined, asStrings, resolve));
  const spent: Record<string, unknown>[] = [];
  if (!unspentOnly) {
    for (const record of ledger.records()) {
      for (const u of record.outputs) {
        const by = record.spentBy.get(u.input.outputIndex);
        if (!by || u.output.address !== pattern) continue;
        if ((after !== null && by.slot < Number(after)) || (before !== null && by.slot > Number(before))) continue;
        spent.push(match(ledger, u, by, asStrings, resolve));
      }
    }
  }
  return { status: 200, body: JSON.stringify([...spent, ...unspent]) };
}

/**
 * liveKupo's answer with the headers Kupo puts on every answer: X-Most-Recent-Checkpoint (the slot
 * of the last block it indexed: here the ledger's tip, the fake being always up to date) and ETag
 * (that block's hash).
 */
export async function liveKupoWithHeaders(
  ledger: LiveLedger,
  url: URL,
  accept: string | undefined,
): Promise<{ status: number; body: string; headers: Record<string, string> } | undefined> {
  const answer = await liveKupo(ledger, url, accept);
  if (!answer) return undefined;
  const { slot } = await ledger.tip();
  return { ...answer, headers: { "x-most-recent-checkpoint": String(slot), etag: ledger.blockHash(slot) } };
}
