// The fake Ogmios's and Kupo's live mode: JSON-RPC methods and Kupo matches answered from a
// LiveLedger, in the shapes of the recorded answers (test/fixtures/ogmios, test/fixtures/kupo)
// and checked against the same official schemas by test/backend-ledger-schemas.test.ts.
//
// Time: Ogmios's system start and era summaries are preprod's (the recorded
// network-start-time-preprod.json and era-summaries-preprod.json), and the ledger's slots are
// preprod's (see live-ledger.ts), so a tip read through them is the ledger's own slot and time.
import type { UTxO } from "@meshsdk/common";
import { resolveDataHash } from "@meshsdk/core-cst";
import { DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { scriptOfRef } from "../../src/chain/shared/script-ref.js";
import { utxoFromOgmios, utxosToOgmios } from "../../src/chain/shared/ogmios-wire.js";
import type { RedeemerBudget } from "../../src/chain/port.js";
import { fixture, fixtureText } from "./fake-backend-server.js";
import { blockHashOf, epochOfSlot, ledgerReason, scriptHashOf, type LiveLedger, type Spend } from "./live-ledger.js";

/** JSON with bigints written as plain numbers (Ogmios's quantities can pass 2^53). */
export function bigJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `\u0000big:${v.toString()}` : v)).replace(/"\\u0000big:(-?\d+)"/g, "$1");
}

const PURPOSES: Record<RedeemerBudget["tag"], string> = { SPEND: "spend", MINT: "mint", CERT: "publish", REWARD: "withdraw", VOTE: "vote", PROPOSE: "propose" };

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

const rpc = (method: string, body: { result: unknown } | { error: unknown }): string => bigJson({ jsonrpc: "2.0", method, ...body });

/**
 * The ledger's evaluation of a transaction as Ogmios answers evaluateTransaction (Blockfrost's
 * /utils/txs/evaluate?version=6 answers the same). A failure is code 3004 with the ledger's
 * reason: the emulator says why a script failed but not which validator, and 3010's shape needs one.
 */
export async function evaluationAnswer(ledger: LiveLedger, cbor: string, additional: readonly UTxO[]): Promise<string> {
  try {
    const budgets = await ledger.devnet.evaluate(cbor, additional);
    return rpc("evaluateTransaction", {
      result: budgets.map((b) => ({ validator: { purpose: PURPOSES[b.tag], index: b.index }, budget: { memory: b.budget.mem, cpu: b.budget.steps } })),
    });
  } catch (failure) {
    const code = (failure as { code?: string }).code;
    if (code !== "SVC_ERR_UNPROCESSABLE" && code !== "CHAIN_ERR_LEDGER_REJECTED") throw failure;
    const reason = ledgerReason(failure);
    return rpc("evaluateTransaction", { error: { code: 3004, message: "Unable to create the evaluation context from the given transaction.", data: { reason } } });
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
  for (const set of reason.matchAll(/key hashes: (?:Tree)?Set\(([^)]*)\)/g)) for (const hash of (set[1] ?? "").matchAll(/[0-9a-f]{56}/g)) hashes.add(hash[0]);
  return [...hashes];
}

async function submit(ledger: LiveLedger, cbor: string): Promise<string> {
  try {
    return rpc("submitTransaction", { result: { transaction: { id: await ledger.submit(cbor) } } });
  } catch (failure) {
    if ((failure as { code?: string }).code !== "CHAIN_ERR_LEDGER_REJECTED") throw failure;
    const reason = ledgerReason(failure);
    if (/does not decode/.test(reason)) {
      const data = Object.fromEntries(["shelley", "allegra", "mary", "alonzo", "babbage", "conway"].map((era) => [era, reason]));
      return rpc("submitTransaction", { error: { code: -32602, message: "Invalid transaction; It looks like the given transaction wasn't well-formed.", data } });
    }
    // The emulator gives the ledger's reason as text, not Ogmios's per-rule structure. Missing
    // signatures are read back into Ogmios's own failure (3101, the key hashes listed); any other
    // reason goes as the text of the schema's one failure whose data is free-form (3997).
    const missing = missingSignatories(reason);
    if (missing.length > 0) {
      return rpc("submitTransaction", { error: { code: 3101, message: "Some signatures are missing.", data: { missingSignatories: missing } } });
    }
    return rpc("submitTransaction", { error: { code: 3997, message: reason, data: { error: "rejected by the ledger" } } });
  }
}

type Params = Record<string, unknown> | undefined;

/** The full JSON-RPC answer (without its id) of an Ogmios method, or undefined for a method the live fake does not serve. */
export async function liveOgmios(ledger: LiveLedger, method: string, params: Params): Promise<string | undefined> {
  switch (method) {
    case "queryNetwork/tip": {
      const { slot } = await ledger.tip();
      return rpc(method, { result: { slot, id: blockHashOf(slot) } });
    }
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
    lastKnownTip: { hash: blockHashOf(slot), blockNo: ledger.height, slot },
    networkSynchronization: 1,
    currentEra: "conway",
    connectionStatus: "connected",
    currentEpoch: epoch.epoch,
    slotInEpoch: slot - epoch.startSlot,
    network,
  });
}

/** One Kupo match of an output (Kupo's Match, `asset-quantity=string` when asked). */
function match(ledger: LiveLedger, utxo: UTxO, spent: Spend | undefined, asStrings: boolean, resolve: boolean): Record<string, unknown> {
  const quantity = (q: string) => (asStrings ? q : Number(q));
  let coins = 0n;
  const assets: Record<string, string | number> = {};
  for (const { unit, quantity: q } of utxo.output.amount) {
    if (unit === "lovelace" || unit === "") coins += BigInt(q);
    else assets[unit.length > 56 ? `${unit.slice(0, 56)}.${unit.slice(56)}` : unit] = quantity(q);
  }
  const made = ledger.producer({ txHash: utxo.input.txHash, index: utxo.input.outputIndex })?.slot ?? 0;
  const inline = utxo.output.plutusData;
  const datumHash = inline !== undefined ? (utxo.output.dataHash ?? resolveDataHash(inline, "CBOR")) : (utxo.output.dataHash ?? null);
  const script = utxo.output.scriptRef === undefined ? null : scriptOfRef(utxo.output.scriptRef);
  return {
    transaction_index: 0,
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
    created_at: { slot_no: made, header_hash: blockHashOf(made) },
    spent_at: spent === undefined ? null : { slot_no: spent.slot, header_hash: blockHashOf(spent.slot), transaction_id: spent.txHash, input_index: spent.inputIndex, redeemer: null },
  };
}

/** The live answer of Kupo's GET /matches/{pattern}: an address (with ?unspent), or *@{txHash}. */
export async function liveKupo(ledger: LiveLedger, url: URL, accept: string | undefined): Promise<{ status: number; body: string } | undefined> {
  if (!url.pathname.startsWith("/matches/")) return undefined;
  const asStrings = (accept ?? "").includes("asset-quantity=string");
  const resolve = url.searchParams.has("resolve_hashes");
  const unspentOnly = url.searchParams.has("unspent");
  const pattern = decodeURIComponent(url.pathname.slice("/matches/".length));
  if (pattern.startsWith("*@")) {
    const record = ledger.record(pattern.slice(2));
    const all = record ? record.outputs.map((u) => match(ledger, u, record.spentBy.get(u.input.outputIndex), asStrings, resolve)) : [];
    return { status: 200, body: JSON.stringify(unspentOnly ? all.filter((m) => m["spent_at"] === null) : all) };
  }
  if (!/^(addr|addr_test)1[0-9a-z]+$/.test(pattern)) {
    return { status: 400, body: JSON.stringify({ hint: `The live fake Kupo reads bech32 address patterns and *@{txId} only, not ${pattern}.` }) };
  }
  const unspent = (await ledger.devnet.utxosAt(pattern)).map((u) => match(ledger, u, undefined, asStrings, resolve));
  const spent: Record<string, unknown>[] = [];
  if (!unspentOnly) {
    for (const record of ledger.records()) {
      for (const u of record.outputs) {
        const by = record.spentBy.get(u.input.outputIndex);
        if (by && u.output.address === pattern) spent.push(match(ledger, u, by, asStrings, resolve));
      }
    }
  }
  return { status: 200, body: JSON.stringify([...spent, ...unspent]) };
}
