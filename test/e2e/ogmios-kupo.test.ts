// The main end-to-end flows on preprod through Ogmios + Kupo, its loopback fake answering from a live
// ledger (../support/target.ts): the same steps the devnet suites run, over HTTP, signed with real keys.
import { runEndToEnd } from "../support/flows/end-to-end.js";

runEndToEnd("ogmios-kupo");
