// The body of an evaluation worker thread (./evaluation-pool.ts starts it): Scalus is loaded once,
// then each message is one evaluation, answered with the budgets or the error's code and message.
import { parentPort } from "node:worker_threads";
import { evaluateWithScalus, type EvaluationJob } from "./scalus-evaluate.js";
import { loadScalus } from "./scalus-bundle.js";

export type WorkerAnswer =
  | { readonly id: number; readonly ok: true; readonly budgets: ReturnType<typeof evaluateWithScalus> }
  | { readonly id: number; readonly ok: false; readonly code: string | undefined; readonly message: string };

const port = parentPort;
if (!port) throw new Error("evaluation-worker.ts runs as a worker thread of the evaluation pool");
loadScalus();
port.on("message", ({ id, job }: { id: number; job: EvaluationJob }) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, ok: true, budgets: evaluateWithScalus(job) };
  } catch (error) {
    answer = {
      id,
      ok: false,
      code: (error as { code?: string }).code,
      message: (error as Error)?.message ?? String(error),
    };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
