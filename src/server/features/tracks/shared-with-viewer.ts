import { and, eq, exists, inArray, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  collectiveMembers,
  playlistCollectiveShares,
  playlistTracks,
  trackEquipmentTags,
  tracks,
  users,
} from '../../db/schema';

/**
 * `sharedWithViewer` of the listening rule (tracks.policy.ts, decision 0012) as SQL on `tracks`: a
 * playlist holding the track is shared into a collective the viewer belongs to.
 */
export function sharedWithViewer(db: Database, viewerId: string | null): SQL {
  if (!viewerId) return sql`false`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(playlistTracks)
      .innerJoin(playlistCollectiveShares, eq(playlistCollectiveShares.playlistId, playlistTracks.playlistId))
      .innerJoin(
        collectiveMembers,
        and(
          eq(collectiveMembers.collectiveId, playlistCollectiveShares.collectiveId),
          eq(collectiveMembers.userId, viewerId),
        ),
      )
      .where(eq(playlistTracks.trackId, tracks.id)),
  );
}

/**
 * The tracks the web app lists to the viewer as theirs to play (decision 0385): their own, and those
 * in playlists shared into their collectives. A strict part of what canListenToTrack allows: public
 * and equipment-page tracks open by link, but are not listed across owners, so nor is this.
 */
export const listedToViewer = (db: Database, viewerId: string): SQL =>
  or(eq(tracks.userId, viewerId), and(shownToOthers(db), sharedWithViewer(db, viewerId)))!;

/**
 * The ids of the tracks in playlists shared into the viewer's collectives, found from the viewer's
 * memberships down (a few hundred: their collectives' shared playlists' tracks), each join by its
 * index. sharedWithViewer asks the same of one track at a time, which a list of every track the
 * viewer may see cannot afford: it tests each of the instance's tracks (issue 48).
 */
export const sharedIntoViewersCollectives = (db: Database, viewerId: string) =>
  db
    .selectDistinct({ trackId: playlistTracks.trackId })
    .from(collectiveMembers)
    .innerJoin(
      playlistCollectiveShares,
      eq(playlistCollectiveShares.collectiveId, collectiveMembers.collectiveId),
    )
    .innerJoin(playlistTracks, eq(playlistTracks.playlistId, playlistCollectiveShares.playlistId))
    .where(eq(collectiveMembers.userId, viewerId));

/**
 * listedToViewer's second half alone: others' tracks shared with the viewer, shown to others. It
 * never holds the viewer's own, so a list of everything listed to the viewer reads the two halves
 * apart, each by its own index (the owner's order index; the memberships'), and adds them up
 * (UNION ALL): `user_id = $me OR …shared…` as one condition no index serves, and PostgreSQL read
 * every track of the instance to answer it (issue 48).
 */
export const listedFromOthers = (db: Database, viewerId: string): SQL =>
  and(
    ne(tracks.userId, viewerId),
    inArray(tracks.id, sharedIntoViewersCollectives(db, viewerId)),
    shownToOthers(db),
  )!;

/**
 * listedToViewer as its two disjoint halves: the viewer's own tracks (by the owner's indexes) and
 * listedFromOthers (from the viewer's memberships down). A list over everything listed to the
 * viewer reads each half by its own index and adds them up; as one `OR` PostgreSQL reads every
 * track of the instance (issue 48). A group never spans the halves when it is one owner's (an
 * artist, an album), and a track is in exactly one, so counts and sums of the halves add up.
 */
export const listedHalves = (db: Database, viewerId: string): [own: SQL, fromOthers: SQL] => [
  eq(tracks.userId, viewerId),
  listedFromOthers(db, viewerId),
];

/**
 * What every list of someone else's tracks also asks (decisions 0445, 0455): not hidden by a
 * moderator, and an owner who is not suspended. A subquery, not a join, so a list adds it whatever
 * it already joins; the single-track path (loadListenableTrack) checks the same two things.
 */
export const shownToOthers = (db: Database): SQL =>
  and(
    isNull(tracks.hiddenAt),
    not(
      exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(and(eq(users.id, tracks.userId), sql`${users.suspendedAt} is not null`)),
      ),
    ),
  )!;

/** A list holding others' tracks as the viewer sees it: their own always, others' when shown. */
export const shownToViewer = (db: Database, viewerId: string): SQL =>
  or(eq(tracks.userId, viewerId), shownToOthers(db))!;

/** `onEquipmentPages` of the listening rule as SQL on `tracks`: shared there, and some gear tagged. */
export const onEquipmentPages = (db: Database): SQL =>
  and(
    eq(tracks.shareToEquipmentPages, true),
    exists(
      db.select({ one: sql`1` }).from(trackEquipmentTags).where(eq(trackEquipmentTags.trackId, tracks.id)),
    ),
  )!;

/**
 * canListenToTrack (tracks.policy.ts) as SQL on `tracks` for a signed-in viewer: what the viewer may
 * open today. Lists of things a person once picked or heard (their likes, decision 0390; their
 * plays, 0395) are read through it, so a track made private or unshared since drops out of them.
 */
export const listenableToViewer = (db: Database, viewerId: string): SQL =>
  or(
    eq(tracks.userId, viewerId),
    and(
      shownToOthers(db),
      or(eq(tracks.visibility, 'public'), sharedWithViewer(db, viewerId), onEquipmentPages(db)),
    ),
  )!;
