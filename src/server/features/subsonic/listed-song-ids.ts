import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { tracks } from '../../db/schema';
import { exactTimeOf, type TimeIdCursor } from '../../db/time-id-cursor';
import { listedFromOthers } from '../tracks/tracks.service';
import type { ListPage } from './page-params';

/**
 * The ids of a page of every track listed to the viewer, oldest first: search3's empty query, the
 * sync a player pages through 500 songs at a time (issue 48, decision 0910).
 *
 * Others' tracks shared with the viewer (listedFromOthers, from their memberships down: a few
 * hundred) are read up to the page's end. The page's own tracks then lie within `limit + m` of the
 * viewer's own from position `offset − m` (m: others' read), since every other track ahead of one
 * of theirs moves it at most one place: that window is read from the owner's order index and the
 * two merged here (mergedPage). Reaching position 90,000 of a 100,000-track journal walks 90,000
 * index entries (~15–20 ms; an offset is counted, never sought), so where a sync has already been
 * reaches it by its key instead (SyncAnchors): a player asks page after page, each starting where
 * the last one ended.
 */
export async function listedSongIds(
  db: Database,
  viewerId: string,
  page: ListPage,
  anchors?: SyncAnchors,
): Promise<number[]> {
  if (page.limit === 0) return [];
  // The revision is taken before the own tracks are read: what is kept is never newer than its tag.
  const [others, revision] = await Promise.all([
    othersStatement(db).execute({ viewerId, upTo: page.offset + page.limit }),
    anchors?.revisionOf(viewerId),
  ]);
  const from = Math.max(0, page.offset - others.length);
  const size = page.limit + others.length;
  const anchor = revision === undefined ? undefined : anchors?.get(viewerId, revision, from);
  const own = anchor
    ? await ownFromKeyStatement(db).execute({ viewerId, time: anchor.time, id: anchor.id, size })
    : await ownAtStatement(db).execute({ viewerId, from, size });
  if (anchors && revision !== undefined) {
    // This page's start, and the next one's if the tracks shared with the viewer stay as many.
    if (own[0]) anchors.put(viewerId, revision, from, own[0]);
    const next = own[page.limit];
    if (next) anchors.put(viewerId, revision, from + page.limit, next);
  }
  return mergedPage(own, from, others, page);
}

const compare = (a: TimeIdCursor, b: TimeIdCursor) =>
  a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id;

/** How many of `sorted` come before `key`. */
function countBefore(sorted: readonly TimeIdCursor[], key: TimeIdCursor): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle]!, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The ids at [offset, offset + limit) of the viewer's own tracks merged with others', in order, from
 * `own` (their own from position `from`, at most `limit + others.length` of them) and `others` (the
 * first `offset + limit` of others', or all). A track's place is its place in its half plus the
 * other half's tracks before it. Counted from these alone it is exact for every track of the page,
 * and too small only for tracks outside it: an own track past every other read is at or past
 * `offset + limit` when others' were cut there; another track before the window is before `offset`,
 * the window starting `others.length` before it; one past a full window is past the page.
 */
export function mergedPage(
  own: readonly TimeIdCursor[],
  from: number,
  others: readonly TimeIdCursor[],
  page: ListPage,
): number[] {
  const ids: number[] = [];
  const place = (at: number, id: number) => {
    const index = at - page.offset;
    if (index >= 0 && index < page.limit) ids[index] = id;
  };
  for (const [index, track] of own.entries()) place(from + index + countBefore(others, track), track.id);
  for (const [index, track] of others.entries()) place(index + from + countBefore(own, track), track.id);
  // Dense unless the list ends within the page.
  return ids.filter((id) => id !== undefined);
}

const keyColumns = { time: exactTimeOf(tracks.createdAt), id: tracks.id };

/** Prepared (decision 0510): a sync asks these for every page; the plan stays the index's. */
const othersStatement = preparedOnce((db) =>
  db
    .select(keyColumns)
    .from(tracks)
    .where(listedFromOthers(db, sql.placeholder('viewerId') as unknown as string))
    .orderBy(asc(tracks.createdAt), asc(tracks.id))
    .limit(sql.placeholder('upTo'))
    .prepare('subsonic_listed_from_others'),
);

/** The viewer's own from a position: the order index (tracks_user_uploaded_order_idx) read backwards. */
const ownAtStatement = preparedOnce((db) =>
  db
    .select(keyColumns)
    .from(tracks)
    .where(eq(tracks.userId, sql.placeholder('viewerId')))
    .orderBy(asc(tracks.createdAt), asc(tracks.id))
    .offset(sql.placeholder('from'))
    .limit(sql.placeholder('size'))
    .prepare('subsonic_own_at'),
);

/** The viewer's own from a track's key on: the same index, sought. */
const ownFromKeyStatement = preparedOnce((db) =>
  db
    .select(keyColumns)
    .from(tracks)
    .where(
      and(
        eq(tracks.userId, sql.placeholder('viewerId')),
        sql`(${tracks.createdAt}, ${tracks.id}) >= (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::int)`,
      ),
    )
    .orderBy(asc(tracks.createdAt), asc(tracks.id))
    .limit(sql.placeholder('size'))
    .prepare('subsonic_own_from_key'),
);

/** Where syncs were in each person's own tracks: some positions' keys, at a journal revision. */
interface HeldPositions {
  revision: number;
  keys: Map<number, TimeIdCursor>;
}

/**
 * Keys of positions in people's own tracks (oldest first) that a sync read, each person's at the
 * journal revision it was read at (JournalRevisions, held in memory and renewed by the database's
 * announcements): a track added, changed or removed renews the revision and forgets them. At most
 * `maxPeople` people, the least recently asked first, and `maxPositions` positions each, the oldest
 * first: ~100 bytes a position.
 */
export class SyncAnchors {
  readonly #held = new Map<string, HeldPositions>();

  constructor(
    private readonly revisions: { current(userId: string): Promise<number | undefined> },
    private readonly maxPeople = 1_000,
    private readonly maxPositions = 64,
  ) {}

  revisionOf(userId: string): Promise<number | undefined> {
    return this.revisions.current(userId);
  }

  get(userId: string, revision: number, position: number): TimeIdCursor | undefined {
    const held = this.#held.get(userId);
    if (!held || held.revision !== revision) return undefined;
    this.#held.delete(userId); // re-inserted last: most recently asked
    this.#held.set(userId, held);
    return held.keys.get(position);
  }

  put(userId: string, revision: number, position: number, key: TimeIdCursor): void {
    let held = this.#held.get(userId);
    if (held && held.revision > revision) return; // read before a newer one was kept
    if (!held || held.revision < revision) {
      held = { revision, keys: new Map() };
      this.#held.set(userId, held);
    }
    held.keys.delete(position);
    held.keys.set(position, { time: key.time, id: Number(key.id) });
    if (held.keys.size > this.maxPositions) held.keys.delete(held.keys.keys().next().value!);
    if (this.#held.size > this.maxPeople) this.#held.delete(this.#held.keys().next().value!);
  }
}
