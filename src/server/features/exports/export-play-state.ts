import { asc, eq, inArray } from 'drizzle-orm';
import type { JournalExport } from '../../../shared/schemas/journal-export';
import type { Database } from '../../db/client';
import { bookmarks, trackRatings, tracks, users } from '../../db/schema';
import { libraryRatingsOf } from '../subsonic/ratings.service';

// The person's ratings and bookmarks for journal.json (issue 46, decision 0786), named as likes
// are: their own tracks by id, others' by title and owner. The play queue is device state, not here.

const iso = (d: Date) => d.toISOString();

/** A track as an export names it: the person's own by id, another's by title and owner. */
const trackRef = (
  userId: string,
  row: { trackId: number; ownerId: string; title: string; owner: string | null },
) =>
  row.ownerId === userId
    ? { trackId: row.trackId, title: null, owner: null }
    : { trackId: null, title: row.title, owner: row.owner };

async function usernames(db: Database, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.username]));
}

export async function exportRatings(
  db: Database,
  userId: string,
): Promise<NonNullable<JournalExport['ratings']>> {
  const songs = await db
    .select({
      trackId: tracks.id,
      ownerId: tracks.userId,
      title: tracks.name,
      owner: users.username,
      rating: trackRatings.rating,
      at: trackRatings.ratedAt,
    })
    .from(trackRatings)
    .innerJoin(tracks, eq(tracks.id, trackRatings.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(eq(trackRatings.userId, userId))
    .orderBy(asc(trackRatings.ratedAt), asc(trackRatings.trackId));
  const library = await libraryRatingsOf(db, userId);
  const names = await usernames(db, [...new Set(library.map((row) => row.ownerId))]);
  return [
    ...songs.map((s) => ({
      kind: 'song' as const,
      ...trackRef(userId, s),
      year: null,
      rating: s.rating,
      ratedAt: iso(s.at),
    })),
    // An album or artist whose person is gone is no one's any more: left out.
    ...library.flatMap((row) =>
      names.has(row.ownerId)
        ? [
            {
              kind: row.kind,
              trackId: null,
              title: null,
              owner: row.ownerId === userId ? null : names.get(row.ownerId)!,
              year: row.year,
              rating: row.rating,
              ratedAt: iso(row.ratedAt),
            },
          ]
        : [],
    ),
  ];
}

export async function exportBookmarks(
  db: Database,
  userId: string,
): Promise<NonNullable<JournalExport['bookmarks']>> {
  const rows = await db
    .select({
      trackId: tracks.id,
      ownerId: tracks.userId,
      title: tracks.name,
      owner: users.username,
      positionMs: bookmarks.positionMs,
      comment: bookmarks.comment,
      createdAt: bookmarks.createdAt,
      changedAt: bookmarks.changedAt,
    })
    .from(bookmarks)
    .innerJoin(tracks, eq(tracks.id, bookmarks.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(asc(bookmarks.createdAt), asc(bookmarks.trackId));
  return rows.map((b) => ({
    ...trackRef(userId, b),
    positionMs: b.positionMs,
    comment: b.comment,
    createdAt: iso(b.createdAt),
    changedAt: iso(b.changedAt),
  }));
}
