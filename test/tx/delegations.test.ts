// POST /transactions/build with `delegations` on the devnet: the flows every target runs
// (../support/flows/delegations.ts: pool and DRep delegations built, signed with the payment and
// stake keys, submitted, read back), the exact fee (one lovelace less is refused: the stake key's
// signature is priced), a deposit the funds cannot cover, and the requests refused with a 400
// naming the field.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { bech32 } from "@scure/base";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { delegationFlows } from "../support/flows/delegations.js";
import { certificatesOf } from "../support/stake-pools.js";
import { startTarget, type Target } from "../support/target.js";
import { build, signAndSubmit, submitRejected } from "../support/transactions-api.js";
import { oneLovelaceLess } from "../support/tx-decode.js";
import { newEnterpriseWallet, newStakeWallet } from "../support/wallets.js";
import type { Answer, ErrorFields } from "../support/api.js";

let target: Target;
before(async () => {
  target = await startTarget("devnet");
});
after(async () => {
  await target?.close();
});

delegationFlows(() => target);

const POOL = "pool13mm55qynw84fjlnhyq277ys5csaxgfezvmamd8saxhxculu655t";
const buildRaw = (body: unknown): Promise<Answer<"buildTransaction">> =>
  target.service.request<"buildTransaction">("POST", "/transactions/build", body);

function expect400(response: ErrorFields, pattern: RegExp): void {
  assert.equal(response.status, 400, JSON.stringify(response.body));
  assert.match(response.body.message!, pattern);
}

describe("delegations: the fee and the deposit", () => {
  test("the fee is the ledger's minimum with the stake key's signature counted: one lovelace less is refused", async () => {
    const alice = newStakeWallet();
    await target.fund(alice.address, 10_000_000);
    const built = await build(target.service, {
      changeAddress: alice.address,
      delegations: [{ type: "drep", address: alice.address, keyHash: "always-abstain" }],
    });
    assert.equal(certificatesOf(built.complete).length, 2, "a registration and a vote delegation");
    const refusal = await submitRejected(
      target.service,
      { ...built, complete: oneLovelaceLess(built.complete, alice.address) },
      [alice],
    );
    const [, given, required] = /fee Coin\((\d+)\) is less than minimum required Coin\((\d+)\)/.exec(refusal) ?? [];
    assert.ok(given && required, refusal);
    assert.equal(BigInt(required), BigInt(built.fee), "the fee built is the ledger's minimum, two signatures counted");
    await signAndSubmit(target.service, built, [alice]);
  });

  test("funds that cover the fee but not the deposit: 400 counting the deposit in what is needed", async () => {
    const poor = newStakeWallet();
    await target.fund(poor.address, 2_500_000);
    const response = await buildRaw({
      changeAddress: poor.address,
      delegations: [{ type: "drep", address: poor.address, keyHash: "abstain" }],
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.code, "TX_ERR_INSUFFICIENT_FUNDS");
    assert.match(
      response.body.message,
      /^Not enough ADA: the outputs need 0 lovelace \(0 ADA\), the stake registration deposits 2000000 lovelace \(2 ADA\), the fee about/,
    );
  });
});

describe("delegations: requests refused with a 400 naming the field", () => {
  test("an address without a stake credential, of the other network, or whose stake credential is a script", async () => {
    const alice = newStakeWallet();
    const enterprise = await newEnterpriseWallet();
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        delegations: [{ type: "pool", address: enterprise.address, keyHash: POOL }],
      }),
      /^body\.delegations\[0\]\.address is an enterprise address without a stake credential: a delegation certificate needs one\. Give the account's base address/,
    );
    const mainnet = CSL.RewardAddress.new(1, CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex("11".repeat(28))))
      .to_address()
      .to_bech32(undefined);
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        delegations: [{ type: "pool", address: mainnet, keyHash: POOL }],
      }),
      /^body\.delegations\[0\]\.address is a mainnet address but this service builds for devnet/,
    );
    // A base address whose stake part is a script hash (header type 2), in bech32 and in hex.
    const bytes = Buffer.concat([Uint8Array.of(0x20), Buffer.alloc(28, 1), Buffer.alloc(28, 2)]);
    const scriptStaked = bech32.encode("addr_test", bech32.toWords(bytes), 200);
    for (const address of [scriptStaked, bytes.toString("hex")]) {
      expect400(
        await buildRaw({
          changeAddress: alice.address,
          delegations: [
            { type: "drep", address: alice.address, keyHash: "always-abstain" },
            { type: "pool", address, keyHash: POOL },
          ],
        }),
        /^body\.delegations\[1\]\.address has a script stake credential \(0202.*\): its certificates would need that script to run \(a certificate redeemer\)/,
      );
    }
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        delegations: [{ type: "pool", address: "stake_test1nothing", keyHash: POOL }],
      }),
      /^body\.delegations\[0\]\.address is not a Cardano address/,
    );
  });

  test("a pool id that is neither bech32 nor hex, a DRep id that is none of the forms, an unknown type", async () => {
    const alice = newStakeWallet();
    const one = (entry: object) => buildRaw({ changeAddress: alice.address, delegations: [entry] });
    expect400(
      await one({ type: "pool", address: alice.address, keyHash: "pool1notbech32" }),
      /^body\.delegations\[0\]\.keyHash is not a stake pool id: give its bech32 id \(pool1…/,
    );
    expect400(
      await one({ type: "pool", address: alice.address, keyHash: "ab".repeat(27) }),
      /^body\.delegations\[0\]\.keyHash is not a stake pool id/,
    );
    expect400(
      await one({
        type: "pool",
        address: alice.address,
        keyHash: "drep1y29h2q6cst2pvkl2sqqvf5ljcy36uv7pmy482xnczddzgqshus24w",
      }),
      /^body\.delegations\[0\]\.keyHash is not a stake pool id/,
    );
    expect400(
      await one({ type: "drep", address: alice.address, keyHash: POOL }),
      /^body\.delegations\[0\]\.keyHash is not a DRep: give a drep1… id \(CIP-129/,
    );
    expect400(
      await one({ type: "drep", address: alice.address, keyHash: "always-yes" }),
      /^body\.delegations\[0\]\.keyHash is not a DRep/,
    );
    expect400(
      await one({ type: "stake", address: alice.address, keyHash: POOL }),
      /^body\.delegations\[0\]\.type is invalid: pool: the account delegates its stake to a stake pool/,
    );
    expect400(await one({ address: alice.address, keyHash: POOL }), /^body\.delegations\[0\]\.type is required\.$/);
    expect400(await one({ type: "pool", address: alice.address }), /^body\.delegations\[0\]\.keyHash is required\.$/);
  });

  test("two pools (or two DReps) for one account, given by its base and its reward address", async () => {
    const alice = newStakeWallet();
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        delegations: [
          { type: "pool", address: alice.address, keyHash: POOL },
          { type: "pool", address: alice.rewardAddress, keyHash: POOL },
        ],
      }),
      /^body\.delegations\[1\] delegates the stake of the same account as body\.delegations\[0\] does: give one pool per account\./,
    );
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        delegations: [
          { type: "drep", address: alice.rewardAddress, keyHash: "always-abstain" },
          { type: "drep", address: alice.address, keyHash: "always-no-confidence" },
        ],
      }),
      /^body\.delegations\[1\] delegates the vote of the same account as body\.delegations\[0\] does/,
    );
  });
});
