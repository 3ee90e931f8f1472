// Reference-script deployment transactions. The scripts go to the "vault": an enterprise address
// whose key hash is the hash of a fixed text, so that no key can ever spend them and coin selection
// never meets them. On the devnet the service deploys by itself, from a throw-away key the faucet
// funds; on other networks the CLI builds the unsigned transaction for the operator (buildDeployTx,
// through prepareDeployment in ./deployment.ts, which knows which contract and records it).
import { randomBytes } from "node:crypto";
import type { Protocol, UTxO } from "../cardano/types.js";
import { balanceTransaction, draftOf } from "../txcore/balance.js";
import type { Address } from "../cardano/addresses.js";
import { shelleyAddressOf } from "../cardano/credential-address.js";
import { blake2b224 } from "../cardano/hash.js";
import { signTransaction, SigningKey } from "../cardano/sign.js";
import { fromHex, toHex } from "../cardano/tx-cbor.js";
import { valueOf } from "../cardano/value.js";
import type { Network } from "../config.js";
import type { DevnetPort } from "../chain/port.js";
import { networkIdOf, type CompiledScript } from "./contracts.js";

const VAULT_SEED = "cardano-tx-service: tournament reference scripts (no key exists for this address)";

/** The key hash of the vault: blake2b-224 of a text, so nobody holds its signing key. */
export const VAULT_KEY_HASH = blake2b224(Buffer.from(VAULT_SEED, "utf8"));

export const vaultAddress = (network: Network): string => vaultAddressOf(network).bech32;

/** vaultAddress as an Address (bytes and bech32), made from its bytes. */
const vaultAddressOf = (network: Network): Address =>
  shelleyAddressOf({ hash: VAULT_KEY_HASH, isScript: false }, undefined, networkIdOf(network));

/** Lovelace a reference-script output needs: the ledger's coinsPerUTxOByte × (160 + its size), with a margin. */
export function deploymentLovelace(script: CompiledScript, params: Protocol): bigint {
  return BigInt(160 + 120 + script.compiledCode.length / 2) * BigInt(params.coinsPerUtxoSize);
}

/** The unsigned transaction (CBOR hex) that puts `scripts` (outputs 0..n-1) at the vault, paid from `utxos`. */
export function buildDeployTx(
  network: Network,
  params: Protocol,
  scripts: readonly CompiledScript[],
  utxos: readonly UTxO[],
  changeAddress: Address,
): string {
  const vault = vaultAddressOf(network);
  const outputs = scripts.map((s) => ({
    address: vault,
    value: valueOf(deploymentLovelace(s, params)),
    // script_ref holds the program's CBOR byte string: the blueprint's compiledCode.
    referenceScript: { version: "V2" as const, code: s.compiledCode },
  }));
  const tx = balanceTransaction(draftOf({ outputs }), {
    pool: utxos.filter((u) => !u.output.scriptRef),
    changeAddress,
    params,
  });
  return toHex(tx.cbor);
}

/** Deploys `script` on the devnet: a fresh key, funded by the faucet, pays and signs. */
export async function deployOnDevnet(
  chain: DevnetPort,
  script: CompiledScript,
): Promise<{ txHash: string; index: number }> {
  const key = new SigningKey(randomBytes(32));
  const payer = shelleyAddressOf({ hash: key.keyHash, isScript: false }, undefined, 0);
  const params = await chain.protocolParameters();
  await chain.faucet(payer.bech32, deploymentLovelace(script, params) + 10_000_000n);
  const unsigned = buildDeployTx("devnet", params, [script], await chain.utxosAt(payer.bech32), payer);
  const txHash = await chain.submit(toHex(signTransaction(fromHex(unsigned), key)));
  return { txHash, index: 0 };
}
