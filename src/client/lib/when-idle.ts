/**
 * Runs `task` once the page has a quiet moment, `timeout` ms at the latest (background work that
 * must not share the first screen's frames: the offline index, its sync, keeping the journal for
 * an offline start; decision 0380). Returns a cancel function. Without requestIdleCallback
 * (Safari), after `timeout`.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, timeout);
  return () => window.clearTimeout(handle);
}
