// Submits that race (issue #21): the devnet validates the submits that arrive together one after
// another, in the order they came, and commits the accepted ones together (group commit). Whatever
// the conflicts between them (two transactions spending the same output, one spending an output
// of another submitted with it, a resubmission, a stake registration that ends a batch), the
// outcome is the one of submitting them one at a time in that order: the first spender of an
// output wins, every later one is refused as a double spend, and the ledger (its rows, its index,
// a restart, and a reference emulator replaying what it accepted) holds exactly what that
// sequence leaves. fast-check draws the transactions, their conflicts and how they arrive
// (all at once, or in waves a turn of the event loop apart).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import fc from "fast-check";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder, serializeRewardAddress } from "@meshsdk/core";
import { fromHex, splitTransaction, txIdOfBody } from "../../../src/cardano/tx-cbor.js";
import { utxoOfOutput } from "../../../src/cardano/utxo.js";
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { createdOutputsOfBody, inputCbor } from "../../../src/chain/devnet/utxo-map.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { LedgerRejectedError } from "../../../src/errors.js";
import { acceptedTxs, replayed, storedSet } from "../../support/ledger-replay.js";
import { newEnterpriseWallet, type TestWallet } from "../../support/wallets.js";

const params = DEVNET_PROTOCOL_PARAMETERS;
const dir = mkdtempSync(join(tmpdir(), "txsvc-concurrent-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const WALLETS = 3;
const UTXOS_PER_WALLET = 3;

/**
 * One transaction to race: from `wallet`, spending some of its funded UTxOs (`inputs`, indices),
 * and, with `chain`, the change output of an earlier intent of the same wallet (not on chain yet
 * when they are submitted); a payment to another wallet, or a stake registration (which changes
 * the stake state: the batch is committed after it). `resubmit`: the earlier intent's transaction
 * submitted again instead. `wave`: when it is submitted.
 */
interface Intent {
  readonly wallet: number;
  readonly inputs: readonly number[];
  readonly chain: number | null;
  readonly kind: "pay" | "register";
  readonly to: number;
  readonly resubmit: number | null;
  readonly wave: number;
}

const intentArbitrary: fc.Arbitrary<Intent> = fc.record({
  wallet: fc.nat(WALLETS - 1),
  inputs: fc.uniqueArray(fc.nat(UTXOS_PER_WALLET - 1), { minLength: 1, maxLength: 2 }),
  chain: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat(11) }),
  kind: fc.constantFrom("pay" as const, "pay" as const, "pay" as const, "register" as const),
  to: fc.nat(WALLETS - 1),
  resubmit: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat(11) }),
  wave: fc.nat(2),
});

interface Built {
  readonly cbor: string;
  readonly txHash: string;
  /** Input CBOR (hex) of each input. */
  readonly inputs: readonly string[];
  /** Input CBOR (hex) of each output it creates. */
  readonly outputs: readonly string[];
  /** Its change output, for an intent that chains on it. */
  readonly change: UTxO;
  readonly wallet: number;
}

/** Builds and signs the intents' transactions, in order; null for an intent that cannot be built (no input). */
async function buildAll(
  intents: readonly Intent[],
  wallets: readonly TestWallet[],
  funded: readonly (readonly UTxO[])[],
): Promise<Array<Built | null>> {
  const built: Array<Built | null> = [];
  for (const [i, intent] of intents.entries()) {
    if (intent.resubmit !== null) {
      built.push(built[intent.resubmit % Math.max(1, i)] ?? null);
      continue;
    }
    const earlier = intent.chain === null || i === 0 ? null : built[intent.chain % i];
    const walletIndex = earlier ? earlier.wallet : intent.wallet;
    const wallet = wallets[walletIndex]!;
    const utxos = [...intent.inputs.map((k) => funded[walletIndex]![k]!), ...(earlier ? [earlier.change] : [])];
    if (utxos.length === 0) {
      built.push(null);
      continue;
    }
    let builder = new MeshTxBuilder({ params });
    for (const u of utxos)
      builder = builder.txIn(u.input.txHash, u.input.outputIndex, u.output.amount, u.output.address, 0);
    if (intent.kind === "register") {
      builder = builder.registerStakeCertificate(
        serializeRewardAddress(randomBytes(28).toString("hex"), false, 0) as string,
      );
    } else {
      builder = builder.txOut(wallets[intent.to]!.address, [{ unit: "lovelace", quantity: "2000000" }]);
    }
    const cbor = await wallet.sign(await builder.changeAddress(wallet.address).complete());
    const body = splitTransaction(fromHex(cbor)).body;
    const txHash = txIdOfBody(body);
    const created = createdOutputsOfBody(body, true);
    const change = created.at(-1)!;
    built.push({
      cbor,
      txHash,
      inputs: utxos.map((u) => inputCbor(u.input.txHash, u.input.outputIndex)),
      outputs: created.map((c) => inputCbor(txHash, c.index)),
      change: utxoOfOutput(txHash, change.index, change.output),
      wallet: walletIndex,
    });
  }
  return built;
}

/** The outcome of a promise, observed at once (a refusal is not left unhandled while the next wave is sent). */
const settle = <T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> =>
  promise.then(
    (value) => ({ status: "fulfilled", value }),
    (reason: unknown) => ({ status: "rejected", reason }),
  );

describe("devnet submits that race", () => {
  it("accept what submitting them one at a time in their order accepts, never two spenders of one output, and leave the ledger that sequence leaves", async () => {
    const wallets = await Promise.all(Array.from({ length: WALLETS }, () => newEnterpriseWallet()));
    await fc.assert(
      fc.asyncProperty(fc.array(intentArbitrary, { minLength: 2, maxLength: 12 }), async (intents) => {
        const path = join(dir, `devnet-${files++}.sqlite`);
        const chain = await DevnetChain.create({ path });
        let before: Map<string, string>;
        try {
          const funded: UTxO[][] = [];
          for (const wallet of wallets) {
            for (let k = 0; k < UTXOS_PER_WALLET; k++) await chain.faucet(wallet.address, 50_000_000n);
            funded.push(await chain.utxosAt(wallet.address));
          }
          const built = (await buildAll(intents, wallets, funded)).map((b, i) => ({
            built: b,
            wave: intents[i]!.wave,
          }));
          const submitted = built.filter((s): s is { built: Built; wave: number } => s.built !== null);
          // The order the devnet sees them in: wave by wave, each in the intents' order.
          const order = [0, 1, 2].flatMap((wave) => submitted.filter((s) => s.wave === wave).map((s) => s.built));

          // One at a time, in that order: what the ledger accepts.
          const available = new Set(
            (await Promise.all(wallets.map((w) => chain.utxosAt(w.address))))
              .flat()
              .map((u) => inputCbor(u.input.txHash, u.input.outputIndex)),
          );
          const acceptedModel = new Set<string>();
          const outcome = order.map((tx) => {
            if (acceptedModel.has(tx.txHash)) return true;
            if (!tx.inputs.every((input) => available.has(input))) return false;
            for (const input of tx.inputs) available.delete(input);
            for (const output of tx.outputs) available.add(output);
            acceptedModel.add(tx.txHash);
            return true;
          });

          // All at once (a wave a turn of the event loop after the one before).
          const answers: Array<Promise<PromiseSettledResult<string>>> = [];
          for (const wave of [0, 1, 2]) {
            for (const s of submitted) if (s.wave === wave) answers.push(settle(chain.submit(s.built.cbor)));
            await new Promise((resolve) => setImmediate(resolve));
          }
          const settled = await Promise.all(answers);
          settled.forEach((answer, i) => {
            const tx = order[i]!;
            if (outcome[i]) {
              assert.deepEqual(answer, { status: "fulfilled", value: tx.txHash }, `transaction ${i} is accepted`);
            } else {
              assert.equal(answer.status, "rejected", `transaction ${i} is refused`);
              assert.ok((answer as PromiseRejectedResult).reason instanceof LedgerRejectedError);
              assert.match(String(((answer as PromiseRejectedResult).reason as Error).message), /Missing inputs/);
            }
          });

          // Never two accepted spenders of one output.
          const spentBy = new Map<string, string>();
          for (const txHash of acceptedTxs(path)) {
            const tx = order.find((t) => t.txHash === txHash);
            for (const input of tx?.inputs ?? []) {
              assert.equal(spentBy.get(input), undefined, `${input} spent twice`);
              spentBy.set(input, txHash);
            }
          }
          // The UTxO set: the faucet's, and what the sequence left of the wallets' and the transactions' outputs.
          const faucet = (await chain.utxosAt(chain.faucetAddress)).map((u) =>
            inputCbor(u.input.txHash, u.input.outputIndex),
          );
          before = storedSet(path);
          assert.deepEqual(new Set(before.keys()), new Set([...available, ...faucet]));
          assert.deepEqual(before, replayed(path));
          assert.equal(chain.utxoCount(), before.size);
        } finally {
          await chain.close();
        }
        const restarted = await DevnetChain.create({ path });
        try {
          assert.equal(restarted.utxoCount(), before.size);
          assert.deepEqual(storedSet(path), before);
        } finally {
          await restarted.close();
        }
      }),
      { numRuns: 8 },
    );
  });
});
