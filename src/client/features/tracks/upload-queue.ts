import { UPLOADS_AT_ONCE } from '../../../shared/constants';
import { ApiError } from '../../lib/api-error';

/** Runs tasks with at most `limit` in flight; the others wait their turn, first come first served. */
export function createTaskPool(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // The place goes straight to the next task waiting, or is given back.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/**
 * Every track upload of this tab goes through one pool (decision 0252): a drop of fifty files sends
 * UPLOADS_AT_ONCE.trackQueue at a time, which stays under the server's cap per person, shares the
 * uplink among few enough files that each keeps above the server's minimum rate, and leaves room
 * for a cover or a new version meanwhile. Files that wait keep their progress bar at 0.
 */
export const trackUploadPool = createTaskPool(UPLOADS_AT_ONCE.trackQueue);

/** How long in all a file may wait on "not now" answers before it is reported as failed. */
export const MAX_BUSY_WAIT_MS = 10 * 60 * 1000;

/**
 * The server's "not now" for the whole queue (decision 0565): once one upload is answered 429 with
 * a Retry-After, no file of the tab is sent before then (the others would only be refused too),
 * and the queue shows when it resumes. Waits from several answers end at the latest of them.
 */
export function createServerPause() {
  let resumesAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended: Array<() => void> = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const end = () => {
    timer = undefined;
    const left = resumesAt === null ? 0 : resumesAt - Date.now();
    // Timers may fire a little early; the pause ends when its time has come, not before.
    if (left > 0) {
      timer = setTimeout(end, left);
      return;
    }
    resumesAt = null;
    const waiting = ended;
    ended = [];
    notify();
    for (const resume of waiting) resume();
  };
  return {
    /** When sending resumes (ms since the epoch), or null while nothing waits. */
    resumesAt: () => resumesAt,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Holds every send of the queue for `ms` (or until a later resume already set). */
    pauseFor(ms: number) {
      const until = Date.now() + ms;
      if (resumesAt !== null && resumesAt >= until) return;
      resumesAt = until;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(end, ms);
      notify();
    },
    /** Resolves at once, or when the pause ends. */
    untilResumed(): Promise<void> {
      if (resumesAt === null) return Promise.resolve();
      return new Promise((resolve) => ended.push(resolve));
    },
  };
}

/** The tab's one pause, shared by every track upload (as the pool is). */
export const serverPause = createServerPause();

/**
 * Sends, and when the server answers 429 with a Retry-After (this person's uploads at once on
 * another tab or device, the upload rate limit, the bytes an hour), pauses the queue that long and
 * sends again, instead of reporting a failure. Gives up, with the server's message, once the waits
 * would pass MAX_BUSY_WAIT_MS; a 429 without Retry-After fails at once. `onRetry` runs when the
 * 429 arrives (the file's bar goes back to 0 and says it waits).
 */
export async function sendWhenNotBusy<T>(
  send: () => Promise<T>,
  onRetry?: () => void,
  pause: ReturnType<typeof createServerPause> = serverPause,
): Promise<T> {
  let waitedMs = 0;
  for (;;) {
    await pause.untilResumed();
    try {
      return await send();
    } catch (err) {
      const seconds = err instanceof ApiError && err.status === 429 ? err.retryAfterSeconds : undefined;
      // At least a second: "Retry-After: 0" must not become a tight loop of refused requests.
      const ms = seconds === undefined ? undefined : Math.max(1, seconds) * 1000;
      if (ms === undefined || waitedMs + ms > MAX_BUSY_WAIT_MS) throw err;
      onRetry?.();
      pause.pauseFor(ms);
      waitedMs += ms;
    }
  }
}
