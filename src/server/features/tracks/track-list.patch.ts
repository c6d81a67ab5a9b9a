import type { TrackSort } from '../../../shared/schemas/tracks';
import type { ChangesSince, ListedTrack, TrackVersion } from './track-list.changes';

/** A track of a cached list: its JSON already as bytes, so a patched body is copied, not made. */
export interface HeldTrack {
  id: number;
  revision: number;
  json: Buffer;
  created: string;
  fileCreated: string | null;
  /** The tempo and key orders' values (ListedTrack's): null sorts last. */
  bpmTenths: number | null;
  keyIndex: number | null;
}

/** Where the cache reads lists from (track-list.changes.ts; tests give their own). */
export interface TrackListSource {
  /** Every track in order (a first read, or when nothing is held to patch). */
  all(): Promise<ListedTrack[]>;
  /** The tracks changed after `since` and the removal revision; undefined: the person is gone. */
  changedSince(since: number): Promise<ChangesSince | undefined>;
  /** Every track's id and revision in order, whole where changed after `since` (after a removal). */
  versions(since: number): Promise<TrackVersion[]>;
  /** These tracks whole, those gone absent. */
  byId(ids: number[]): Promise<ListedTrack[]>;
}

/** The list a new one is patched from: its revision and rows. */
interface HeldList {
  revision: number;
  rows: readonly HeldTrack[];
}

/** A listed track as a cached list holds it. */
export const held = (track: ListedTrack): HeldTrack => ({ ...track, json: Buffer.from(track.json) });

/** The rows of a list, and where each sat in the list held before (-1: read anew), if one was. */
export interface ReadRows {
  rows: HeldTrack[];
  from?: number[];
}

/**
 * The rows of the list now, patched from the list held at an older revision when there is one.
 * Sound because the held list is never older than its revision (read before its rows), every
 * change renews the changed track's revision, and a revision is taken with the owner's row locked
 * (migration 0031): a change committed later always carries a revision above those seen before.
 */
export async function readRows(
  previous: HeldList | undefined,
  sort: TrackSort,
  source: TrackListSource,
): Promise<ReadRows> {
  if (!previous) return { rows: (await source.all()).map(held) };
  const since = await source.changedSince(previous.revision);
  // Gone meanwhile: the route answers 401 from the revision; nothing to patch here.
  if (!since) return { rows: [] };
  if (since.removal > previous.revision) return readAfterRemoval(previous, source);
  const changedIds = new Set(since.changed.map((track) => track.id));
  // Run after every change of a journal held whole: an index loop into arrays of the held size
  // (`entries()` made a pair for each row, and growing arrays copied them again; decision 0927).
  const heldRows = previous.rows;
  const rows: HeldTrack[] = new Array(heldRows.length);
  const from: number[] = new Array(heldRows.length);
  let kept = 0;
  for (let index = 0; index < heldRows.length; index++) {
    const row = heldRows[index]!;
    if (changedIds.has(row.id)) continue;
    rows[kept] = row;
    from[kept] = index;
    kept++;
  }
  rows.length = kept;
  from.length = kept;
  const before = SORT_BEFORE[sort];
  for (const track of since.changed) {
    const row = held(track);
    const at = placeOf(rows, row, before);
    rows.splice(at, 0, row);
    from.splice(at, 0, -1);
  }
  return { rows, from };
}

/** The first rows of a list, or all of it when `complete` (a first page's, decision 0909). */
export interface HeldPrefix {
  rows: readonly HeldTrack[];
  complete: boolean;
}

/**
 * The first `size` rows of the list now, patched from the first `size` held before (`previous`)
 * and the tracks changed since, none having left the list; undefined when they do not tell (a held
 * row moved past the end of an incomplete prefix: the rows after it were never read). Sound as
 * readRows is: every row not held and unchanged still goes after the last row held, so the rows
 * going no later than that one (the unchanged held, and the changed that go before it) are the
 * list's first ones.
 */
export function patchPrefix(
  previous: HeldPrefix,
  changed: readonly ListedTrack[],
  sort: TrackSort,
  size: number,
): HeldPrefix | undefined {
  const before = SORT_BEFORE[sort];
  const end = previous.complete ? undefined : previous.rows.at(-1);
  const changedIds = new Set(changed.map((track) => track.id));
  const rows = previous.rows.filter((row) => !changedIds.has(row.id));
  for (const track of changed) {
    const row = held(track);
    // Past the held end, rows unread may come first: not placed (nor in the prefix).
    if (end && !before(row, end) && (row.id !== end.id || before(end, row))) continue;
    rows.splice(placeOf(rows, row, before), 0, row);
  }
  if (!previous.complete && rows.length < size) return undefined;
  return { rows: rows.slice(0, size), complete: rows.length < size };
}

/** Binary search for the first row that goes after `row`. */
function placeOf(
  rows: readonly HeldTrack[],
  row: HeldTrack,
  before: (a: HeldTrack, b: HeldTrack) => boolean,
) {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(rows[middle]!, row)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * After a track left the list: every id and revision in order (one text), the changed tracks
 * whole, and by id any whose revision moved but is not above the held list's.
 */
async function readAfterRemoval(previous: HeldList, source: TrackListSource): Promise<ReadRows> {
  const before = new Map(previous.rows.map((row, index) => [row.id, index]));
  const versions = await source.versions(previous.revision);
  const rows: (HeldTrack | undefined)[] = [];
  const from: number[] = [];
  const unread = new Map<number, number>(); // id → index in rows
  for (const version of versions) {
    const at = before.get(version.id);
    const kept = at === undefined ? undefined : previous.rows[at];
    if (version.track) {
      rows.push(held(version.track));
      from.push(-1);
    } else if (kept && kept.revision === version.revision) {
      rows.push(kept);
      from.push(at!);
    } else {
      unread.set(version.id, rows.length);
      rows.push(undefined);
      from.push(-1);
    }
  }
  if (unread.size > 0) {
    for (const track of await source.byId([...unread.keys()])) {
      const at = unread.get(track.id);
      if (at !== undefined) rows[at] = held(track);
    }
  }
  // A track deleted between the two reads stays out.
  const found = rows.flatMap((row, index) => (row ? [index] : []));
  return { rows: found.map((index) => rows[index]!), from: found.map((index) => from[index]!) };
}

/** Whether `a` comes before `b` in the list (newest first; ties by highest id), per sort. */
const SORT_BEFORE: Record<TrackSort, (a: HeldTrack, b: HeldTrack) => boolean> = {
  dateUploaded: (a, b) => a.created > b.created || (a.created === b.created && a.id > b.id),
  dateCreated: (a, b) => {
    // Undated files sort last (as -infinity); the exact times compare as text (one fixed format).
    if (a.fileCreated !== b.fileCreated) {
      if (a.fileCreated === null) return false;
      if (b.fileCreated === null) return true;
      return a.fileCreated > b.fileCreated;
    }
    return SORT_BEFORE.dateUploaded(a, b);
  },
  // Slowest first, or first in KEY_ORDER; none last (issue 47). A changed tempo or key renews the
  // track's revision like any change (migration 0031), so a patched list re-places it here.
  tempo: (a, b) => smallerFirst(a.bpmTenths, b.bpmTenths) ?? SORT_BEFORE.dateUploaded(a, b),
  key: (a, b) => smallerFirst(a.keyIndex, b.keyIndex) ?? SORT_BEFORE.dateUploaded(a, b),
};

/** Whether `a` goes first by a value where none goes last; undefined when the values tie. */
function smallerFirst(a: number | null, b: number | null): boolean | undefined {
  if (a === b) return undefined;
  if (a === null) return false;
  if (b === null) return true;
  return a < b;
}
