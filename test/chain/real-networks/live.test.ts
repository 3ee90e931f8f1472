// The chain port suite (test/support/port-suite.ts) against a live Blockfrost or Ogmios +
// Kupo, opt-in: it needs the internet (or a node), a network's backend settings and a funded key.
//
//   LIVE_CHAIN_TEST=1 NETWORK=preprod BLOCKFROST_PROJECT_ID=preprod… \
//   LIVE_FUNDING_KEY=5820<32-byte ed25519 key, hex> node scripts/run-tests.mjs real-networks/live.test
//
// (or OGMIOS_URL and KUPO_URL instead of BLOCKFROST_PROJECT_ID). The funding key's enterprise
// address must hold test ada; the suite pays small amounts to fresh wallets from it. Without
// LIVE_CHAIN_TEST the suite is skipped. Offline, the same suite runs through both adapters
// against the loopback fakes answering from a live devnet ledger (port-suite.test.ts).
import { describe, it } from "node:test";
import { MeshWallet } from "@meshsdk/wallet";
import { loadConfig } from "../../../src/config.js";
import { createRealNetworkChain } from "../../../src/chain/real-networks.js";
import { runPortSuite } from "../../support/port-suite.js";
import { buildPayment } from "../../support/wallets.js";
import { lovelaceOf } from "../../support/utxos.js";

const env = process.env;
const enabled = env["LIVE_CHAIN_TEST"] === "1";

if (!enabled) {
  describe("chain port suite: live backend", () => {
    it(
      "runs against Blockfrost or Ogmios + Kupo",
      { skip: "set LIVE_CHAIN_TEST=1 with NETWORK, the backend's variables and LIVE_FUNDING_KEY" },
      () => {},
    );
  });
} else {
  const config = loadConfig(env);
  const backend = config.backend;
  const fundingKey = env["LIVE_FUNDING_KEY"];
  if (config.network === "devnet" || backend === null || !fundingKey) {
    throw new Error(
      "LIVE_CHAIN_TEST needs NETWORK (preview, preprod or mainnet), a backend (BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL) and LIVE_FUNDING_KEY.",
    );
  }
  const network = config.network;
  const CONFIRM_MS = 240_000;

  runPortSuite(`live ${backend.kind} on ${network}`, async () => {
    const port = createRealNetworkChain(network, backend);
    const funder = new MeshWallet({
      networkId: network === "mainnet" ? 1 : 0,
      key: { type: "cli", payment: fundingKey },
    });
    await funder.init();
    const from = funder.getAddresses().enterpriseAddressBech32;
    if (!from) throw new Error("LIVE_FUNDING_KEY gives no enterprise address");
    return {
      port,
      confirmTimeoutMs: CONFIRM_MS,
      fund: async (address, lovelace) => {
        const params = await port.protocolParameters();
        const utxos = (await port.utxosAt(from)).filter((u) => u.output.amount.length === 1 && !u.output.scriptRef);
        const tx = await funder.signTx(await buildPayment(params, from, utxos, address, lovelace), true, true);
        await port.submit(tx);
        // Bounded wait until the new outputs are visible through the port.
        const deadline = Date.now() + CONFIRM_MS;
        while (Date.now() < deadline) {
          const held = (await port.utxosAt(address)).reduce((sum, u) => sum + lovelaceOf(u), 0n);
          if (held >= lovelace) return;
          await new Promise((resolve) => setTimeout(resolve, 5_000));
        }
        throw new Error(`${address} was not funded within ${CONFIRM_MS / 1000} s`);
      },
      close: () => port.close(),
    };
  });
}
