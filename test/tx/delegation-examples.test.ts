// The hosted API's delegation examples (Cardano-Forge/anvil-api-examples,
// documentation-references/delegate-pool.ts and delegate-drep.ts) on the devnet, unchanged apart
// from the wallet: their bodies sent as written, ADDR a fresh account's base address. Their pool
// and DRep are registered on preprod, not here: the devnet refuses the signed transaction until
// POST /devnet/stake-pools or /devnet/dreps registers them by id, then accepts that same
// transaction, and the account shows the pool or the DRep.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { accountOf, certificatesOf } from "../support/stake-pools.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit, submitRejected } from "../support/transactions-api.js";
import { fund, newStakeWallet } from "../support/wallets.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

const KEY_DEPOSIT = String(DEVNET_PROTOCOL_PARAMETERS.keyDeposit);

describe("hosted API delegation examples, run on the devnet", () => {
  test("delegate-pool.ts: refused while the preprod pool is unknown here; registered by id, the same signed transaction is accepted", async () => {
    const POOL_ID = "pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku";
    const POOL_HASH = "9c6120440ce518cc375de37536e1c0f0e28beedd4e11a7a053fb923b";
    const wallet = newStakeWallet();
    const ADDR = wallet.address;
    await fund(service, ADDR, 10_000_000);
    const BODY = {
      changeAddress: ADDR,
      delegations: [
        {
          type: "pool",
          address: ADDR,
          keyHash: POOL_ID,
        },
      ],
    };
    const built = await build(service, BODY);
    assert.deepEqual(certificatesOf(built.complete), [
      { kind: "reg", stake: wallet.stakeKeyHash, deposit: KEY_DEPOSIT },
      { kind: "pool", stake: wallet.stakeKeyHash, pool: POOL_HASH },
    ]);
    assert.match(
      await submitRejected(service, built, [wallet]),
      /DelegateeStakePoolNotRegisteredDELEG: .*pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku/,
    );

    const seeded = await service.request<"registerDevnetStakePool">("POST", "/devnet/stake-pools", { poolId: POOL_ID });
    assert.equal(seeded.status, 200, JSON.stringify(seeded.body));
    await signAndSubmit(service, built, [wallet]);
    assert.deepEqual(await accountOf(service, wallet.rewardAddress), { registered: true, pool: POOL_HASH, drep: null });
  });

  test("delegate-drep.ts: the preprod DRep (the older drep1… of a key hash) registered by id, the example's body delegates the vote to it", async () => {
    const DREP_ID = "drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd";
    const DREP_HASH = "8b75035882d4165bea8000c4d3f2c123ae33c1d92a751a78135a2402";
    const wallet = newStakeWallet();
    const ADDR = wallet.address;
    await fund(service, ADDR, 10_000_000);
    const BODY = {
      changeAddress: ADDR,
      delegations: [
        {
          type: "drep",
          address: ADDR,
          keyHash: DREP_ID,
        },
      ],
    };
    const refused = await build(service, BODY);
    assert.match(await submitRejected(service, refused, [wallet]), /DelegateeDRepNotRegisteredDELEG/);

    const seeded = await service.request<"registerDevnetDRep">("POST", "/devnet/dreps", { drepId: DREP_ID });
    assert.equal(seeded.status, 200, JSON.stringify(seeded.body));
    const built = await build(service, BODY);
    assert.deepEqual(certificatesOf(built.complete), [
      { kind: "reg", stake: wallet.stakeKeyHash, deposit: KEY_DEPOSIT },
      { kind: "drep", stake: wallet.stakeKeyHash, drep: `key:${DREP_HASH}` },
    ]);
    await signAndSubmit(service, built, [wallet]);
    assert.deepEqual(await accountOf(service, wallet.rewardAddress), {
      registered: true,
      pool: null,
      drep: { kind: "key", hash: DREP_HASH },
    });
  });
});
