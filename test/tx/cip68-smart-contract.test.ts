// The hosted API's CIP-68 smart-contract programs (smart-contracts/cip-68/mint-cip68 in
// Cardano-Forge/anvil-api-examples), replayed over HTTP on the devnet (the flows are
// ../support/flows/cip68-smart-contract.ts; the e2e suites run them through both fakes): create-mint.ts (apply the
// manager's key hash to the contract, mint a label 100/222 pair, the reference token at the script
// address with an inline datum given as JSON of the blueprint's schema), customer-update.ts (the
// holder of the user token changes the nickname and pays the manager 1 ADA) and admin-update.ts
// (the manager rewrites the datum). Their request bodies are sent as written; only the base URL,
// the key and the wallets change, and the UTxOs the examples read from Blockfrost are read from
// GET /addresses/{address}/utxos. admin-update.ts names an asset and an output of the hosted
// API's own chain ("test", a fixed TX_HASH): the replay names the ones minted here instead.
// Signed with CSL keys as the examples sign, submitted as `{transaction}`, checked on chain.
//
// The contract is the examples' Aiken contract written again in Helios (the repository carries its
// source, not its plutus.json): test/fixtures/blueprints/cip68/, whose plutus.json must have been
// generated from the sources as they are (digest.json; test/slow/contracts-compile.test.ts compiles
// it again and compares).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import {
  BLUEPRINT_PATH,
  DIGEST_PATH,
  generateCip68Blueprint,
  sourcesDigest,
} from "../fixtures/blueprints/cip68/generate.js";
import { cip68SmartContractFlows } from "../support/flows/cip68-smart-contract.js";
import { startTarget, type Target } from "../support/target.js";

describe("the CIP-68 contract fixture", () => {
  const regenerate = "regenerate: npx tsx test/fixtures/blueprints/cip68/generate.ts";

  it("plutus.json was generated from cip68.hl and generate.ts as they are (their digest)", () => {
    const recorded = (JSON.parse(readFileSync(DIGEST_PATH, "utf8")) as { sourcesDigest: string }).sourcesDigest;
    assert.equal(recorded, sourcesDigest(), regenerate);
  });

  it("plutus.json has generate.ts's schemas around its compiled code", () => {
    const text = readFileSync(BLUEPRINT_PATH, "utf8");
    const { compiledCode, hash } = (JSON.parse(text) as { validators: { compiledCode: string; hash: string }[] })
      .validators[0]!;
    assert.equal(generateCip68Blueprint({ compiledCode, hash }), text, regenerate);
  });
});

let target: Target;
before(async () => {
  target = await startTarget("devnet");
});
after(async () => {
  await target?.close();
});

cip68SmartContractFlows(() => target);
