import type { SessionStore } from '@fastify/session';
import { and, eq, getTableColumns, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { UserRow } from '../db/user-lookup';
import type { AccessCache } from './access-cache';
import { type SessionTimes, sessionExpiry } from './session-lifetime';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, session?: Session | null) => void;

/**
 * The signed-in user, loaded with the session row by the same query (decision 0067). It rides on the
 * session object for the length of one request; toJSON keeps it out of the stored row and out of
 * @fastify/session's "was it modified" hash, so carrying it never causes a write.
 */
export class LoadedUser {
  constructor(
    readonly row: UserRow,
    /** Read from the database by this request, not taken from the access cache (seconds old). */
    readonly readNow: boolean,
  ) {}
  toJSON() {
    return undefined;
  }
}

/** What one session lookup found: the stored JSON, its expiry and its user (if any, and still there). */
export interface LoadedSession {
  sess: Record<string, unknown>;
  /** `sess` as JSON, made on first use: a copy per request is one JSON.parse (jsonb holds only JSON). */
  sessText?: string;
  expire: Date;
  user: UserRow | null;
}

/**
 * @fastify/session store on the `sessions` table (sid, sess, expire), like connect-pg-simple.
 * Expired rows are never returned and are pruned by pruneExpiredSessions(). A lookup reads the
 * session and its user in one indexed query; with a cache, the requests that follow within its TTL
 * read nothing (decision 0066). Writes and deletes through this store drop the cached entry.
 */
export class DrizzleSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly cache?: AccessCache<LoadedSession>,
  ) {}

  set(sid: string, session: unknown, callback: Callback) {
    this.cache?.delete(sid);
    const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const expire = sessionExpiry(sess as SessionTimes);
    // A signed-in session's row is made at sign-in; a later write only updates it. A request of a
    // session ended meanwhile (signed out elsewhere, revoked from the sessions list) must not put
    // its row back when its reply saves a touched session (decision 0410).
    const write = isEstablished(sess)
      ? this.db.update(sessions).set({ sess, expire }).where(eq(sessions.sid, sid))
      : this.db
          .insert(sessions)
          .values({ sid, sess, expire })
          .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } });
    write.then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback) {
    const cached = this.cache?.get(sid);
    if (cached && cached.expire.getTime() > Date.now()) {
      callback(null, asSession(cached, false));
      return;
    }
    const generation = this.cache?.begin() ?? 0;
    this.load(sid).then((loaded) => {
      if (loaded) this.cache?.set(sid, loaded, generation);
      callback(null, loaded ? asSession(loaded, true) : null);
    }, callback);
  }

  destroy(sid: string, callback: Callback) {
    this.cache?.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  private async load(sid: string): Promise<LoadedSession | undefined> {
    const [row] = await sessionWithUser(this.db).execute({ sid });
    if (!row) return undefined;
    // A left join gives an object of nulls when no user matched.
    return { sess: row.sess, expire: row.expire, user: row.user?.id ? (row.user as UserRow) : null };
  }
}

/**
 * The session and its user: sessions.sid is the primary key and users.id too, one row, two index
 * lookups. Prepared (decision 0510): every request after a write asks it.
 */
const sessionWithUser = preparedOnce((db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire, user: getTableColumns(users) })
    .from(sessions)
    .leftJoin(users, eq(users.id, sql`${sessions.sess}->>'userId'`))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare('journal_session_with_user'),
);

/** How long after sign-in its session may still be inserted (signIn saves it at once). */
const SIGN_IN_WRITE_WINDOW_MS = 60_000;

const isEstablished = (sess: Record<string, unknown>) =>
  typeof sess.userId === 'string' &&
  typeof sess.signedInAt === 'number' &&
  Date.now() - sess.signedInAt > SIGN_IN_WRITE_WINDOW_MS;

/** A fresh copy each time: handlers change their session object, never the cached one. */
function asSession(loaded: LoadedSession, readNow: boolean): Session {
  loaded.sessText ??= JSON.stringify(loaded.sess);
  const sess = JSON.parse(loaded.sessText) as Record<string, unknown>;
  if (loaded.user) sess.loadedUser = new LoadedUser(loaded.user, readNow);
  return sess as unknown as Session;
}

export async function pruneExpiredSessions(db: Database): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expire, sql`now()`))
    .returning({ sid: sessions.sid });
  return deleted.length;
}

/** Ids per query of liveSessionIds: far below PostgreSQL's 65,535 parameters. */
const SESSION_CHECK_BATCH = 1_000;

/**
 * Of these session ids, the ones that still let someone in: the row is there, not expired, and its
 * user still exists and is not suspended (decision 0445). Read from the database, never the access cache: this is what a long-lived
 * event stream is re-checked against (decision 0240).
 */
export async function liveSessionIds(db: Database, sids: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < sids.length; i += SESSION_CHECK_BATCH) {
    const rows = await db
      .select({ sid: sessions.sid })
      .from(sessions)
      .innerJoin(users, eq(users.id, sql`${sessions.sess}->>'userId'`))
      .where(
        and(
          inArray(sessions.sid, sids.slice(i, i + SESSION_CHECK_BATCH)),
          gt(sessions.expire, sql`now()`),
          isNull(users.suspendedAt),
        ),
      );
    for (const row of rows) live.add(row.sid);
  }
  return live;
}
