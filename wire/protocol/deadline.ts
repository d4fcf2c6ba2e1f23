// Bounded waits that judge the target, not the runner's own delays. A plain timer that fires after
// the runner's event loop was busy elsewhere (a loaded machine, many cells at once) runs before the
// input that arrived meanwhile is read: Node runs due timers before it polls for I/O. The target
// then looks silent when its answer was in time and merely unread. A deadline instead expires only
// once the I/O that was ready when its timer fired has been handled (setImmediate runs after the
// poll phase), so an answer that arrived within the bound is seen as such.

/** Calls `onExpire` after `ms`, once the I/O ready by then has been handled; returns a cancel function. */
export function startDeadline(ms: number, onExpire: () => void): () => void {
  let immediate: NodeJS.Immediate | undefined;
  const timer = setTimeout(() => {
    immediate = setImmediate(onExpire);
  }, ms);
  return () => {
    clearTimeout(timer);
    if (immediate !== undefined) clearImmediate(immediate);
  };
}

/** Resolves with the value if the promise settles within `ms`, otherwise with undefined. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancelDeadline = (): void => {};
  const timeout = new Promise<undefined>((resolve) => {
    cancelDeadline = startDeadline(ms, () => resolve(undefined));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    cancelDeadline();
  }
}
