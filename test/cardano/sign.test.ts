// The service's own signer (src/cardano/sign.ts: the devnet faucet's and a devnet deployment's
// key) against Mesh's MeshWallet, which signed for them before (kept as a dev dependency for this
// cross-check): the same enterprise address for random seeds, and byte for byte the same signed
// transaction for transactions the builder makes (a payment, one with metadata, one minting under
// a native script, whose witness set already holds a script), also when a second key adds its
// signature. The devnet's acceptance of what it signs is in test/chain/devnet (the faucet pays).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Output, UTxO } from "../../src/cardano/types.js";
import { readAddress } from "../../src/cardano/address-rules.js";
import { CardanoSDKSerializer } from "@meshsdk/core-cst";
import { MeshWallet } from "@meshsdk/wallet";
import fc from "fast-check";
import { CborWriter } from "../../src/cardano/cbor.js";
import { verifyEd25519 } from "../../src/cardano/ed25519.js";
import { blake2b256Bytes } from "../../src/cardano/hash.js";
import { scriptHash } from "../../src/cardano/script-hash.js";
import { signTransaction, SigningKey } from "../../src/cardano/sign.js";
import { fromHex, readSet, splitTransaction, toHex, witnessSetEntries } from "../../src/cardano/tx-cbor.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { balanceTransaction, draftOf } from "../../src/txcore/balance.js";
import { valueOf } from "../../src/cardano/value.js";

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 });

// cardano-js-sdk writes sets with or without the Conway tag 258 by a process-wide switch that its
// serializer turns on when constructed (whichever test of a shared process builds one first): turned
// on here, so that MeshWallet writes the Conway form the service's signer writes, in any process.
new CardanoSDKSerializer();

async function meshWallet(seed: Uint8Array, networkId: 0 | 1 = 0): Promise<MeshWallet> {
  const wallet = new MeshWallet({ networkId, key: { type: "cli", payment: `5820${toHex(seed)}` } });
  await wallet.init();
  return wallet;
}

/** A transaction the builder balances from one UTxO of `address`: a payment, with metadata or a native-script mint. */
function built(address: string, keyHash: string, kind: "pay" | "metadata" | "mint", lovelace: bigint): Uint8Array {
  const utxo: UTxO = {
    input: { txHash: "ab".repeat(32), outputIndex: 1 },
    output: { address, amount: [{ unit: "lovelace", quantity: "1000000000000" }] },
  };
  const to = new SigningKey(new Uint8Array(32).fill(7)).enterpriseAddress(0);
  const native = toHex(new CborWriter().array(2).uint(0).bytes(fromHex(keyHash)).finish());
  const policy = scriptHash("native", fromHex(native));
  const outputs: Output[] = [{ address: readAddress(to, "to"), value: valueOf(lovelace) }];
  const draft =
    kind === "metadata"
      ? draftOf({ outputs, metadata: new Map([[674n, new Map([["msg", ["signed"]]])]]) })
      : kind === "mint"
        ? draftOf({ outputs, mint: new Map([[`${policy}74`, 5n]]), nativeScripts: [native] })
        : draftOf({ outputs });
  return balanceTransaction(draft, {
    pool: [utxo],
    changeAddress: readAddress(address, "changeAddress"),
    params: DEVNET_PROTOCOL_PARAMETERS,
  }).cbor;
}

test("a key's enterprise address agrees with MeshWallet's on both networks for random seeds", async () => {
  await fc.assert(
    fc.asyncProperty(seedArb, fc.constantFrom<0 | 1>(0, 1), async (seed, networkId) => {
      const wallet = await meshWallet(seed, networkId);
      assert.equal(new SigningKey(seed).enterpriseAddress(networkId), wallet.getAddresses().enterpriseAddressBech32);
    }),
    { numRuns: 50 },
  );
});

test("a signed transaction is byte for byte MeshWallet's, for one signature and for a second one added", async () => {
  await fc.assert(
    fc.asyncProperty(
      seedArb,
      seedArb,
      fc.constantFrom<"pay" | "metadata" | "mint">("pay", "metadata", "mint"),
      fc.bigInt(1_000_000n, 100_000_000_000n),
      async (seedA, seedB, kind, lovelace) => {
        fc.pre(toHex(seedA) !== toHex(seedB));
        const a = new SigningKey(seedA);
        const b = new SigningKey(seedB);
        const tx = built(a.enterpriseAddress(0), a.keyHash, kind, lovelace);
        const once = signTransaction(tx, a);
        const meshOnce = await (await meshWallet(seedA)).signTx(toHex(tx), false);
        assert.equal(toHex(once), meshOnce);
        const twice = signTransaction(once, b);
        assert.equal(toHex(twice), await (await meshWallet(seedB)).signTx(meshOnce, true));
        // The body is untouched (the id stays), and each signature verifies over it.
        const parts = splitTransaction(twice);
        assert.deepEqual(parts.body, splitTransaction(tx).body);
        const vkeys = witnessSetEntries(parts.witnessSet).find(([k]) => k === 0);
        assert.ok(vkeys !== undefined);
        const witnesses = readSet(vkeys[1]).items;
        assert.equal(witnesses.length, 2);
        for (const [i, key] of [a, b].entries()) {
          const signature = witnesses[i]!.subarray(-64);
          assert.ok(verifyEd25519(signature, blake2b256Bytes(parts.body), key.publicKey));
        }
      },
    ),
    { numRuns: 30 },
  );
});

test("a key that already signed is not added twice; a seed that is not 32 bytes is refused", () => {
  const key = new SigningKey(new Uint8Array(32).fill(1));
  const tx = built(key.enterpriseAddress(0), key.keyHash, "pay", 2_000_000n);
  const once = signTransaction(tx, key);
  assert.deepEqual(signTransaction(once, key), once);
  assert.throws(() => new SigningKey(new Uint8Array(31)), /32 bytes, this one is 31/);
  assert.throws(() => SigningKey.fromHex("zz".repeat(32)), /64 hex digits/);
});
