// The evaluation pool (src/chain/shared/evaluation-pool.ts): worker threads started by the first
// evaluation, a bounded queue whose overflow is a 503 with Retry-After, a script's refusal
// answered with its code, and close() draining, then parking the workers for the process's next
// pool (at most two) and terminating the others.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EvaluationPool, parkedWorkers } from "../../src/chain/shared/evaluation-pool.js";
import type { EvaluationJob } from "../../src/chain/shared/scalus-evaluate.js";

/** A job Scalus refuses at once: its "transaction" is one CBOR integer. */
const notATransaction: EvaluationJob = {
  txCbor: "01",
  utxoMap: Uint8Array.of(0xa0),
  slots: { zeroTimeMs: 0, zeroSlot: 0, slotLengthMs: 1000 },
  costModels: [[], [], []],
  limit: { mem: 16_500_000n, steps: 10_000_000_000n },
};

describe("the evaluation pool", () => {
  it("starts no worker until the first evaluation, then runs it there and answers the evaluator's refusal with its code", async () => {
    const pool = new EvaluationPool({ workers: 1, queue: 4 });
    try {
      assert.equal(pool.workers, 0);
      await assert.rejects(pool.evaluate(notATransaction), (error: Error & { code?: string; statusCode?: number }) => {
        assert.equal(error.code, "SVC_ERR_UNPROCESSABLE");
        assert.equal(error.statusCode, 422);
        assert.match(error.message, /^Script evaluation failed: /);
        return true;
      });
      assert.equal(pool.workers, 1);
    } finally {
      await pool.close();
    }
  });

  it("queues evaluations up to its bound while the workers are busy; beyond it, a 503 SVC_ERR_BUSY with Retry-After", async () => {
    const pool = new EvaluationPool({ workers: 1, queue: 2 });
    try {
      // The worker is still starting when these arrive: one runs, two wait, the fourth is refused.
      const accepted = Promise.allSettled([
        pool.evaluate(notATransaction),
        pool.evaluate(notATransaction),
        pool.evaluate(notATransaction),
      ]);
      assert.equal(pool.waiting, 2);
      await assert.rejects(
        pool.evaluate(notATransaction),
        (error: Error & { code?: string; statusCode?: number; headers?: Record<string, string> }) => {
          assert.equal(error.code, "SVC_ERR_BUSY");
          assert.equal(error.statusCode, 503);
          assert.deepEqual(error.headers, { "retry-after": "1" });
          assert.equal(
            error.message,
            "Every script evaluator is busy (1 running, 2 waiting, EVALUATION_WORKERS and EVALUATION_QUEUE): try again in 1 s.",
          );
          return true;
        },
      );
      // The queued ones still run, in turn.
      for (const result of await accepted) {
        assert.equal(result.status, "rejected");
        assert.equal((result.reason as { code?: string }).code, "SVC_ERR_UNPROCESSABLE");
      }
      assert.equal(pool.waiting, 0);
      // With the queue drained, the next one is accepted again.
      await assert.rejects(pool.evaluate(notATransaction), { code: "SVC_ERR_UNPROCESSABLE" });
    } finally {
      await pool.close();
    }
  });

  it("close() lets the evaluations under way finish, terminates the workers and refuses what comes after", async () => {
    const pool = new EvaluationPool({ workers: 2, queue: 4 });
    await assert.rejects(pool.evaluate(notATransaction), { code: "SVC_ERR_UNPROCESSABLE" });
    assert.equal(pool.workers, 1);
    const waiting = Promise.allSettled([
      pool.evaluate(notATransaction),
      pool.evaluate(notATransaction),
      pool.evaluate(notATransaction),
    ]);
    await pool.close();
    assert.equal(pool.workers, 0);
    assert.equal(pool.waiting, 0);
    for (const result of await waiting)
      assert.equal(
        ((result as PromiseRejectedResult).reason as { code: string }).code,
        "SVC_ERR_UNPROCESSABLE",
        "run, not dropped",
      );
    await assert.rejects(pool.evaluate(notATransaction), /the evaluation pool is closed/);
  });

  it("a closed pool parks its ready workers for the next pool of the process (at most two), which evaluates in them at once", async () => {
    const first = new EvaluationPool({ workers: 2, queue: 4 });
    // Two at once: both workers start.
    await Promise.allSettled([first.evaluate(notATransaction), first.evaluate(notATransaction)]);
    assert.equal(first.workers, 2);
    await first.close();
    assert.equal(parkedWorkers(), 2);
    const third = new EvaluationPool({ workers: 1, queue: 4 });
    const second = new EvaluationPool({ workers: 2, queue: 4 });
    try {
      await assert.rejects(second.evaluate(notATransaction), { code: "SVC_ERR_UNPROCESSABLE" });
      assert.equal(parkedWorkers(), 1, "the next pool took a parked worker");
      await assert.rejects(third.evaluate(notATransaction), { code: "SVC_ERR_UNPROCESSABLE" });
      assert.equal(parkedWorkers(), 0);
      // A pool beyond the parked ones starts its own, and answers alike.
      await Promise.allSettled([second.evaluate(notATransaction), second.evaluate(notATransaction)]);
      assert.equal(second.workers, 2);
    } finally {
      await Promise.all([second.close(), third.close()]);
    }
    assert.equal(parkedWorkers(), 2, "two parked, the third worker terminated");
  });
});
