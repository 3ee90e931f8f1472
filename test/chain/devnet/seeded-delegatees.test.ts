// POST /devnet/stake-pools and POST /devnet/dreps: a pool or a DRep registered on the devnet by
// its id alone (no keys, no deposit), as an operator seeds a test chain. Every id form the
// delegations take, idempotent, 400 naming the field, 404 on other networks, and kept across a
// restart: a delegation to it is accepted after the devnet reopens its saved state.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { bech32 } from "@scure/base";
import { drepIdOf, poolIdOf } from "../../../src/cardano/delegatees.js";
import { accountOf, registerPool, viaService } from "../../support/stake-pools.js";
import type { Answer, ErrorFields } from "../../support/api.js";
import { startService, type RunningService } from "../../support/service.js";
import { build, signAndSubmit, submitRejected } from "../../support/transactions-api.js";
import { fund, newStakeWallet } from "../../support/wallets.js";

const EXAMPLE_POOL = "pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku";
const EXAMPLE_POOL_HASH = "9c6120440ce518cc375de37536e1c0f0e28beedd4e11a7a053fb923b";
/** The older drep1… form (a bare key hash) the hosted API's example sends. */
const EXAMPLE_DREP = "drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd";
const EXAMPLE_DREP_HASH = "8b75035882d4165bea8000c4d3f2c123ae33c1d92a751a78135a2402";

const hash28 = () => randomBytes(28).toString("hex");

function ok(response: Answer<"registerDevnetStakePool"> | Answer<"registerDevnetDRep">): { created: boolean } {
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

function expect400(response: ErrorFields, pattern: RegExp): void {
  assert.equal(response.status, 400, JSON.stringify(response.body));
  assert.match(response.body.message!, pattern);
}

describe("devnet: pools and DReps registered by id", () => {
  let service: RunningService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  const seedPool = (poolId: unknown) =>
    service.request<"registerDevnetStakePool">("POST", "/devnet/stake-pools", { poolId });
  const seedDRep = (drepId: unknown) => service.request<"registerDevnetDRep">("POST", "/devnet/dreps", { drepId });

  it("registers a pool by its pool1… id, then answers created: false for the same pool by its hex", async () => {
    assert.deepEqual(ok(await seedPool(EXAMPLE_POOL)), {
      poolId: EXAMPLE_POOL,
      keyHash: EXAMPLE_POOL_HASH,
      created: true,
    });
    assert.deepEqual(ok(await seedPool(EXAMPLE_POOL_HASH.toUpperCase())), {
      poolId: EXAMPLE_POOL,
      keyHash: EXAMPLE_POOL_HASH,
      created: false,
    });
  });

  it("registers a key DRep by the older drep1… id, then answers created: false for it by its CIP-129 id, drep_vkh1… and hex", async () => {
    const cip129 = drepIdOf({ kind: "key", hash: EXAMPLE_DREP_HASH });
    const expected = { drepId: cip129, kind: "key", hash: EXAMPLE_DREP_HASH };
    assert.deepEqual(ok(await seedDRep(EXAMPLE_DREP)), { ...expected, created: true });
    const vkh = bech32.encode("drep_vkh", bech32.toWords(Buffer.from(EXAMPLE_DREP_HASH, "hex")), 120);
    for (const id of [cip129, vkh, EXAMPLE_DREP_HASH, `22${EXAMPLE_DREP_HASH}`])
      assert.deepEqual(ok(await seedDRep(id)), { ...expected, created: false }, id);
  });

  it("registers a script DRep (drep_script1…), distinct from a key DRep of the same hash", async () => {
    const hash = hash28();
    const script = bech32.encode("drep_script", bech32.toWords(Buffer.from(hash, "hex")), 120);
    assert.deepEqual(ok(await seedDRep(script)), {
      drepId: drepIdOf({ kind: "script", hash }),
      kind: "script",
      hash,
      created: true,
    });
    assert.equal(ok(await seedDRep(`23${hash}`)).created, false);
    assert.equal(ok(await seedDRep(hash)).created, true, "the key DRep of that hash is another DRep");
  });

  it("answers created: false for a pool registered by a certificate; concurrent seeds of one pool create it once", async () => {
    const operator = newStakeWallet();
    await fund(service, operator.address, 1_200_000_000);
    const registered = await registerPool(viaService(service), operator);
    assert.deepEqual(ok(await seedPool(registered.id)), {
      poolId: registered.id,
      keyHash: registered.keyHash,
      created: false,
    });
    const keyHash = hash28();
    const answers = await Promise.all([1, 2, 3].map(() => seedPool(poolIdOf(keyHash))));
    assert.deepEqual(answers.map((a) => ok(a).created).sort(), [false, false, true]);
  });

  it("refuses ids that are not a pool's or a DRep's, the predefined DReps, and malformed bodies, with 400 naming the field", async () => {
    expect400(await seedPool("pool1notbech32"), /^body\.poolId is not a stake pool id: give its bech32 id \(pool1…/);
    expect400(await seedPool("ab".repeat(27)), /^body\.poolId is not a stake pool id/);
    expect400(await seedPool(EXAMPLE_DREP), /^body\.poolId is not a stake pool id/);
    expect400(await seedDRep(EXAMPLE_POOL), /^body\.drepId is not a DRep: give a drep1… id/);
    expect400(await seedDRep("ab".repeat(30)), /^body\.drepId is not a DRep/);
    expect400(await seedDRep(`24${EXAMPLE_DREP_HASH}`), /^body\.drepId is not a DRep/);
    expect400(
      await seedDRep("always-abstain"),
      /^body\.drepId is always-abstain, a predefined DRep that every chain knows: it needs no registration\./,
    );
    expect400(await seedDRep("drep_always_no_confidence"), /^body\.drepId is always-no-confidence, a predefined DRep/);
    expect400(
      await service.request<"registerDevnetStakePool">("POST", "/devnet/stake-pools", {}),
      /^body\.poolId is required\.$/,
    );
    expect400(await service.request<"registerDevnetDRep">("POST", "/devnet/dreps", {}), /^body\.drepId is required\.$/);
    expect400(await seedPool(42), /^body\.poolId /);
    const extra = await service.request<"registerDevnetDRep">("POST", "/devnet/dreps", {
      drepId: EXAMPLE_DREP,
      deposit: 0,
    });
    assert.equal(extra.status, 400, JSON.stringify(extra.body));
    assert.equal(extra.body.code, "SVC_ERR_UNKNOWN_FIELD");
  });
});

describe("devnet: a seeded pool and DRep survive a restart", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-seeded-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("are still registered after the devnet reopens its saved state: a delegation to both is accepted there", async () => {
    const [pool, drep] = [hash28(), hash28()];
    const first = await startService({}, { dataDir });
    const alice = newStakeWallet();
    try {
      assert.equal(
        ok(await first.request<"registerDevnetStakePool">("POST", "/devnet/stake-pools", { poolId: poolIdOf(pool) }))
          .created,
        true,
      );
      assert.equal(
        ok(
          await first.request<"registerDevnetDRep">("POST", "/devnet/dreps", {
            drepId: drepIdOf({ kind: "key", hash: drep }),
          }),
        ).created,
        true,
      );
      await fund(first, alice.address, 20_000_000);
    } finally {
      await first.close();
    }

    const second = await startService({}, { dataDir });
    try {
      assert.equal(
        ok(await second.request<"registerDevnetStakePool">("POST", "/devnet/stake-pools", { poolId: pool })).created,
        false,
        "kept on disk",
      );
      assert.equal(
        ok(await second.request<"registerDevnetDRep">("POST", "/devnet/dreps", { drepId: drep })).created,
        false,
        "kept on disk",
      );
      const built = await build(second, {
        changeAddress: alice.address,
        delegations: [
          { type: "pool", address: alice.address, keyHash: poolIdOf(pool) },
          { type: "drep", address: alice.address, keyHash: drepIdOf({ kind: "key", hash: drep }) },
        ],
      });
      await signAndSubmit(second, built, [alice]);
      assert.deepEqual(await accountOf(second, alice.rewardAddress), {
        registered: true,
        pool,
        drep: { kind: "key", hash: drep },
      });
    } finally {
      await second.close();
    }
  });

  it("a pool or DRep nobody seeded is still refused", async () => {
    const service = await startService();
    try {
      const bob = newStakeWallet();
      await fund(service, bob.address, 20_000_000);
      const built = await build(service, {
        changeAddress: bob.address,
        delegations: [{ type: "pool", address: bob.address, keyHash: poolIdOf(hash28()) }],
      });
      assert.match(await submitRejected(service, built, [bob]), /DelegateeStakePoolNotRegisteredDELEG/);
    } finally {
      await service.close();
    }
  });
});

describe("devnet-only: seeding on other networks", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ NETWORK: "preview", AUTH: "optional" });
  });
  after(() => service.close());

  it("answers 404 saying the endpoint exists only on the devnet", async () => {
    for (const [path, body] of [
      ["/devnet/stake-pools", { poolId: EXAMPLE_POOL }],
      ["/devnet/dreps", { drepId: EXAMPLE_DREP }],
    ] as const) {
      const response = await service.request<"error">("POST", path, body);
      assert.equal(response.status, 404, JSON.stringify(response.body));
      assert.equal(response.body.code, "SVC_ERR_NOT_FOUND");
      assert.match(
        response.body.message,
        new RegExp(`^POST /v2/services${path} exists only on the devnet; this instance serves preview\\.$`),
      );
    }
  });
});
