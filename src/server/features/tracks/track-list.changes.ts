import { eq, type SQL, sql } from 'drizzle-orm';
import type { TrackSort } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { intArray } from '../../db/int-array';
import { preparedOnce } from '../../db/prepared';
import { rowsOf } from '../../db/rows-of';
import { users } from '../../db/schema';
import { ORDER, sortValueColumns, sortValueOf } from './track-list.order';
import {
  equipmentOfTrack,
  exact,
  type ListRow,
  trackColumns,
  trackJson,
  trackRows,
} from './track-list.query';

/**
 * What the journal list cache reads to patch a list instead of reading it whole (decision 0490):
 * every track carries `list_revision`, renewed by every change of what its row shows.
 */

/** One track of the list: its JSON as sent, the revision it was read at, and its sort keys. */
export interface ListedTrack {
  id: number;
  revision: number;
  json: string;
  /** created_at and file_created_at to the microsecond (the list's order, decision 0065). */
  created: string;
  fileCreated: string | null;
  /** The shown tempo in tenths and the key's place in KEY_ORDER (the tempo and key orders, issue 47). */
  bpmTenths: number | null;
  keyIndex: number | null;
}

const listed = (row: ListRow): ListedTrack => ({
  id: Number(row.id),
  revision: Number(row.revision),
  json: row.json,
  created: row.created,
  fileCreated: row.file_created,
  bpmTenths: sortValueOf(row, 'tempo'),
  keyIndex: sortValueOf(row, 'key'),
});

/** Every track of the owner in the list's order, each with its revision (the cache's first read). */
export async function ownTrackRows(db: Database, userId: string, sort: TrackSort): Promise<ListedTrack[]> {
  return (await trackRows(db, sql`t.user_id = ${userId}`, sort)).map(listed);
}

/** The owner's first `size` tracks in the list's order (a first page held, decision 0909). */
export async function ownFirstTracks(
  db: Database,
  userId: string,
  sort: TrackSort,
  size: number,
): Promise<ListedTrack[]> {
  return (await trackRows(db, sql`t.user_id = ${userId}`, sort, size)).map(listed);
}

/** Some of the owner's tracks by id (those gone are simply absent), in no particular order. */
export async function ownTracksById(db: Database, userId: string, ids: number[]): Promise<ListedTrack[]> {
  if (ids.length === 0) return [];
  const where = sql`t.user_id = ${userId} and t.id = any(${intArray(ids)})`;
  return (await trackRows(db, where, 'dateUploaded', ids.length)).map(listed);
}

/** The tracks changed after a revision, and whether any left the list since then. */
export interface ChangesSince {
  /** The owner's journal_removal_revision: above `since`, a track was deleted (or moved away). */
  removal: number;
  /** The tracks inserted or changed after `since`, in no particular order. */
  changed: ListedTrack[];
  /** The owner's tracks (user_track_counts), read in the same snapshot: a first page's `all`. */
  all?: number;
}

/** Each changed track's row of the list: those of `from` (as `t`) that `where` keeps, if it is given. */
const changedRow = (options: { where?: SQL; from?: SQL }) => sql`
  select t.id, t.list_revision as revision, (select ${trackJson} from (${trackColumns(equipmentOfTrack)}) r) as json,
    ${exact(sql`t.created_at`)} as created, ${exact(sql`t.file_created_at`)} as file_created,
    ${sortValueColumns}
  from ${options.from ?? sql`tracks t`}${options.where ? sql` where ${options.where}` : sql``}`;

/**
 * The owner's removal revision and the tracks whose revision is above `since`, one row per changed track
 * (one row of nulls beside it when none): a lateral join on the owner's row. `userId` and
 * `since` are values, or placeholders when prepared (bench/track-list-profile.ts EXPLAINs it).
 * The changed ids come from journal_changed_tracks() (migration 0056, decision 0902): estimated at
 * one row whatever the revision, so PostgreSQL keeps one generic plan of this statement instead of
 * planning it again on every run; a STABLE function reads the statement's own snapshot.
 */
export const changesSince = (db: Database, userId: unknown, since: unknown) =>
  db
    .select({
      removal: users.journalRemovalRevision,
      all: sql<number>`coalesce((select k.tracks from user_track_counts k where k.user_id = ${users.id}), 0)`,
      id: sql<number | null>`c.id`,
      revision: sql<number | string>`c.revision`,
      json: sql<string>`c.json`,
      created: sql<string>`c.created`,
      file_created: sql<string | null>`c.file_created`,
      bpm_tenths: sql<number | null>`c.bpm_tenths`,
      key_index: sql<number | null>`c.key_index`,
    })
    .from(users)
    .leftJoin(
      sql`lateral (${changedRow({
        from: sql`journal_changed_tracks(${users.id}, ${since}::bigint) as changed (id) join tracks t on t.id = changed.id`,
      })}) c`,
      sql`true`,
    )
    .where(eq(users.id, userId as string));

/**
 * Prepared (decision 0510): asked after every change, its text (the list's JSON subqueries) is
 * built once, and PostgreSQL parses a named statement once per connection (bench/track-list-profile
 * "changes since the last edit": 1.6 → 1.3 ms on PostgreSQL).
 *
 * Not also the revision check of an unchanged list (tried, decision 0505): even prepared it cost
 * ~1 ms against 0.3 ms for the primary-key lookup of the revision, and most lists are unchanged.
 */
const changesStatement = preparedOnce((db) =>
  changesSince(db, sql.placeholder('userId'), sql.placeholder('since')).prepare('journal_changes_since'),
);

/**
 * One statement (one snapshot), reading only what changed: the owner's removal revision and the tracks
 * whose revision is above `since` (tracks_user_list_revision_idx). Sound because a track's revision
 * is taken with its owner's row locked (migration 0031): no change can commit with a revision below
 * one already seen.
 */
export async function ownTracksChangedSince(
  db: Database,
  userId: string,
  since: number,
): Promise<ChangesSince | undefined> {
  const rows = await changesStatement(db).execute({ userId, since });
  const first = rows[0];
  if (!first) return undefined;
  const changed: ListedTrack[] = [];
  for (const row of rows) if (row.id !== null) changed.push(listed(row as ListRow));
  return { removal: Number(first.removal), changed, all: Number(first.all) };
}

/** A track of the list as its revision says: the JSON (and sort keys) only where it changed. */
export interface TrackVersion {
  id: number;
  revision: number;
  /** Read when the revision is above `since`; otherwise what the cache holds still stands. */
  track: ListedTrack | null;
}

/**
 * After a removal: the owner's tracks in the list's order with their revisions, and those changed
 * after `since` whole. The ids and revisions come as one text, since thousands of small rows cost
 * more to hand over than to list (PGlite most: about 3 µs a row).
 */
export async function ownTrackVersions(
  db: Database,
  userId: string,
  sort: TrackSort,
  since: number,
): Promise<TrackVersion[]> {
  const result = await db.execute(sql`
    select null::int as id, null::bigint as revision,
      string_agg(t.id || '.' || t.list_revision, ',' order by ${ORDER[sort]}) as json,
      null::text as created, null::text as file_created, null::float8 as bpm_tenths, null::int as key_index
    from tracks t
    where t.user_id = ${userId}
    union all
    ${changedRow({ where: sql`t.user_id = ${userId} and t.list_revision > ${since}` })}`);
  const rows = rowsOf<Omit<ListRow, 'id'> & { id: number | null }>(result);
  const changed = new Map<number, ListedTrack>();
  let order = '';
  for (const row of rows) {
    if (row.id === null) order = row.json ?? '';
    else changed.set(Number(row.id), listed(row as ListRow));
  }
  if (order === '') return [];
  return order.split(',').map((pair) => {
    const dot = pair.indexOf('.');
    const id = Number(pair.slice(0, dot));
    const revision = Number(pair.slice(dot + 1));
    const fresh = changed.get(id);
    return { id, revision, track: fresh && fresh.revision === revision ? fresh : null };
  });
}
