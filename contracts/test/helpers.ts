// Test and bench harness for the tournament contracts on the Scalus Emulator: funded wallets with
// real keys, an evaluator on Scalus, and a declarative transaction plan that attack tests alter
// in one place before it is built with the service's builder core (src/txcore/balance.ts), signed
// and submitted.
import { randomBytes } from "node:crypto";
import type { Action, IEvaluator, IFetcher, NativeScript, UTxO } from "@meshsdk/common";
import {
  deserializeAddress,
  pubKeyAddress,
  resolveNativeScriptHash,
  serializeAddressObj,
  serializeNativeScript,
} from "@meshsdk/core";
import scalus from "scalus";
import { SigningKey, signTransaction } from "../../src/cardano/sign.js";
import { fromHex, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
import { knownAddress } from "../../src/cardano/address-rules.js";
import { CborReader } from "../../src/cardano/cbor.js";
import type { Output } from "../../src/cardano/types.js";
import { ledgerOrder } from "../../src/cardano/utxo.js";
import { fromAssets, valueOf } from "../../src/cardano/value.js";
import { DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { inputCbor, refsOfBodyField, utxosOfMap, utxosOfMaps } from "../../src/chain/devnet/utxo-map.js";
import { explainTraces } from "../../src/tournament/traces.js";
import {
  balanceTransaction,
  type Balancing,
  draftOf,
  type ExUnits,
  mintPurpose,
  type ScriptReference,
  spendPurpose,
  type TxDraft,
} from "../../src/txcore/balance.js";

const { Emulator, Scalus, SlotConfig } = scalus;
export type EmulatorT = InstanceType<typeof Emulator>;

export const PARAMS = DEVNET_PROTOCOL_PARAMETERS;
export const MAX_TX_MEM = BigInt(PARAMS.maxTxExMem);
export const MAX_TX_STEPS = BigInt(PARAMS.maxTxExSteps);
export const MAX_TX_SIZE = PARAMS.maxTxSize;
export const SYSTEM_START_MS = Date.UTC(2026, 0, 1);

export const lovelaceOf = (u: UTxO): bigint =>
  BigInt(u.output.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0");
export const outRef = (u: UTxO): string => `${u.input.txHash}#${u.input.outputIndex}`;
export const hasOnlyAda = (u: UTxO): boolean =>
  u.output.amount.every((a) => a.unit === "lovelace") && !u.output.scriptRef;

/**
 * A wallet with a real Ed25519 key (cardano-cli's key form), enterprise address on testnet. It
 * signs with src/cardano/sign.ts (Node's Ed25519; MeshWallet's signing was about a third of this
 * suite's CPU), which test/cardano/sign.test.ts cross-checks against MeshWallet.
 */
export class Wallet {
  private constructor(
    readonly key: SigningKey,
    readonly address: string,
    readonly pkh: string,
  ) {}

  /** A fresh random key, or the key `secret` (32 bytes of hex) for a reproducible run. */
  static create(secret: string = randomBytes(32).toString("hex")): Promise<Wallet> {
    const key = SigningKey.fromHex(secret);
    const address = key.enterpriseAddress(0);
    return Promise.resolve(new Wallet(key, address, deserializeAddress(address).pubKeyHash));
  }

  sign(txHex: string): Promise<string> {
    return Promise.resolve(toHex(signTransaction(fromHex(txHex), this.key)));
  }
}

export interface Submitted {
  readonly ok: boolean;
  readonly txHash?: string;
  readonly error?: string;
  readonly logs: readonly string[];
}

/** One emulator with its slot config; evaluation uses the same ledger state and cost models. */
export class Chain {
  /** The emulator's current slot (it has no getter): kept here, copied by snapshot(). */
  #slot = 0;
  /** What each transaction this chain accepted spent (its body's inputs, resolved), copied by snapshot(). */
  #spent = new Map<string, readonly UTxO[]>();

  private constructor(readonly emulator: EmulatorT) {}

  static readonly slotConfig = new SlotConfig(SYSTEM_START_MS, 0, 1000);

  /** Slot of a POSIX time (ms), rounded down; slots are one second from SYSTEM_START_MS. */
  static slotOf(timeMs: number): number {
    return Math.floor((timeMs - SYSTEM_START_MS) / 1000);
  }

  static timeOf(slot: number): number {
    return SYSTEM_START_MS + slot * 1000;
  }

  get slot(): number {
    return this.#slot;
  }

  setSlot(slot: number): void {
    this.emulator.setSlot(slot);
    this.#slot = slot;
  }

  /**
   * Each address gets `count` UTxOs of `lovelace` each. The chain starts at slot 1: a transaction
   * valid from slot 0 cannot be written (Mesh drops a validity start of 0), and a creation needs a
   * validity start.
   */
  static fund(addresses: readonly string[], lovelace: bigint, count = 1): Chain {
    const list: string[] = [];
    for (const a of addresses) for (let i = 0; i < count; i++) list.push(a);
    const chain = new Chain(Emulator.withAddresses(list, Chain.slotConfig, lovelace));
    chain.setSlot(1);
    return chain;
  }

  snapshot(): Chain {
    const copy = new Chain(this.emulator.snapshot());
    copy.#slot = this.#slot;
    copy.#spent = new Map(this.#spent);
    return copy;
  }

  utxosAt(address: string): UTxO[] {
    return utxosOfMaps(this.emulator.getUtxosForAddress(address));
  }

  allUtxos(): UTxO[] {
    return utxosOfMap(this.emulator.getUtxosCbor());
  }

  /** Budgets of every redeemer; throws (with the script's logs) when a script fails. */
  evaluate(txHex: string): Omit<Action, "data">[] {
    const redeemers = Scalus.evalPlutusScripts(
      Buffer.from(txHex, "hex"),
      this.emulator.getUtxosCbor(),
      Chain.slotConfig,
      DEVNET_COST_MODELS.map((m) => [...m]),
    );
    return redeemers.map((r) => ({
      tag: r.tag.toUpperCase().replace(/ING$/, "") as Action["tag"],
      index: r.index,
      budget: { mem: Number(r.budget.memory), steps: Number(r.budget.steps) },
    }));
  }

  /** Just enough of Mesh's IFetcher for a MeshTxBuilder (some tests build with one) to complete inputs it knows by reference. */
  readonly fetcher = {
    fetchUTxOs: async (hash: string, index?: number): Promise<UTxO[]> =>
      this.allUtxos().filter((u) => u.input.txHash === hash && (index === undefined || u.input.outputIndex === index)),
    fetchCostModels: async () => DEVNET_COST_MODELS.map((m) => [...m]),
  } as unknown as IFetcher;

  readonly evaluator: IEvaluator = {
    evaluateTx: async (tx: string) => this.evaluate(tx),
  };

  /**
   * The outputs transaction `txHash` spent (its body's inputs, in ledger order), as a chain
   * backend's history gives them; undefined when this chain (or the one it is a snapshot of) did
   * not accept it.
   */
  consumedBy(txHash: string): readonly UTxO[] | undefined {
    return this.#spent.get(txHash);
  }

  /** The outputs `tx` spends, in ledger order, as this chain holds them; null when its body does not parse (the ledger refuses it). */
  #inputsOf(tx: Uint8Array): UTxO[] | null {
    let refs: { txHash: string; index: number }[];
    try {
      refs = refsOfBodyField(splitTransaction(tx).body, 0);
    } catch {
      return null;
    }
    const inputs = new Set(refs.map((r) => inputCbor(r.txHash, r.index)));
    return utxosOfMap(this.emulator.getUtxosCbor(), inputs).sort(ledgerOrder);
  }

  submit(signedHex: string): Submitted {
    const tx = Buffer.from(signedHex, "hex");
    const spent = this.#inputsOf(tx);
    const r = this.emulator.submitTx(tx);
    if (r.isSuccess && r.txHash !== undefined && spent !== null) this.#spent.set(r.txHash, spent);
    // The scripts trace short codes (src/tournament/traces.ts): shown with their messages.
    return {
      ok: r.isSuccess,
      txHash: r.txHash,
      error: r.error && explainTraces(r.error),
      logs: (r.logs ?? []).map(explainTraces),
    };
  }
}

/** A deployed reference script. */
export interface RefScript {
  readonly txHash: string;
  readonly index: number;
  readonly code: string;
  readonly hash: string;
  /** Size of the script bytes, for the reference-script fee. */
  readonly size: number;
}

export interface Out {
  readonly address: string;
  readonly lovelace: bigint;
  readonly assets?: readonly { unit: string; quantity: string }[];
  /** Inline datum, CBOR hex. */
  readonly datum?: string;
  /** A datum by hash (CBOR hex of the datum): the output carries its hash, not the datum (attacks only). */
  readonly datumHash?: string;
  /** A reference script to attach (deploy transactions). */
  readonly scriptCode?: string;
}

export interface ScriptIn {
  readonly utxo: UTxO;
  readonly redeemer: string;
  readonly script: RefScript;
  /** The datum of a datum-hash input (CBOR hex), given in the witness set; the inline datum when absent. */
  readonly datum?: string;
}

export interface MintIn {
  readonly script: RefScript;
  readonly name: string;
  readonly quantity: bigint;
  readonly redeemer: string;
}

/** Everything a transaction of the suite is made of; attacks change one field and build it. */
export interface TxPlan {
  /** Pays fees, gives collateral and takes the change. */
  payer: Wallet;
  scriptInputs: ScriptIn[];
  /** Key-locked inputs that must be spent (e.g. the seed of a tournament). */
  walletInputs: UTxO[];
  outputs: Out[];
  mints: MintIn[];
  /** Key hashes in required_signers. */
  requiredSigners: string[];
  /** Wallets that sign (the payer always signs). */
  signers: Wallet[];
  /** UTxOs the builder may add for balance; defaults to the payer's ADA-only UTxOs. */
  selectFrom?: UTxO[];
  /** Validity interval, slots: invalid before `validFrom`, invalid from `validTo` on. */
  validFrom?: number;
  validTo?: number;
  /** Reference inputs (read, not spent); none when absent. */
  referenceInputs?: UTxO[];
}

export interface Budget {
  mem: number;
  steps: number;
}

/** Budget per redeemer for attacks the evaluator refuses to budget: a fair share of the tx limits. */
export function fixedBudget(redeemers: number): Budget {
  const n = Math.max(1, redeemers);
  return { mem: Math.floor(Number(MAX_TX_MEM) / n) - 1000, steps: Math.floor(Number(MAX_TX_STEPS) / n) - 1000 };
}

/** The budget the first build declares for each redeemer before evaluation (what Mesh's builder was given). */
const PLACEHOLDER_BUDGET: Budget = { mem: 7_000_000, steps: 3_000_000_000 };

const exUnitsOf = (b: Budget): ExUnits => ({ mem: BigInt(b.mem), steps: BigInt(b.steps) });

/** A plan's output as the service's builder core writes it. */
const outputOf = (o: Out): Output => ({
  address: knownAddress(o.address),
  value: fromAssets([{ unit: "lovelace", quantity: o.lovelace.toString() }, ...(o.assets ?? [])]),
  ...(o.datum !== undefined
    ? { datum: { type: "Inline", data: { type: "CBOR", content: o.datum } } }
    : o.datumHash !== undefined
      ? { datum: { type: "Hash", data: { type: "CBOR", content: o.datumHash } } }
      : {}),
  // The script as the ledger holds it: the compiled code (Mesh's `code` form has one more CBOR byte string).
  ...(o.scriptCode !== undefined
    ? { referenceScript: { version: "V2", code: toHex(new CborReader(fromHex(o.scriptCode)).bytesValue()) } }
    : {}),
});

/** The plan as a draft of the service's builder core (src/txcore/balance.ts), each redeemer declaring `budget`. */
function draftOfPlan(plan: TxPlan, collateral: UTxO, budget: ExUnits | ReadonlyMap<string, ExUnits>): TxDraft {
  const scripted = plan.scriptInputs.length > 0 || plan.mints.length > 0;
  // One mint entry per policy (the ledger's one redeemer per policy: the first given), its names summed.
  const mints = new Map<string, { assets: Map<string, bigint>; redeemer: string }>();
  for (const m of plan.mints) {
    const entry = mints.get(m.script.hash) ?? { assets: new Map<string, bigint>(), redeemer: m.redeemer };
    entry.assets.set(m.name, (entry.assets.get(m.name) ?? 0n) + m.quantity);
    mints.set(m.script.hash, entry);
  }
  const purposes = [
    ...plan.scriptInputs.map((s) => spendPurpose(s.utxo)),
    ...[...mints.keys()].map((policy) => mintPurpose(policy)),
  ];
  const budgets = budget instanceof Map ? budget : new Map(purposes.map((p) => [p, budget as ExUnits]));
  const references = new Map<string, ScriptReference>();
  for (const r of [...plan.scriptInputs.map((s) => s.script), ...plan.mints.map((m) => m.script)])
    references.set(`${r.txHash}#${r.index}`, { txHash: r.txHash, index: r.index, scriptSize: r.size });
  const required = new Set(plan.requiredSigners);
  // Signers beyond the required ones and the inputs' keys: priced (as certificate witnesses are), not written.
  const extraSigners = [plan.payer, ...plan.signers].map((w) => w.pkh).filter((pkh) => !required.has(pkh));
  return draftOf({
    inputs: plan.walletInputs,
    outputs: plan.outputs.map(outputOf),
    referenceInputs: plan.referenceInputs ?? [],
    requiredSigners: plan.requiredSigners,
    validity: { start: plan.validFrom ?? null, end: plan.validTo ?? null },
    certificates: { cbor: [], deposit: 0n, signers: extraSigners },
    ...(scripted
      ? {
          plutus: {
            spends: plan.scriptInputs.map((s) => ({
              utxo: s.utxo,
              redeemer: s.redeemer,
              ...(s.datum === undefined ? {} : { datum: s.datum }),
            })),
            mints: [...mints].map(([policyId, m]) => ({ policyId, assets: m.assets, redeemer: m.redeemer })),
            inlineScripts: [],
            scriptReferences: [...references.values()],
            costModels: { V2: DEVNET_COST_MODELS[1]! },
            collateral: { utxo: collateral, total: null },
            budgets,
          },
        }
      : {}),
  });
}

/**
 * Builds the plan with the service's builder core (src/txcore/balance.ts: exact, microseconds a
 * build; MeshTxBuilder took tens of milliseconds and its CBOR a sixth of this suite's CPU): the
 * plan's inputs, outputs, datums, redeemers, mint, validity, required signers and reference
 * scripts, collateral from the payer's largest ADA-only UTxO, coin selection from `selectFrom` (the
 * payer's ADA-only UTxOs) and the change to the payer. With `budget` undefined, ExUnits come from
 * the Scalus evaluator (which throws when a script fails), run once on a build that declares a
 * placeholder budget, as Mesh's builder did; with a budget, every redeemer declares it and nothing
 * is evaluated, so that a failing script reaches the ledger.
 */
export async function buildPlan(chain: Chain, plan: TxPlan, budget?: Budget): Promise<string> {
  const payerUtxos = chain.utxosAt(plan.payer.address).filter(hasOnlyAda);
  const used = new Set([...plan.walletInputs.map(outRef), ...plan.scriptInputs.map((s) => outRef(s.utxo))]);
  const available = (plan.selectFrom ?? payerUtxos).filter((u) => !used.has(outRef(u)));
  const collateral = [...payerUtxos].sort((x, y) => (lovelaceOf(y) > lovelaceOf(x) ? 1 : -1))[0];
  if (collateral === undefined) throw new Error("payer has no ADA-only UTxO for collateral");
  const balancing: Balancing = { pool: available, changeAddress: knownAddress(plan.payer.address), params: PARAMS };
  let tx = balanceTransaction(draftOfPlan(plan, collateral, exUnitsOf(budget ?? PLACEHOLDER_BUDGET)), balancing);
  if (budget === undefined && tx.redeemers.length > 0) {
    let answer: ReturnType<Chain["evaluate"]>;
    try {
      answer = chain.evaluate(toHex(tx.cbor));
    } catch (error) {
      const wrapped = new Error(`Tx evaluation failed: ${(error as Error).message}`);
      const logs = (error as { logs?: unknown }).logs;
      throw Array.isArray(logs) ? Object.assign(wrapped, { logs }) : wrapped;
    }
    const needed = new Map<string, ExUnits>();
    for (const slot of tx.redeemers) {
      const found = answer.find((a) => a.tag === slot.tag && a.index === slot.index);
      if (!found) throw new Error(`the evaluator gave no budget for redeemer ${slot.tag} ${slot.index}`);
      needed.set(slot.purpose, exUnitsOf(found.budget));
    }
    tx = balanceTransaction(draftOfPlan(plan, collateral, needed), balancing);
  }
  let signed = toHex(tx.cbor);
  const signers = [plan.payer, ...plan.signers.filter((w) => w !== plan.payer)];
  for (const w of signers) signed = await w.sign(signed);
  return signed;
}

/** Builds with evaluated budgets, submits, and throws with the ledger's reason when refused. */
export async function submitPlan(chain: Chain, plan: TxPlan): Promise<{ txHash: string; tx: string }> {
  const tx = await buildPlan(chain, plan);
  const r = chain.submit(tx);
  if (!r.ok || r.txHash === undefined) throw new Error(`ledger refused: ${r.error} ${r.logs.join(" | ")}`);
  return { txHash: r.txHash, tx };
}

/** Result of an attack: what the evaluator said and what the ledger said. */
export interface AttackOutcome {
  readonly evaluationError: string | null;
  readonly ledger: Submitted;
}

/**
 * Builds the (attacking) plan with explicit ExUnits so that it reaches the ledger even though the
 * evaluator refuses it, submits it, and reports both answers.
 */
export async function attempt(chain: Chain, plan: TxPlan): Promise<AttackOutcome> {
  let evaluationError: string | null = null;
  try {
    const tx = await buildPlan(chain, plan);
    // The evaluator accepted it: submit that exact transaction.
    return { evaluationError, ledger: chain.submit(tx) };
  } catch (error) {
    const logs = (error as { logs?: unknown }).logs;
    evaluationError = explainTraces(`${(error as Error).message}${Array.isArray(logs) ? ` ${logs.join(" | ")}` : ""}`);
  }
  const redeemers = plan.scriptInputs.length + new Set(plan.mints.map((m) => m.script.hash)).size;
  const tx = await buildPlan(chain, plan, fixedBudget(redeemers));
  return { evaluationError, ledger: chain.submit(tx) };
}

/** A random enterprise address on testnet (key hash without a key: payouts only). */
export function randomAddress(): string {
  return addressOfKeyHash(randomBytes(28).toString("hex"));
}

export function addressOfKeyHash(pkh: string): string {
  return serializeAddressObj(pubKeyAddress(pkh), 0);
}

/**
 * Mints `quantity` of a native token (policy: a signature of `wallet`'s key) to `wallet`, in one
 * output with some ada: a registration that carries a token can then be built from it.
 */
export async function mintNativeToken(
  chain: Chain,
  wallet: Wallet,
  name: string,
  quantity: bigint,
): Promise<{ unit: string; utxo: UTxO }> {
  const script: NativeScript = { type: "sig", keyHash: wallet.pkh };
  const policy = resolveNativeScriptHash(script);
  const unit = policy + Buffer.from(name, "utf8").toString("hex");
  const tx = balanceTransaction(
    draftOf({
      outputs: [{ address: knownAddress(wallet.address), value: valueOf(2_000_000n, [[unit, quantity]]) }],
      mint: new Map([[unit, quantity]]),
      nativeScripts: [serializeNativeScript(script).scriptCbor!],
    }),
    {
      pool: chain.utxosAt(wallet.address).filter(hasOnlyAda),
      changeAddress: knownAddress(wallet.address),
      params: PARAMS,
    },
  );
  const r = chain.submit(await wallet.sign(toHex(tx.cbor)));
  if (!r.ok || r.txHash === undefined) throw new Error(`ledger refused the mint: ${r.error}`);
  const utxo = chain
    .utxosAt(wallet.address)
    .find((u) => u.input.txHash === r.txHash && u.output.amount.some((a) => a.unit === unit));
  if (!utxo) throw new Error("minted token not found");
  return { unit, utxo };
}
