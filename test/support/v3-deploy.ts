// The operator's deployment of contracts v3 on a real network (a fake backend's preprod): the
// tournament script and the batch validator as reference scripts at the vault, built, recorded in
// the service's deployment store (as prepareDeployment in src/tournament/deployment.ts does for the
// default contract, the only one `contracts deploy` deploys), signed by the operator and submitted
// through the service. Until then the service attaches v3's scripts inline, and a settlement of 32
// placements and 8 fixed payouts does not fit one transaction (tournament-v3-fakes.test.ts).
import { fromHex, splitTransaction, txIdOfBody } from "../../src/cardano/tx-cbor.js";
import { readAddress } from "../../src/cardano/address-rules.js";
import type { Network } from "../../src/config.js";
import { V3_CONTRACT } from "../../src/tournament/contracts.js";
import { contractOf } from "../../src/tournament/deployment.js";
import { buildDeployTx } from "../../src/tournament/devnet-deploy.js";
import type { RunningService } from "./service.js";
import { signAndSubmit } from "./transactions-api.js";
import type { Funded } from "./wallets.js";

/** Deploys v3's two scripts on `service`'s network, paid by `operator`; resolves to the deployment's transaction hash once on chain. */
export async function deployV3(service: RunningService, network: Network, operator: Funded): Promise<string> {
  const chain = service.app.chain!;
  const contract = contractOf(V3_CONTRACT, network);
  const scripts = [contract.script, contract.tree!.batch];
  const from = readAddress(operator.address, "from");
  const transaction = buildDeployTx(
    network,
    await chain.protocolParameters(),
    scripts,
    await chain.utxosAt(operator.address),
    from,
  );
  const hash = txIdOfBody(splitTransaction(fromHex(transaction)).body);
  for (const [outputIndex, script] of scripts.entries())
    await service.app.stores.deployments.save({
      network,
      contractTitle: contract.contractTitle,
      contractVersion: contract.contractVersion,
      scriptHash: script.hash,
      txHash: hash,
      outputIndex,
      createdAt: Date.now(),
    });
  return signAndSubmit(service, { complete: transaction, hash }, [operator]);
}
