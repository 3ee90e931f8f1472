// A bridge from the contracts' transaction plans (contracts/test/helpers.ts TxPlan: the honest v3
// transactions of contracts/test/v3/plans.ts) to a chain port: the plan is built with the same
// builder core as the contracts' harness (helpers.buildPlan), from the port's UTxOs, its script
// budgets evaluated by the port, signed with the plan's real keys, submitted to the port, and
// awaited until the port shows it. The harness computes validity in the slots of its own emulator
// (helpers.Chain: one-second slots from SYSTEM_START_MS); they are carried over to the port's slots
// by time, and a validity start is never put before the port's tip minus a minute (a creation's
// earliest start, clamped by the harness to its slot 1, would be before the port's genesis).
//
// Usage: `const bridge = await PlanBridge.create(port)`, then `await bridge.submit(plan)` for any
// plan (createPlan, addPlan, registerPlan, settlePlan, closePlan, batchPlan), and
// `await bridge.deploy(payer, scripts)` for reference scripts. Works on any port whose ledger has
// the devnet's protocol parameters (the devnet, and the fakes' live ledger).
import type { UTxO } from "@meshsdk/common";
import type { ChainPort } from "../../src/chain/port.js";
import type { CompiledScript } from "../../src/tournament/contracts.js";
import {
  buildPlan,
  Chain,
  hasOnlyAda,
  PARAMS,
  randomAddress,
  type Budget,
  type RefScript,
  type TxPlan,
  type Wallet,
} from "../../contracts/test/helpers.js";

/** What helpers.buildPlan declares for every redeemer in its first build (its PLACEHOLDER_BUDGET). */
const PLACEHOLDER: Budget = { mem: 7_000_000, steps: 3_000_000_000 };

type Evaluation = ReturnType<Chain["evaluate"]>;

export class PlanBridge {
  private constructor(readonly port: ChainPort) {}

  static create(port: ChainPort): Promise<PlanBridge> {
    return Promise.resolve(new PlanBridge(port));
  }

  /** The port's slot at which POSIX time `ms` falls (one-second slots, as on the devnet and preprod since Shelley). */
  async #slotOf(ms: number): Promise<number> {
    const tip = await this.port.tip();
    return tip.slot + Math.floor((ms - tip.time) / 1000);
  }

  /** The plan with its validity in the port's slots. */
  async #onPort(plan: TxPlan): Promise<TxPlan> {
    const tip = await this.port.tip();
    const moved: TxPlan = { ...plan };
    if (plan.validTo !== undefined) moved.validTo = await this.#slotOf(Chain.timeOf(plan.validTo));
    if (plan.validFrom !== undefined)
      moved.validFrom = Math.max(await this.#slotOf(Chain.timeOf(plan.validFrom)), Math.max(1, tip.slot - 60));
    return moved;
  }

  /**
   * The plan built and signed: helpers.buildPlan on a stand-in for its emulator that gives the
   * payer's UTxOs read from the port, and, for its evaluation, the port's budgets of the same
   * transaction (built first with the placeholder budgets buildPlan itself starts from).
   */
  async build(plan: TxPlan): Promise<string> {
    const onPort = await this.#onPort(plan);
    const payerUtxos = await this.port.utxosAt(onPort.payer.address);
    let evaluation: Evaluation = [];
    const standIn = {
      utxosAt: (address: string): UTxO[] => {
        if (address !== onPort.payer.address)
          throw new Error(`the bridge reads only the payer's UTxOs, not ${address}'s`);
        return payerUtxos;
      },
      evaluate: (): Evaluation => evaluation,
    } as unknown as Chain;
    const scripted = onPort.scriptInputs.length > 0 || onPort.mints.length > 0;
    if (scripted) {
      const draft = await buildPlan(standIn, onPort, PLACEHOLDER);
      const budgets = await this.port.evaluate(draft);
      evaluation = budgets.map((b) => ({ tag: b.tag as Evaluation[number]["tag"], index: b.index, budget: b.budget }));
    }
    return buildPlan(standIn, onPort);
  }

  /** Builds, submits and waits until the port shows the transaction confirmed; its id. */
  async submit(plan: TxPlan): Promise<string> {
    const txHash = await this.port.submit(await this.build(plan));
    for (let tries = 0; (await this.port.txStatus(txHash)).status !== "confirmed"; tries++) {
      if (tries > 100) throw new Error(`transaction ${txHash} not confirmed by ${this.port.backendName}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return txHash;
  }

  /** Puts `scripts` as reference scripts at an address nobody holds a key for (tournament-txs.deploy, on the port). */
  async deploy(payer: Wallet, scripts: readonly CompiledScript[]): Promise<RefScript[]> {
    const vault = randomAddress();
    const txHash = await this.submit({
      payer,
      scriptInputs: [],
      walletInputs: [],
      outputs: scripts.map((s) => ({
        address: vault,
        lovelace: BigInt(160 + 100 + s.compiledCode.length / 2) * BigInt(PARAMS.coinsPerUtxoSize),
        scriptCode: s.code,
      })),
      mints: [],
      requiredSigners: [],
      signers: [],
    });
    return scripts.map((s, index) => ({ txHash, index, code: s.code, hash: s.hash, size: s.compiledCode.length / 2 }));
  }

  /** The payer's first ADA-only UTxO on the port (a creation's seed). */
  async seedOf(wallet: Wallet): Promise<UTxO> {
    const seed = (await this.port.utxosAt(wallet.address)).find(hasOnlyAda);
    if (seed === undefined) throw new Error(`${wallet.address} holds no ADA-only UTxO`);
    return seed;
  }

  /** The unspent output at `address` holding `unit`. */
  async holderOf(address: string, unit: string): Promise<UTxO> {
    const u = (await this.port.utxosAt(address)).find((x) => x.output.amount.some((a) => a.unit === unit));
    if (u === undefined) throw new Error(`no output at ${address} holds ${unit}`);
    return u;
  }
}
