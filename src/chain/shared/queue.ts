// Runs tasks one at a time, in the order they were queued: the devnet's ledger has one writer,
// and an Ogmios chain-synchronisation connection has one cursor.

export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it, whether those succeeded or failed. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
