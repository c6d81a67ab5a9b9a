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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends, and when the server answers 429 with a Retry-After (this person's uploads at once on
 * another tab or device, or the upload rate limit), waits that long and sends again, instead of
 * reporting a failure. Gives up, with the server's message, once the waits would pass
 * MAX_BUSY_WAIT_MS; a 429 without Retry-After fails at once.
 */
export async function sendWhenNotBusy<T>(send: () => Promise<T>, onRetry?: () => void): Promise<T> {
  let waitedMs = 0;
  for (;;) {
    try {
      return await send();
    } catch (err) {
      const seconds = err instanceof ApiError && err.status === 429 ? err.retryAfterSeconds : undefined;
      // At least a second: "Retry-After: 0" must not become a tight loop of refused requests.
      const ms = seconds === undefined ? undefined : Math.max(1, seconds) * 1000;
      if (ms === undefined || waitedMs + ms > MAX_BUSY_WAIT_MS) throw err;
      await sleep(ms);
      waitedMs += ms;
      onRetry?.();
    }
  }
}
