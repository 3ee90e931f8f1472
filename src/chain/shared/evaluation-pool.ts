// Plutus evaluation off the request path: a small pool of worker threads (Node's own
// worker_threads, no library), each loading Scalus once (./evaluation-worker.ts). An evaluation
// is bounded by its budget (./scalus-evaluate.ts); the pool keeps a long but legal one from
// blocking the event loop, so health and other requests are answered meanwhile. Evaluations wait
// in a bounded queue when every worker is busy; beyond it, the answer is a 503 with Retry-After.
// Workers start with the first evaluation, a worker that dies is replaced by the next one, and
// close() lets the evaluations under way finish, then parks the idle workers for the process's
// next pool, or terminates them (the chain's close, in the app's onClose).
//
// Parking: a worker costs about a second of CPU to start (Scalus loaded, and under tsx the loader
// too), and a process that builds many services one after another (the tests, a CLI) would pay it
// for each. A closed pool hands up to MAX_PARKED idle workers, unreferenced, to the next pool of
// the process; a service, which has one pool, never reuses one. Workers hold no state between
// evaluations (each message carries its whole job), so a parked one answers as a new one would.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { EvaluationBusyError, TxTooLargeError, UnprocessableError } from "../../errors.js";
import type { RedeemerBudget } from "../port.js";
import type { WorkerAnswer } from "./evaluation-worker.js";
import type { EvaluationJob } from "./scalus-evaluate.js";

export interface EvaluationPoolOptions {
  /** Worker threads (EVALUATION_WORKERS); default: the cores, at most 2. */
  readonly workers?: number;
  /** Evaluations that may wait for a worker (EVALUATION_QUEUE); default 16. Beyond: 503. */
  readonly queue?: number;
}

export const DEFAULT_EVALUATION_QUEUE = 16;
export const defaultEvaluationWorkers = (): number => Math.max(1, Math.min(2, availableParallelism()));

/** Heap of one worker, MiB: a script within the ledger's budget needs far less; past it, the worker dies, not the service. */
const WORKER_HEAP_MB = 512;
/** The Retry-After of a 503 when the queue is full, seconds. */
const RETRY_AFTER_SECONDS = 1;

interface Pending {
  readonly id: number;
  readonly job: EvaluationJob;
  resolve(budgets: RedeemerBudget[]): void;
  reject(error: unknown): void;
}

/**
 * Idle workers of closed pools, kept for the next pool of this process (unreferenced: they keep no
 * process alive), each with the function that removes its parked listener. Only the pool's own
 * listeners are ever removed: a Worker's internal ones (its port's referencing) must stay.
 */
const MAX_PARKED = 2;
const parked: Array<{ readonly worker: Worker; readonly detach: () => void }> = [];

/** Workers parked now (tests). */
export const parkedWorkers = (): number => parked.length;

function park(worker: Worker): boolean {
  if (parked.length >= MAX_PARKED) return false;
  worker.unref();
  // A parked worker that dies (its heap, the process's end) leaves the list.
  const leave = () => {
    const index = parked.findIndex((entry) => entry.worker === worker);
    if (index >= 0) parked.splice(index, 1);
  };
  worker.on("exit", leave);
  worker.on("error", leave);
  parked.push({ worker, detach: () => worker.off("exit", leave).off("error", leave) });
  return true;
}

function unpark(): Worker | undefined {
  const entry = parked.pop();
  entry?.detach();
  return entry?.worker;
}

interface Slot {
  readonly worker: Worker;
  /** Whether Scalus is loaded in it (its ready message came): only such a worker is parked. */
  isReady: boolean;
  /** Removes the pool's listeners from the worker (before it is parked). */
  detach(): void;
  /** Resolves once Scalus is loaded in it. */
  readonly ready: Promise<void>;
  current: Pending | null;
}

/** The worker's module beside this one: TypeScript when the service runs through tsx, JavaScript when compiled (npm run build). */
const COMPILED = import.meta.url.endsWith(".js");
const WORKER_URL = new URL(COMPILED ? "./evaluation-worker.js" : "./evaluation-worker.ts", import.meta.url).href;

/**
 * The worker's module is TypeScript, run by tsx as the service is: the thread registers tsx's
 * loader first (a worker does not inherit the loader hooks of the main thread on Node 20). The
 * compiled service's worker imports its JavaScript directly.
 */
function bootstrap(): string {
  if (COMPILED) return `import(${JSON.stringify(WORKER_URL)});`;
  const tsx = import.meta.resolve("tsx/esm/api");
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); });`;
}

/** The error a worker answered, as the registry's error of its code. */
function errorOf(answer: Extract<WorkerAnswer, { ok: false }>): Error {
  if (answer.code === "TX_ERR_TOO_LARGE") return new TxTooLargeError(answer.message);
  if (answer.code === "SVC_ERR_UNPROCESSABLE") return new UnprocessableError(answer.message);
  return new Error(answer.message);
}

export class EvaluationPool {
  readonly size: number;
  readonly queueLimit: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;
  /** Who waits for an evaluation to end (close). */
  #drained: Array<() => void> = [];

  constructor(options: EvaluationPoolOptions = {}) {
    this.size = options.workers ?? defaultEvaluationWorkers();
    this.queueLimit = options.queue ?? DEFAULT_EVALUATION_QUEUE;
  }

  /** Threads running now (0 before the first evaluation and after close). */
  get workers(): number {
    return this.#slots.length;
  }

  /** Evaluations waiting for a worker. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Runs one evaluation in a worker; 503 (EvaluationBusyError) when every worker is busy and the queue is full. */
  evaluate(job: EvaluationJob): Promise<RedeemerBudget[]> {
    if (this.#closed) return Promise.reject(new Error("the evaluation pool is closed"));
    const idle = this.#idleSlot();
    if (!idle && this.#queue.length >= this.queueLimit) {
      return Promise.reject(
        Object.assign(
          new EvaluationBusyError(
            `Every script evaluator is busy (${this.size} running, ${this.queueLimit} waiting, EVALUATION_WORKERS and EVALUATION_QUEUE): try again in ${RETRY_AFTER_SECONDS} s.`,
          ),
          { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
        ),
      );
    }
    return new Promise<RedeemerBudget[]>((resolve, reject) => {
      const pending: Pending = { id: this.#nextId++, job, resolve, reject };
      if (idle) this.#start(idle, pending);
      else this.#queue.push(pending);
    });
  }

  /**
   * Refuses new evaluations, lets the running and waiting ones finish (each is bounded by its
   * budget, the queue by its size), then parks the ready workers for the next pool (up to
   * MAX_PARKED in the process) and terminates the others.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    while (this.#slots.some((slot) => slot.current !== null) || this.#queue.length > 0)
      await new Promise<void>((resolve) => this.#drained.push(resolve));
    const slots = this.#slots.splice(0);
    await Promise.all(
      slots.map(async (slot) => {
        slot.detach();
        if (!(slot.isReady && park(slot.worker))) await slot.worker.terminate();
      }),
    );
  }

  /** A worker without an evaluation, started if the pool has fewer than its size. */
  #idleSlot(): Slot | undefined {
    const idle = this.#slots.find((slot) => slot.current === null);
    if (idle) return idle;
    if (this.#slots.length < this.size) return this.#spawn();
    return undefined;
  }

  #spawn(): Slot {
    const reused = unpark();
    const worker =
      reused ?? new Worker(bootstrap(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    let ready!: () => void;
    const slot: Slot = {
      worker,
      isReady: false,
      ready: new Promise<void>((resolve) => (ready = resolve)),
      current: null,
      detach: () => worker.off("message", onMessage).off("error", died).off("exit", exited),
    };
    if (reused) {
      slot.isReady = true;
      ready();
    }
    const onMessage = (message: WorkerAnswer | { ready: true }) => {
      if ("ready" in message) {
        slot.isReady = true;
        return ready();
      }
      const pending = slot.current;
      if (!pending || pending.id !== message.id) return;
      this.#finish(slot);
      if (message.ok) pending.resolve(message.budgets);
      else pending.reject(errorOf(message));
    };
    // A worker that dies (its heap limit, a bug) fails its evaluation and leaves the pool; the next evaluation starts another.
    const died = (error: Error | null) => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      this.#slots.splice(index, 1);
      ready();
      const pending = slot.current;
      slot.current = null;
      pending?.reject(
        new UnprocessableError(
          `The script evaluator stopped while running this transaction's scripts (${error?.message ?? "it exited"}): check the scripts' budgets.`,
        ),
      );
      for (const resolve of this.#drained.splice(0)) resolve();
      const next = this.#queue.shift();
      if (next) this.#start(this.#spawn(), next);
    };
    const exited = () => died(null);
    worker.on("message", onMessage);
    worker.on("error", died);
    worker.on("exit", exited);
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    // A running evaluation keeps the process alive (a CLI awaiting it); an idle worker does not.
    slot.worker.ref();
    void slot.ready.then(() => {
      if (slot.current === pending) slot.worker.postMessage({ id: pending.id, job: pending.job });
    });
  }

  #finish(slot: Slot): void {
    slot.current = null;
    for (const resolve of this.#drained.splice(0)) resolve();
    const next = this.#queue.shift();
    if (next) this.#start(slot, next);
    else slot.worker.unref();
  }
}
