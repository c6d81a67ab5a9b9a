import type { Database } from '../db/client';
import { liveSessionIds } from '../plugins/session-store';
import type { LiveStreams } from './live-streams';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Every `intervalMs`, ends the streams whose session no longer lets anyone in (decision 0240). The
 * bus closes streams the moment a session row is deleted; this catches what deletes no row: a
 * session that simply expired (rows are pruned later), a user deleted without their sessions, a
 * notification lost while this instance's listener was reconnecting. One query per interval for
 * all of this instance's streams, not one per stream. Returns a function that stops it.
 */
export function startStreamSessionCheck(
  db: Database,
  streams: LiveStreams,
  intervalMs: number,
  log: Log,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const check = async () => {
    const sids = streams.sessionIds();
    if (sids.length === 0) return;
    const live = await liveSessionIds(db, sids);
    const ended = streams.endSessions((stream) => !live.has(stream.sessionId));
    if (ended > 0) log.info({ ended }, 'Closed event streams whose session had ended');
  };
  const timer = setInterval(() => {
    running = running.then(check).catch((err: unknown) =>
      // A database outage: the streams stay until the next check finds out.
      log.warn(
        { err: { message: (err as Error).message } },
        'Could not re-check the sessions of event streams',
      ),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
