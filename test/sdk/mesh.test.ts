// Mesh (@meshsdk/core 1.9.1) certified against the devnet's Blockfrost-compatible API: its
// unchanged BlockfrostProvider, given the base URL (Mesh's constructor takes a URL in place of a
// project id), is the fetcher, evaluator and submitter of its own MeshTxBuilder and MeshWallet.
// Each step is Mesh's own flow; each assertion reads the chain state after it through the
// service's own endpoints (/v2/services/…) or the devnet, not through the API Mesh used.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  BlockfrostProvider,
  ForgeScript,
  MeshTxBuilder,
  MeshWallet,
  mConStr0,
  resolveScriptHash,
  serializePlutusScript,
  stringToHex,
} from "@meshsdk/core";
import type { UTxO } from "@meshsdk/common";
import { poolKeyHash } from "../../src/cardano/delegatees.js";
import { ALWAYS_SUCCEEDS_V3, lovelaceOf, quantityOf, startSdkDevnet, type SdkDevnet } from "../support/sdk-devnet.js";

/** Mesh's own way to wait: onTxConfirmed polls /txs/{hash} and /blocks/{hash} every 5 s until the block has a confirmation. */
const confirmed = (provider: BlockfrostProvider, txHash: string): Promise<void> =>
  new Promise((resolve) => provider.onTxConfirmed(txHash, resolve, 10));

describe("Mesh 1.9.1 through the Blockfrost-compatible API", () => {
  let devnet: SdkDevnet;
  let provider: BlockfrostProvider;
  let wallet: MeshWallet;
  /** The same keys signing with the stake key (Mesh's MeshWallet signs with one key: accountType says which). */
  let stakeSigner: MeshWallet;
  let address: string;
  let rewardAddress: string;

  const builder = async () =>
    new MeshTxBuilder({
      fetcher: provider,
      evaluator: provider,
      submitter: provider,
      params: await provider.fetchProtocolParameters(),
    });

  before(async () => {
    devnet = await startSdkDevnet();
    provider = new BlockfrostProvider(devnet.blockfrostUrl);
    const words = MeshWallet.brew() as string[];
    wallet = new MeshWallet({ networkId: 0, fetcher: provider, submitter: provider, key: { type: "mnemonic", words } });
    stakeSigner = new MeshWallet({ networkId: 0, accountType: "stake", key: { type: "mnemonic", words } });
    await wallet.init();
    await stakeSigner.init();
    address = await wallet.getChangeAddress();
    [rewardAddress = ""] = await wallet.getRewardAddresses();
    await devnet.fund(address, 200_000_000n);
  });
  after(async () => {
    await devnet?.close();
  });

  test("the wallet reads its funds through the provider, and the parameters are the ledger's", async () => {
    const utxos = await wallet.getUtxos();
    assert.equal(utxos.length, 1);
    assert.deepEqual(utxos[0]?.output.amount, [{ unit: "lovelace", quantity: "200000000" }]);
    const params = await provider.fetchProtocolParameters();
    assert.equal(params.minFeeA, 44);
    assert.equal(params.coinsPerUtxoSize, 4310);
    assert.equal(params.maxTxExMem, "16500000");
    const costModels = await provider.fetchCostModels();
    assert.deepEqual(
      costModels.map((m: number[]) => m.length),
      [166, 175, 297],
    );
  });

  test("a payment, confirmed Mesh's way; the receiver holds it on the devnet", async () => {
    const receiver = new MeshWallet({ networkId: 0, key: { type: "mnemonic", words: MeshWallet.brew() as string[] } });
    await receiver.init();
    const to = await receiver.getChangeAddress();
    const tx = await (
      await builder()
    )
      .txOut(to, [{ unit: "lovelace", quantity: "7000000" }])
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const txHash = await wallet.submitTx(await wallet.signTx(tx));
    await confirmed(provider, txHash);
    const held = await devnet.utxos(to);
    assert.deepEqual(
      held.map((u) => [u.txHash, u.lovelace]),
      [[txHash, "7000000"]],
    );
    assert.equal((await provider.fetchTxInfo(txHash)).hash, txHash);
  });

  let unit = "";
  test("a native-token mint with CIP-25 metadata; read back by address, by asset and as the asset's metadata", async () => {
    const forgingScript = ForgeScript.withOneSignature(address);
    const policyId = resolveScriptHash(forgingScript);
    const name = "MeshCertified";
    unit = policyId + stringToHex(name);
    const tx = await (
      await builder()
    )
      .mint("1", policyId, stringToHex(name))
      .mintingScript(forgingScript)
      .metadataValue(721, { [policyId]: { [name]: { name, image: "ipfs://mesh", mediaType: "image/png" } } })
      .txOut(address, [
        { unit: "lovelace", quantity: "2000000" },
        { unit, quantity: "1" },
      ])
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const txHash = await wallet.submitTx(await wallet.signTx(tx));
    await confirmed(provider, txHash);
    assert.equal(quantityOf(await devnet.utxos(address), unit), 1n);
    const byAsset = await provider.fetchAddressUTxOs(address, unit);
    assert.deepEqual(
      byAsset.map((u: UTxO) => [u.input.txHash, u.output.amount.find((a) => a.unit === unit)?.quantity]),
      [[txHash, "1"]],
    );
    assert.deepEqual(await provider.fetchAssetAddresses(unit), [{ address, quantity: "1" }]);
    const metadata = (await provider.fetchAssetMetadata(unit)) as Partial<
      Record<"name" | "image" | "totalSupply" | "mintingTxHash", unknown>
    >;
    assert.equal(metadata.name, name);
    assert.equal(metadata.image, "ipfs://mesh");
    assert.equal(metadata.totalSupply, "1");
    assert.equal(metadata.mintingTxHash, txHash);
  });

  test("a Plutus V3 lock and unlock, evaluated through the API", async () => {
    const script = { code: ALWAYS_SUCCEEDS_V3, version: "V3" as const };
    const scriptAddress = serializePlutusScript(script, undefined, 0).address as string;
    const lock = await (
      await builder()
    )
      .txOut(scriptAddress, [{ unit: "lovelace", quantity: "10000000" }])
      .txOutInlineDatumValue(mConStr0([]))
      // An ADA-only output of the wallet, for the unlock's collateral.
      .txOut(address, [{ unit: "lovelace", quantity: "5000000" }])
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const lockHash = await wallet.submitTx(await wallet.signTx(lock));
    await confirmed(provider, lockHash);
    const locked = await devnet.utxos(scriptAddress);
    assert.deepEqual(
      locked.map((u) => [u.txHash, u.index, u.lovelace]),
      [[lockHash, 0, "10000000"]],
    );

    const [scriptUtxo] = await provider.fetchAddressUTxOs(scriptAddress);
    assert.ok(scriptUtxo, "the provider reads the locked output");
    const collateral = (await wallet.getUtxos()).find((u) => u.input.txHash === lockHash && u.input.outputIndex === 1);
    assert.ok(collateral, "an ADA-only UTxO for collateral");
    const unlock = await (
      await builder()
    )
      .spendingPlutusScriptV3()
      .txIn(scriptUtxo.input.txHash, scriptUtxo.input.outputIndex, scriptUtxo.output.amount, scriptAddress)
      .txInInlineDatumPresent()
      .txInRedeemerValue(mConStr0([]))
      .txInScript(ALWAYS_SUCCEEDS_V3)
      .txInCollateral(
        collateral.input.txHash,
        collateral.input.outputIndex,
        collateral.output.amount,
        collateral.output.address,
      )
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const unlockHash = await wallet.submitTx(await wallet.signTx(unlock, true));
    await confirmed(provider, unlockHash);
    assert.deepEqual(await devnet.utxos(scriptAddress), []);
    const redeemers = (await provider.get(`/txs/${unlockHash}/redeemers`)) as Array<{
      purpose: string;
      script_hash: string;
    }>;
    assert.deepEqual(
      redeemers.map((r) => [r.purpose, r.script_hash]),
      [["spend", resolveScriptHash(ALWAYS_SUCCEEDS_V3, "V3")]],
    );
  });

  test("a stake registration and delegation to a devnet pool", async () => {
    const poolId = await devnet.seedPool();
    const tx = await (
      await builder()
    )
      .registerStakeCertificate(rewardAddress)
      .delegateStakeCertificate(rewardAddress, poolKeyHash(poolId, "poolId"))
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const txHash = await wallet.submitTx(await stakeSigner.signTx(await wallet.signTx(tx), true));
    await confirmed(provider, txHash);
    const account = await devnet.service.app.chain.stakeAccount(rewardAddress);
    assert.deepEqual(account, { registered: true, pool: poolKeyHash(poolId, "poolId"), drep: null });
    assert.equal((await provider.fetchTxInfo(txHash)).deposit, "2000000", "the key deposit");
    const info = await provider.fetchAccountInfo(rewardAddress);
    assert.equal(info.poolId, poolId);
    assert.equal(info.active, true);
    assert.equal(BigInt(info.balance), lovelaceOf(await devnet.utxos(address)));
  });
});
