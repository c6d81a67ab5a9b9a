import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { presence } from './schema';

// Who is online, read from the presence table that events/presence.ts (PresenceTracker) keeps for
// this instance's open event streams (decision 0101). The reading is here, below the features,
// since features show it (the members list) and the live layer above them writes it (decision 0466).

/**
 * A presence row not refreshed for this long belongs to an instance that died without removing its
 * rows (killed, cut off from the database): it no longer counts, and the next sweep deletes it.
 * Three missed heartbeats.
 */
export const PRESENCE_EXPIRY_SECONDS = 60;

const fresh = () => sql`${presence.lastSeen} > now() - make_interval(secs => ${PRESENCE_EXPIRY_SECONDS})`;

/** Which of these users have an open event stream on some instance (decision 0101). */
export async function onlineUserIds(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: presence.userId })
    .from(presence)
    .where(and(inArray(presence.userId, userIds), fresh()));
  return new Set(rows.map((r) => r.userId));
}

/** SQL for "this user is online", for queries that list people (the members list). */
export const isOnlineSql = (userId: unknown) =>
  sql<boolean>`exists (select 1 from ${presence} where ${presence.userId} = ${userId} and ${fresh()})`;
