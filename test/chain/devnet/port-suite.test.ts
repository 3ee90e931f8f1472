// The chain port suite (../../support/port-suite.ts), run against the embedded devnet (an in-memory SQLite store).
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { runPortSuite } from "../../support/port-suite.js";

runPortSuite("devnet", async () => {
  const port = await DevnetChain.create({ path: ":memory:" });
  return {
    port,
    fund: async (address, lovelace) => {
      await port.faucet(address, lovelace);
    },
    registersPools: true,
    close: () => port.close(),
  };
});
