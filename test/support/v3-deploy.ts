// The operator's deployment of contracts v3 on a real network (a fake backend's preprod), as
// `contracts deploy` makes it (prepareDeployment): the tournament script and the batch validator
// as reference scripts at the vault, recorded in the service's deployment store, signed by the
// operator and submitted through the service. Until then the service attaches v3's scripts inline,
// and a settlement of 32 placements and 8 fixed payouts does not fit one transaction
// (tournament-v3-fakes.test.ts).
import { readAddress } from "../../src/cardano/address-rules.js";
import type { Network } from "../../src/config.js";
import { V3_CONTRACT } from "../../src/tournament/contracts.js";
import { contractOf, prepareDeployment } from "../../src/tournament/deployment.js";
import type { RunningService } from "./service.js";
import { signAndSubmit } from "./transactions-api.js";
import type { Funded } from "./wallets.js";

/** Deploys v3's two scripts on `service`'s network, paid by `operator`; resolves to the deployment's transaction hash once on chain. */
export async function deployV3(service: RunningService, network: Network, operator: Funded): Promise<string> {
  const { transaction, hash } = await prepareDeployment(
    service.app.chain!,
    network,
    service.app.stores.deployments,
    readAddress(operator.address, "from"),
    undefined,
    contractOf(V3_CONTRACT, network),
  );
  return signAndSubmit(service, { complete: transaction, hash }, [operator]);
}
