// The status a client sees (src/tx/submit/status.ts) over a stub port: the chain's answer first, then
// this instance's bounded memory of its submissions; and the wait's polling, timeout and abort.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ChainPort, TxStatus } from "../../src/chain/port.js";
import { SUBMISSION_MEMORY, SubmissionLog, transactionStatus, waitForTransaction } from "../../src/tx/submit/status.js";

const A = "aa".repeat(32);
const B = "bb".repeat(32);

/** A port whose txStatus answers from `answers` (by hash, in turn; the last one repeats), counting calls. */
function stubChain(answers: Record<string, TxStatus[]>): ChainPort & { calls: number } {
  const chain = {
    calls: 0,
    async txStatus(txHash: string): Promise<TxStatus> {
      chain.calls++;
      const list = answers[txHash] ?? [];
      return (list.length > 1 ? list.shift() : list[0]) ?? { status: "unknown" };
    },
  };
  return chain as unknown as ChainPort & { calls: number };
}

describe("transaction status", () => {
  it("is the chain's when it is on the chain, else the remembered outcome, else unknown", async () => {
    const log = new SubmissionLog();
    log.accepted(A);
    log.rejected(B, "The ledger rejected the transaction: no.");
    const chain = stubChain({ [A]: [{ status: "confirmed", confirmations: 4 }] });
    assert.deepEqual(await transactionStatus(chain, log, A), { status: "confirmed", confirmations: 4 });
    assert.deepEqual(await transactionStatus(chain, log, B.toUpperCase()), {
      status: "rejected",
      reason: "The ledger rejected the transaction: no.",
    });
    assert.deepEqual(await transactionStatus(chain, log, "cc".repeat(32)), { status: "unknown" });
    assert.deepEqual(await transactionStatus(stubChain({}), log, A), { status: "pending" });
  });

  it(`remembers the last ${SUBMISSION_MEMORY} submissions, forgetting the oldest first; the latest outcome wins`, () => {
    const log = new SubmissionLog(3);
    const hash = (i: number) => i.toString(16).padStart(64, "0");
    for (let i = 0; i < 3; i++) log.rejected(hash(i), `reason ${i}`);
    log.accepted(hash(0)); // refreshed: now the newest
    log.accepted(hash(3));
    assert.equal(log.outcomeOf(hash(1)), undefined);
    assert.deepEqual(log.outcomeOf(hash(0)), { status: "pending" });
    assert.deepEqual(log.outcomeOf(hash(2)), { status: "rejected", reason: "reason 2" });
    assert.equal(new SubmissionLog().capacity, 10_000);
  });
});

describe("waiting for a transaction", () => {
  const options = { confirmations: 2, timeoutMs: 2_000, intervalMs: 10 };

  it("polls until the depth asked for, then answers it", async () => {
    const chain = stubChain({
      [A]: [
        { status: "unknown" },
        { status: "confirmed", confirmations: 1 },
        { status: "confirmed", confirmations: 2 },
      ],
    });
    assert.deepEqual(await waitForTransaction(chain, new SubmissionLog(), A, options), {
      status: "confirmed",
      confirmations: 2,
      timedOut: false,
    });
    assert.equal(chain.calls, 3);
  });

  it("answers a known rejection at once", async () => {
    const log = new SubmissionLog();
    log.rejected(A, "why");
    const chain = stubChain({});
    assert.deepEqual(await waitForTransaction(chain, log, A, options), {
      status: "rejected",
      reason: "why",
      timedOut: false,
    });
    assert.equal(chain.calls, 1);
  });

  it("a depth the backend cannot tell satisfies one confirmation only", async () => {
    const chain = stubChain({ [A]: [{ status: "confirmed", confirmations: null }] });
    assert.equal(
      (await waitForTransaction(chain, new SubmissionLog(), A, { ...options, confirmations: 1 })).timedOut,
      false,
    );
    const deeper = await waitForTransaction(chain, new SubmissionLog(), A, { ...options, timeoutMs: 50 });
    assert.deepEqual(deeper, { status: "confirmed", confirmations: null, timedOut: true });
  });

  it("answers the last status with timedOut when time is up; a timeout of 0 looks once", async () => {
    const chain = stubChain({});
    const log = new SubmissionLog();
    log.accepted(A);
    assert.deepEqual(await waitForTransaction(chain, log, A, { ...options, timeoutMs: 0 }), {
      status: "pending",
      timedOut: true,
    });
    assert.equal(chain.calls, 1);
  });

  it("stops polling when its signal aborts", async () => {
    const chain = stubChain({});
    const gone = new AbortController();
    const waiting = waitForTransaction(chain, new SubmissionLog(), A, {
      ...options,
      timeoutMs: 60_000,
      signal: gone.signal,
    });
    await new Promise((r) => setTimeout(r, 50));
    gone.abort(new Error("the client disconnected"));
    await assert.rejects(waiting, /the client disconnected/);
    const calls = chain.calls;
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(chain.calls, calls);
  });
});
