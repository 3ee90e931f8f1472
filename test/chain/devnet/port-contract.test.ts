// The chain port contract, run against the embedded devnet (an in-memory SQLite store).
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { runChainContract } from "../../support/chain-contract.js";

runChainContract("devnet", async () => {
  const port = await DevnetChain.create({ path: ":memory:" });
  return {
    port,
    fund: async (address, lovelace) => {
      await port.faucet(address, lovelace);
    },
    close: () => port.close(),
  };
});
