import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { type Device, deviceSchema, type UserSession } from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { recordSecurityEvent } from './security-events.service';

/** The person's sessions, by the indexed expression `sess->>'userId'` (migration 0021). */
const ofUser = (userId: string): SQL => sql`(${sessions.sess}->>'userId') = ${userId}`;
const live = gt(sessions.expire, sql`now()`);

const UNKNOWN_DEVICE: Device = { browser: null, os: null, network: null };
const asTime = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : null;
/** Sessions made before decision 0410 (or by tests) have no device: shown as unknown. */
const deviceIn = (sess: Record<string, unknown>): Device => {
  const parsed = deviceSchema.safeParse(sess.device);
  return parsed.success ? parsed.data : UNKNOWN_DEVICE;
};

/**
 * Where the person is signed in: this device first, then the most recently used. Never the
 * session id, which is the cookie's secret; `id` is the row's public id.
 */
export async function listSessions(db: Database, userId: string, currentSid: string): Promise<UserSession[]> {
  const rows = await db
    .select({ sid: sessions.sid, publicId: sessions.publicId, sess: sessions.sess })
    .from(sessions)
    .where(and(ofUser(userId), live));
  const list = rows.map(({ sid, publicId, sess }) => {
    const signedInAt = asTime(sess.signedInAt);
    return {
      id: publicId,
      ...deviceIn(sess),
      signedInAt,
      lastActiveAt: asTime(sess.lastSeenAt) ?? signedInAt,
      current: sid === currentSid,
    };
  });
  const rank = (s: UserSession) =>
    s.current ? Number.POSITIVE_INFINITY : Date.parse(s.lastActiveAt ?? '') || 0;
  return list.sort((a, b) => rank(b) - rank(a));
}

/**
 * Ends one of the person's sessions by its public id (someone else's, or none: 404). Another
 * session's row is deleted here: its cookie finds nothing from the next request on, on every
 * instance (decision 0410). This device's own session is for the caller to end (`own: true`), as
 * sign-out does, so the reply also clears the cookie.
 */
export async function revokeSession(
  db: Database,
  userId: string,
  publicId: string,
  current: { sid: string; device: Device },
): Promise<{ own: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sid: sessions.sid, sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.publicId, publicId), ofUser(userId), live));
    if (!row) throw notFound('Session not found');
    const own = row.sid === current.sid;
    if (!own) await tx.delete(sessions).where(eq(sessions.sid, row.sid));
    await recordSecurityEvent(tx, userId, 'session_revoked', {
      ...deviceIn(row.sess),
      by: current.device,
      ...(own ? { ownSession: true } : {}),
    });
    return { own };
  });
}

/** "Sign out everywhere else": every session of the person but this one ends. */
export async function signOutOtherSessions(
  db: Database,
  userId: string,
  current: { sid: string; device: Device },
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(ofUser(userId), ne(sessions.sid, current.sid)))
      .returning({ expire: sessions.expire });
    // Expired rows (not yet pruned) go too, but were never listed: they are not counted.
    const count = ended.filter((row) => row.expire.getTime() > Date.now()).length;
    await recordSecurityEvent(tx, userId, 'other_sessions_revoked', { ...current.device, count });
    return count;
  });
}
