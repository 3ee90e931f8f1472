// The main end-to-end flows on preprod through Blockfrost, its loopback fake answering from a live
// ledger (./helpers/e2e-target.ts): the same steps the devnet suites run, over HTTP, signed with real keys.
import { runEndToEnd } from "./helpers/e2e-flows.js";

runEndToEnd("blockfrost");
