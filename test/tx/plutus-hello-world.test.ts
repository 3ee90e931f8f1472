// The hosted API's hello-world smart-contract programs on the devnet (../support/flows/plutus-hello-world.ts;
// test/e2e runs them through the Blockfrost and Ogmios + Kupo fakes too).
import { after, before } from "node:test";
import { plutusHelloWorldFlows } from "../support/flows/plutus-hello-world.js";
import { startTarget, type Target } from "../support/target.js";

let target: Target;
before(async () => {
  target = await startTarget("devnet");
});
after(async () => {
  await target?.close();
});

plutusHelloWorldFlows(() => target);
