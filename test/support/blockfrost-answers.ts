// A table of questions to the devnet's Blockfrost-compatible read model (BlockfrostView) and
// their answers, errors included, as one JSON-able object: to compare the answers of one store
// before and after a restart, or of the same store under two versions of the code
// (test/devnet-index/read-model.test.ts). What depends on the wall clock (a block's confirmations
// and next block) is left out.
import type { BlockfrostView, Paging } from "../../src/devnet-index/blockfrost.js";

/** What the questions are about. */
export interface Known {
  readonly addresses: readonly string[];
  readonly txs: readonly string[];
  readonly units: readonly string[];
  readonly policies: readonly string[];
  readonly scripts: readonly string[];
  readonly datums: readonly string[];
}

/** Blockfrost's list parameters in the cases that page differently: defaults, short pages, past the end, both orders. */
export const PAGINGS: readonly Paging[] = [
  {},
  { count: 1, page: 1 },
  { count: 1, page: 2 },
  { count: 2, page: 2, order: "desc" },
  { count: 3, page: 1, order: "desc" },
  { count: 100, page: 2 },
];

type View = Pick<
  BlockfrostView,
  | "addressUtxos"
  | "address"
  | "addressTransactions"
  | "tx"
  | "txUtxos"
  | "txCbor"
  | "txMetadata"
  | "txRedeemers"
  | "asset"
  | "assetAddresses"
  | "assetTransactions"
  | "policyAssets"
  | "script"
  | "scriptCbor"
  | "scriptJson"
  | "datumCbor"
  | "block"
  | "blockTxs"
>;

async function settled(answer: () => Promise<unknown>): Promise<unknown> {
  try {
    return await answer();
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

/** Every question of the table with its answer, keyed by the question. */
export async function blockfrostAnswers(view: View, known: Known): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const ask = async (question: string, answer: () => Promise<unknown>) => {
    answers[question] = await settled(answer);
  };
  for (const [p, paging] of PAGINGS.entries()) {
    for (const a of known.addresses) {
      await ask(`addresses/${a}/utxos #${p}`, () => view.addressUtxos(a, paging));
      await ask(`addresses/${a}/transactions #${p}`, () => view.addressTransactions(a, paging));
      for (const unit of ["lovelace", ...known.units])
        await ask(`addresses/${a}/utxos/${unit} #${p}`, () => view.addressUtxos(a, paging, unit));
    }
    for (const unit of known.units) {
      await ask(`assets/${unit}/addresses #${p}`, () => view.assetAddresses(unit, paging));
      await ask(`assets/${unit}/transactions #${p}`, () => view.assetTransactions(unit, paging));
    }
    for (const policy of known.policies)
      await ask(`assets/policy/${policy} #${p}`, () => view.policyAssets(policy, paging));
  }
  for (const a of known.addresses) await ask(`addresses/${a}`, () => view.address(a));
  for (const hash of known.txs) {
    await ask(`txs/${hash}`, () => view.tx(hash));
    await ask(`txs/${hash}/utxos`, () => view.txUtxos(hash));
    await ask(`txs/${hash}/cbor`, () => view.txCbor(hash));
    await ask(`txs/${hash}/metadata`, () => view.txMetadata(hash, "json"));
    await ask(`txs/${hash}/redeemers`, () => view.txRedeemers(hash));
    const tx = (await settled(() => view.tx(hash))) as { block?: string };
    if (tx.block === undefined) continue;
    const block = tx.block;
    await ask(`blocks/${block}`, async () => {
      const { confirmations: _c, next_block: _n, ...rest } = (await view.block(block)) as Record<string, unknown>;
      return rest;
    });
    for (const [p, paging] of PAGINGS.entries())
      await ask(`blocks/${block}/txs #${p}`, () => view.blockTxs(block, paging));
  }
  for (const unit of known.units) await ask(`assets/${unit}`, () => view.asset(unit));
  for (const hash of known.scripts) {
    await ask(`scripts/${hash}`, () => view.script(hash));
    await ask(`scripts/${hash}/cbor`, () => view.scriptCbor(hash));
    await ask(`scripts/${hash}/json`, () => view.scriptJson(hash));
  }
  for (const hash of known.datums) await ask(`scripts/datum/${hash}/cbor`, () => view.datumCbor(hash));
  return answers;
}
