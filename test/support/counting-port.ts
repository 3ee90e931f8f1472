// A chain port whose calls of one method are recorded (their first argument), everything else
// passed through: how the tests count the history a seat read walks (consumedBy) or the spends a
// view asks for (spentBy).
import type { ChainPort } from "../../src/chain/port.js";

type Counted = "consumedBy" | "spentBy";
type ArgOf<M extends Counted> = Parameters<NonNullable<ChainPort[M]>>[0];

/** `port` with every call of `method` recorded in `calls`, in order. */
export function countingPort<M extends Counted>(port: ChainPort, method: M): ChainPort & { calls: ArgOf<M>[] } {
  const calls: ArgOf<M>[] = [];
  return new Proxy(port, {
    get: (target, key) => {
      if (key === "calls") return calls;
      if (key === method)
        return async (arg: ArgOf<M>) => {
          calls.push(arg);
          return (target[method] as (a: ArgOf<M>) => Promise<unknown>).call(target, arg);
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as ChainPort & { calls: ArgOf<M>[] };
}
