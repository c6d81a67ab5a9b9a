import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { type SessionTimes, sessionExpiry } from './session-lifetime';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, session?: Session | null) => void;

/**
 * @fastify/session store on the `sessions` table (sid, sess, expire), like connect-pg-simple.
 * Expired rows are never returned and are pruned by pruneExpiredSessions().
 */
export class DrizzleSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  set(sid: string, session: unknown, callback: Callback) {
    const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const expire = sessionExpiry(sess as SessionTimes);
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback) {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`)))
      .then((rows) => callback(null, (rows[0]?.sess as Session | undefined) ?? null), callback);
  }

  destroy(sid: string, callback: Callback) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }
}

export async function pruneExpiredSessions(db: Database): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expire, sql`now()`))
    .returning({ sid: sessions.sid });
  return deleted.length;
}
