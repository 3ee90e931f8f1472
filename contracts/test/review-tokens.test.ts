// Independent review (helper "review"): a registration that carries tokens. The add returns what a
// registration holds beyond the entry fee, and refuses the return unless its lovelace beyond the
// fee is at least MIN_PAYOUT_LOVELACE, "so that the admin never funds a return". That floor covers
// an ada-only return (at most 1,172,320 lovelace of min-UTxO); a return that also carries the
// registration's tokens needs more, by the size of the bundle. A registrant who attaches many
// token names (free to mint under any policy of one's own key) and pays exactly what the
// registration output needs gets back a return the admin must top up by about the entry fee: the
// registrant joins for almost nothing, and the pool's entry fee is the admin's money. Fixed in v2.1
// after the review: an add takes registrations of ada alone; these tests keep the attacks.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { NativeScript, UTxO } from "@meshsdk/common";
import { MeshTxBuilder, resolveNativeScriptHash, serializeNativeScript } from "@meshsdk/core";
import { MIN_PAYOUT_LOVELACE } from "../../src/tournament/limits.js";
import { attempt, type Chain, hasOnlyAda, PARAMS, submitPlan, type Wallet } from "./helpers.js";
import {
  assertLedgerRejected,
  assertScriptRejected,
  clonePlan,
  CUP,
  makeWorld,
  openTournament,
  type World,
} from "./fixture.js";
import { addPlan, cancelPlan, registerPlan, registrations, type Tournament, tournamentUtxo } from "./tournament-txs.js";

/** bob's bundle: small enough for the add's budget. carol's: enough to exhaust it. */
const NAMES = 15;
const HEAVY = 40;

let w: World;
let base: Chain;
let cup: Tournament;
/** What bob's registration holds: the entry fee, the floor, and what the output's minimum needs. */
let paid: bigint;
let bobReg: UTxO;
let carolReg: UTxO;

/** Mints one each of `count` 32-byte token names under a policy of `wallet`'s key, in one output. */
async function mintBundle(
  chain: Chain,
  wallet: Wallet,
  count: number,
): Promise<{ utxo: UTxO; assets: { unit: string; quantity: string }[] }> {
  const script: NativeScript = { type: "sig", keyHash: wallet.pkh };
  const policy = resolveNativeScriptHash(script);
  const names = Array.from({ length: count }, (_, i) =>
    Buffer.from(`review-dust-${String(i).padStart(20, "0")}`, "utf8").toString("hex"),
  );
  const b = new MeshTxBuilder({ params: PARAMS, fetcher: chain.fetcher });
  for (const name of names) b.mint("1", policy, name).mintingScript(serializeNativeScript(script).scriptCbor!);
  const assets = names.map((n) => ({ unit: policy + n, quantity: "1" }));
  b.txOut(wallet.address, [{ unit: "lovelace", quantity: "20000000" }, ...assets]);
  b.changeAddress(wallet.address).selectUtxosFrom(chain.utxosAt(wallet.address).filter(hasOnlyAda));
  const r = chain.submit(await wallet.sign(await b.complete()));
  if (!r.ok || r.txHash === undefined) throw new Error(`ledger refused the mint: ${r.error}`);
  const utxo = chain.utxosAt(wallet.address).find((u) => u.input.txHash === r.txHash && u.output.amount.length > 1);
  if (!utxo) throw new Error("minted bundle not found");
  return { utxo, assets };
}

/** Registers `wallet` with `count` token names and the lovelace its output needs (at least fee + MIN). */
async function registerBundle(chain: Chain, wallet: Wallet, count: number): Promise<{ reg: UTxO; paid: bigint }> {
  const { utxo, assets } = await mintBundle(chain, wallet, count);
  // The registration output's own minimum with the bundle, as the ledger computes it: (160 + size)
  // × coinsPerUtxoSize, the size measured generously from the datum and the bundle.
  const plan = registerPlan(cup, wallet, [wallet.address]);
  const datumBytes = plan.outputs[0]!.datum!.length / 2;
  const regMin = BigInt(160 + 40 + datumBytes + 40 + count * 36) * BigInt(PARAMS.coinsPerUtxoSize);
  const floor = CUP.entryFee + MIN_PAYOUT_LOVELACE;
  const amount = regMin > floor ? regMin : floor;
  plan.walletInputs = [utxo];
  plan.outputs[0] = { ...plan.outputs[0]!, lovelace: amount, assets };
  const { txHash } = await submitPlan(chain, plan);
  const reg = registrations(chain, cup).find((u) => u.input.txHash === txHash)!;
  return { reg, paid: amount };
}

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w, { ...CUP, name: "Dust Cup" });
  ({ reg: bobReg, paid } = await registerBundle(base, w.bob, NAMES));
  ({ reg: carolReg } = await registerBundle(base, w.carol, HEAVY));
});

describe("review: a registration carrying a bundle of tokens", () => {
  it("its return of exactly what it holds beyond the fee cannot pay for itself (ledger: below min-UTxO)", async () => {
    const chain = base.snapshot();
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [bobReg]);
    const exact = clonePlan(plan);
    exact.outputs[1] = { ...exact.outputs[1]!, lovelace: paid - CUP.entryFee };
    assertLedgerRejected(await attempt(chain, exact), /min|BabbageOutputTooSmallUTxO|too small/i);
  });

  it('fixed in v2.1 after the review: the add that tops bob\'s return up is refused ("registration holds tokens"), so the admin never funds it; bob cancels', async () => {
    const chain = base.snapshot();
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [bobReg]);
    // The add the review found accepted: the return raised to the bundle's minimum by the admin.
    const ret = plan.outputs[1]!;
    const retMin = BigInt(160 + 40 + ret.datum!.length / 2 + 40 + NAMES * 36) * BigInt(PARAMS.coinsPerUtxoSize);
    plan.outputs[1] = { ...ret, lovelace: retMin > paid - CUP.entryFee ? retMin : paid - CUP.entryFee };
    assertScriptRejected(await attempt(chain, plan), "registration holds tokens");
    await submitPlan(chain, cancelPlan(cup, w.bob, bobReg));
    assert.equal(
      registrations(chain, cup).some((u) => u.input.txHash === bobReg.input.txHash),
      false,
      "bob took it back",
    );
  });

  it(`fixed in v2.1 after the review: carol's ${HEAVY} token names are refused at once ("registration holds tokens"), within the budget, and she cancels`, async () => {
    const chain = base.snapshot();
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [carolReg]);
    // Her return raised to the bundle's minimum, so that only the script can refuse it.
    const ret = plan.outputs[1]!;
    plan.outputs[1] = {
      ...ret,
      lovelace: BigInt(160 + 40 + ret.datum!.length / 2 + 40 + HEAVY * 36) * BigInt(PARAMS.coinsPerUtxoSize),
    };
    assertScriptRejected(await attempt(chain, plan), "registration holds tokens");
    await submitPlan(chain, cancelPlan(cup, w.carol, carolReg));
  });
});
