// The OpenAPI examples of the tournament endpoints are those of the contract new tournaments are
// built under (deployment.ts' DEPLOYMENTS[0], v3), recorded from one run
// (scripts/record-tournament-examples.ts): the tournaments they show name its version, policy and
// address, its transactions mint and burn its NFT, and the examples tell one story (the tournament
// created is the one registered to, filled and settled). Examples recorded under another contract
// (v2.1's were) make this test fail: re-record them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as X from "../../../src/server/routes/tournaments/examples.js";
import { defaultContract } from "../../../src/tournament/deployment.js";

const contract = defaultContract("devnet");

describe("the tournament examples, recorded under the default contract", () => {
  it("show tournaments of the default contract: its title, version and policy", () => {
    const shown = [X.TOURNAMENT, ...X.TOURNAMENT_LIST.results, X.UNREADABLE_TOURNAMENT];
    assert.equal(contract.contractVersion, "3.0.0");
    for (const t of shown) {
      assert.equal(t.contractTitle, contract.contractTitle, t.tournamentId);
      assert.equal(t.contractVersion, contract.contractVersion, t.tournamentId);
      assert.equal(t.policyId, contract.policyId, t.tournamentId);
    }
  });

  it("show the unreadable output at the contract's address, holding its NFT", () => {
    const u = X.UNREADABLE_TOURNAMENT;
    assert.equal(u.address, contract.address.bech32);
    assert.deepEqual(
      u.value.map((v) => v.unit),
      ["lovelace", contract.policyId + u.tournamentId],
    );
    assert.match(u.reason, /v3 pool datum/);
  });

  it("build transactions that mint or burn the NFT under the contract's policy", () => {
    for (const [name, built] of Object.entries({
      CREATE_TOURNAMENT_ANSWER: X.CREATE_TOURNAMENT_ANSWER,
      PARTICIPANTS_ANSWER: X.PARTICIPANTS_ANSWER,
      SETTLE_ANSWER: X.SETTLE_ANSWER,
      CANCEL_ANSWER: X.CANCEL_ANSWER,
      REFUND_ANSWER: X.REFUND_ANSWER,
    }))
      assert.ok(built.complete.includes(contract.policyId), `${name} names policy ${contract.policyId}`);
    assert.deepEqual(
      [X.CANCEL_ANSWER, X.REFUND_ANSWER].map((a) => [a.step, a.batchesRemaining]),
      [
        ["close", 0],
        ["close", 0],
      ],
    );
  });

  it("tell one tournament's story: created, registered to, filled and settled", () => {
    const id = X.TOURNAMENT_ID;
    assert.equal(X.CREATE_TOURNAMENT_ANSWER.tournamentId, id);
    assert.equal(X.TOURNAMENT.tournamentId, id);
    assert.deepEqual(
      X.TOURNAMENT_LIST.results.map((t) => t.tournamentId),
      [id],
    );
    assert.equal(X.TOURNAMENT_SUBMIT_REQUEST.transaction, X.REGISTER_ANSWER.complete);
    assert.equal(X.TOURNAMENT_SUBMIT_ANSWER.txHash, X.REGISTER_ANSWER.hash);
    assert.equal(X.UNREGISTER_REQUEST.outputRef, X.REGISTER_ANSWER.outputRef);
    assert.ok(X.PARTICIPANTS_REQUEST.registrations.some((r) => r.outputRef === X.REGISTER_ANSWER.outputRef));
    assert.equal(X.TOURNAMENT.outputRef, `${X.PARTICIPANTS_ANSWER.hash}#0`);
    assert.equal(X.TOURNAMENT.endedBy.txHash, X.SETTLE_ANSWER.hash);
    assert.deepEqual(X.TOURNAMENT.results, X.SETTLE_REQUEST.results);
    assert.match(X.TOO_EARLY_TO_REFUND.message, new RegExp(`^Tournament ${id} can be refunded only after`));
    assert.match(X.NO_LIVE_TOURNAMENT.message, new RegExp(`version "${contract.contractVersion}"`));
  });
});
