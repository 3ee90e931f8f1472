// Blaze (@blaze-cardano/sdk 0.2.48, @blaze-cardano/query 0.5.6) certified against the devnet's
// Blockfrost-compatible API: its unchanged Blockfrost provider with a dummy project id, its
// HotWallet and its TxBuilder (whose evaluator is the provider). Blaze's Blockfrost constructor
// takes a network name and builds https://<network>.blockfrost.io/api/v0/ from it, with no
// option for another URL: the provider's public `url` field is set after construction (no
// subclass, no change to Blaze). Each assertion reads the chain state through the service's own
// endpoints (/v2/services/…) or the devnet.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { Blaze, Blockfrost, Core, HotWallet } from "@blaze-cardano/sdk";
import { poolKeyHash } from "../../src/cardano/delegatees.js";
import { ALWAYS_SUCCEEDS_V3, quantityOf, startSdkDevnet, type SdkDevnet } from "../support/sdk-devnet.js";

describe("Blaze 0.2.48 through the Blockfrost-compatible API", () => {
  let devnet: SdkDevnet;
  let provider: Blockfrost;
  let wallet: HotWallet;
  let blaze: Blaze<Blockfrost, HotWallet>;
  let address: string;

  /** Signs with the wallet, submits through the provider, waits Blaze's way (awaitTransactionConfirmation). */
  const run = async (tx: Core.Transaction): Promise<string> => {
    const txId = await blaze.submitTransaction(await blaze.signTransaction(tx), true);
    assert.equal(await provider.awaitTransactionConfirmation(txId, 30_000), true);
    return txId;
  };

  before(async () => {
    devnet = await startSdkDevnet();
    provider = new Blockfrost({ network: "cardano-preview", projectId: "devnet" });
    provider.url = `${devnet.blockfrostUrl}/`;
    const masterkey = Core.Bip32PrivateKey.fromBip39Entropy(randomBytes(32), "");
    wallet = await HotWallet.fromMasterkey(
      masterkey.hex(),
      provider,
      Core.NetworkId.Testnet,
      Core.AddressType.BasePaymentKeyStakeKey,
    );
    address = (await wallet.getChangeAddress()).toBech32();
    await devnet.fund(address, 200_000_000n);
    blaze = await Blaze.from(provider, wallet);
  });
  after(async () => {
    await devnet?.close();
  });

  test("the wallet reads its funds, and the parameters carry the ledger's cost models", async () => {
    const utxos = await wallet.getUnspentOutputs();
    assert.deepEqual(
      utxos.map((u) => u.output().amount().coin()),
      [200_000_000n],
    );
    const params = await provider.getParameters();
    assert.equal(params.minFeeCoefficient, 44);
    assert.deepEqual(
      [...params.costModels.values()].map((m) => m.length),
      [166, 175, 297],
    );
  });

  test("a payment; the receiver holds it on the devnet", async () => {
    const to = Core.addressFromCredential(
      Core.NetworkId.Testnet,
      Core.Credential.fromCore({
        type: Core.CredentialType.KeyHash,
        hash: Core.Hash28ByteBase16(randomBytes(28).toString("hex")),
      }),
    );
    const txId = await run(await blaze.newTransaction().payLovelace(to, 6_000_000n).complete());
    assert.deepEqual(
      (await devnet.utxos(to.toBech32())).map((u) => [u.txHash, u.lovelace]),
      [[txId, "6000000"]],
    );
  });

  test("a native-token mint with CIP-25 metadata; read back by address and asset", async () => {
    const script = Core.Script.newNativeScript(Core.NativeScripts.justAddress(address, Core.NetworkId.Testnet));
    const policyId = Core.PolicyId(script.hash());
    const name = Buffer.from("BlazeCertified").toString("hex");
    const unit = `${policyId}${name}`;
    const metadata = new Map<bigint, Core.Metadatum>([
      [
        721n,
        Core.Metadatum.fromCore(
          new Map([
            [
              policyId,
              new Map([
                [
                  "BlazeCertified",
                  new Map([
                    ["name", "BlazeCertified"],
                    ["image", "ipfs://blaze"],
                  ]),
                ],
              ]),
            ],
          ]),
        ),
      ],
    ]);
    const tx = await blaze
      .newTransaction()
      .addMint(policyId, new Map([[Core.AssetName(name), 1n]]))
      .provideScript(script)
      .setMetadata(new Core.Metadata(metadata))
      .payAssets(Core.Address.fromBech32(address), new Core.Value(2_000_000n, new Map([[Core.AssetId(unit), 1n]])))
      .complete();
    const txId = await run(tx);
    assert.equal(quantityOf(await devnet.utxos(address), unit), 1n);
    const withAsset = await provider.getUnspentOutputsWithAsset(Core.Address.fromBech32(address), Core.AssetId(unit));
    assert.deepEqual(
      withAsset.map((u) => [u.input().transactionId(), u.output().amount().multiasset()?.get(Core.AssetId(unit))]),
      [[txId, 1n]],
    );
    const byNft = await provider.getUnspentOutputByNFT(Core.AssetId(unit));
    assert.equal(byNft.input().transactionId(), txId);
  });

  test("a Plutus V3 lock and unlock, evaluated through the API", async () => {
    const script = Core.Script.newPlutusV3Script(new Core.PlutusV3Script(Core.HexBlob(ALWAYS_SUCCEEDS_V3.slice(2))));
    const scriptAddress = Core.addressFromValidator(Core.NetworkId.Testnet, script);
    const datum = Core.PlutusData.newConstrPlutusData(new Core.ConstrPlutusData(0n, new Core.PlutusList()));
    const lockId = await run(await blaze.newTransaction().lockLovelace(scriptAddress, 10_000_000n, datum).complete());
    assert.deepEqual(
      (await devnet.utxos(scriptAddress.toBech32())).map((u) => [u.txHash, u.lovelace]),
      [[lockId, "10000000"]],
    );
    const [locked] = await provider.getUnspentOutputs(scriptAddress);
    assert.ok(locked, "the provider reads the locked output");
    const unlockId = await run(await blaze.newTransaction().addInput(locked, datum).provideScript(script).complete());
    assert.deepEqual(await devnet.utxos(scriptAddress.toBech32()), []);
    const status = (await devnet.txStatus(unlockId)) as { status?: string };
    assert.equal(status.status, "confirmed");
  });

  test("a stake registration and delegation to a devnet pool", async () => {
    const poolId = await devnet.seedPool();
    // HotWallet 0.2.48 reports no reward address (getRewardAddresses is []): its base address's stake part is the account.
    const stake = Core.Address.fromBech32(address).getProps().delegationPart;
    assert.ok(stake, "the wallet's address has a stake credential");
    const stakeHash = stake.hash;
    const credential = Core.Credential.fromCore(stake);
    const rewardAddress = new Core.Address({
      type: Core.AddressType.RewardKey,
      networkId: Core.NetworkId.Testnet,
      paymentPart: stake,
    }).toBech32();
    const tx = await blaze
      .newTransaction()
      .addRegisterStake(credential)
      .addDelegation(credential, Core.PoolId(poolId))
      // HotWallet signs with its stake key when the stake key hash is a required signer.
      .addRequiredSigner(Core.Ed25519KeyHashHex(stakeHash))
      .complete();
    await run(tx);
    const account = await devnet.service.app.chain.stakeAccount(rewardAddress);
    assert.deepEqual(account, { registered: true, pool: poolKeyHash(poolId, "poolId"), drep: null });
  });
});
