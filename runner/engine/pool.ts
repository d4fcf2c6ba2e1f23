// Runs tasks with bounded concurrency and hands results over in input order, so that output is
// deterministic whatever order the tasks start or finish in. An optional start order lets the
// caller begin the slowest tasks first, so that they do not all end up in the tail of the run.

export async function mapOrdered<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
  onResult: (result: R, index: number) => void | Promise<void>,
  signal?: AbortSignal,
  /** Indices of `items` in the order to start them (a permutation); default: input order. */
  startOrder?: readonly number[],
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const ready: boolean[] = new Array(items.length).fill(false);
  let next = 0;
  let flushed = 0;
  let chain = Promise.resolve();
  const flush = () => {
    while (flushed < items.length && ready[flushed]) {
      const i = flushed++;
      chain = chain.then(() => onResult(results[i]!, i));
    }
  };
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = startOrder ? startOrder[next++]! : next++;
      results[i] = await task(items[i]!, i);
      ready[i] = true;
      flush();
    }
  };
  const n = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: n }, worker));
  await chain;
  return results.slice(0, flushed);
}
