// A v3 settlement or close too large for one transaction while the tournament script travels
// inline: the message names the operator's fix (a reference deployment, `contracts deploy`), with
// the script's size, and says nothing of it once the script is used by reference. (Through the
// Blockfrost fake, a settlement of 128 seats with 32 + 8 prizes was 16,972 bytes inline.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { inlineScriptAdvice, v3Contract } from "../../src/tournament/v3/contract.js";
import { V3_NAMES, v3Scripts } from "../support/v3-contract.js";

describe("a too-large v3 transaction's advice on the tournament script", () => {
  it("names contracts deploy and the script's size when the script is inline", () => {
    const scripts = v3Scripts();
    const advice = inlineScriptAdvice(v3Contract(scripts, "preprod", V3_NAMES));
    const bytes = (scripts.tournament.compiledCode.length / 2).toLocaleString("en-US");
    assert.equal(
      advice,
      `; its tournament script (${bytes} bytes) travels inline because no reference deployment of contract version 3.0.0 is ` +
        "recorded on this network: the operator deploys it once (npm run cli -- contracts deploy --from <address>, see the README), " +
        "after which the same request fits",
    );
    assert.match(bytes, /^10,\d{3}$/);
  });

  it("adds nothing when the script is used by reference", () => {
    const ref = { txHash: "ab".repeat(32), index: 0 };
    assert.equal(
      inlineScriptAdvice(
        v3Contract(v3Scripts(), "preprod", V3_NAMES, { tournament: ref, batch: { ...ref, index: 1 } }),
      ),
      "",
    );
  });
});
