import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TRACK_SORTS, type TrackSort } from '../../../shared/schemas/tracks';
import { RevisionLru } from './revision-lru';
import type { ChangesSince, ListedTrack, TrackVersion } from './track-list.changes';
import { trackListSql } from './track-list.query';

/**
 * The whole journal list, kept as the bytes last sent, per user and sort (decision 0084).
 *
 * Correct across instances because the truth lives in the database: `users.journal_revision` is
 * given a new value (from one sequence) by triggers in the same transaction as any write that
 * changes the list (migration 0004), and a cached reply is only sent while it is the same number. The revision is read *before*
 * the list query: a write committed in between makes the cached bytes newer than their revision,
 * never older, and the next request (seeing the new revision) reads the list again. Which
 * revision is current comes from memory, renewed by the database's NOTIFY (JournalRevisions,
 * issue 48): another instance's write shows once announced, the client's own at once (its token).
 */
export interface CachedTrackList {
  revision: number;
  body: Buffer;
  /** Each track's JSON in the body's order, kept to patch the next revision's list from (0490). */
  rows: readonly HeldTrack[];
  /** Weak: the same list may go out brotli-, gzip- or not compressed. */
  etag: string;
  /** The body compressed, made once when first asked for (TrackListCache.encoded). */
  encoded: Map<ListEncoding, Promise<Buffer>>;
  /** The body, the rows and the compressed copies made so far: what the entry costs the cache. */
  bytes: number;
  /** Where the cache keeps it (user and sort). */
  key: string;
}

/** A track of a cached list: its JSON already as bytes, so a patched body is one Buffer.concat. */
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

export type ListEncoding = 'br' | 'gzip';

/**
 * What Accept-Encoding allows, brotli first (as @fastify/compress chooses); undefined: send it as
 * it is. The list is compressed here, once per revision, instead of by @fastify/compress, which
 * compresses a ready body synchronously on the event loop for every request (about 2.5 ms of CPU
 * for the 662 KB list of bench/track-list-profile.ts).
 */
export function preferredEncoding(acceptEncoding: string | undefined): ListEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    let weight = 1;
    for (const param of params) {
      const q = /^\s*q=([\d.]+)\s*$/.exec(param);
      if (q) weight = Number(q[1]);
    }
    if (name) weights.set(name.trim(), weight);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** In the thread pool, with @fastify/compress's own settings (brotli quality 4, gzip's default). */
const compress = (encoding: ListEncoding, body: Buffer): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body);

/**
 * Changes whenever the list query's text does, so a client holding an ETag from an older release
 * is not told "not modified" for bytes of another shape; identical across instances of one release.
 */
const FORMAT = createHash('sha256')
  .update(
    TRACK_SORTS.map(
      (sort) => new PgDialect().sqlToQuery(trackListSql(sql`t.user_id = ${'?'}`, sort as TrackSort)).sql,
    ).join('\n'),
  )
  .digest('base64url')
  .slice(0, 12);

export function trackListEtag(userId: string, sort: TrackSort, revision: number): string {
  const hash = createHash('sha256').update(`${FORMAT}\0${userId}\0${sort}\0${revision}`).digest('base64url');
  return `W/"${hash.slice(0, 27)}"`;
}

/** If-None-Match names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** Least recently used entries go first once the cached bodies exceed maxBytes; 0 keeps nothing. */
export class TrackListCache {
  readonly #kept: RevisionLru<CachedTrackList>;

  constructor(readonly maxBytes: number) {
    this.#kept = new RevisionLru(maxBytes);
  }

  get bytes(): number {
    return this.#kept.bytes;
  }

  get size(): number {
    return this.#kept.size;
  }

  /**
   * The list at `revision`: from memory when it was read at that revision; else patched from the
   * list held at an older one, reading again only the tracks changed since (decision 0490); else
   * read whole. Concurrent callers asking for the same revision share one read.
   */
  list(userId: string, sort: TrackSort, revision: number, source: TrackListSource): Promise<CachedTrackList> {
    const key = listKey(userId, sort);
    return this.#kept.get(key, revision, async (held) =>
      makeEntry(key, trackListEtag(userId, sort, revision), revision, await readRows(held, sort, source)),
    );
  }

  /** Whether a list is held for `userId` and `sort`, at any revision (no use recorded). */
  holds(userId: string, sort: TrackSort): boolean {
    return this.#kept.has(listKey(userId, sort));
  }

  /** Drops the list held for `userId` and `sort` (a journal grown past the whole list's bound). */
  forget(userId: string, sort: TrackSort): void {
    this.#kept.forget(listKey(userId, sort));
  }

  /** The list compressed with `encoding`: made once per entry, then kept with it (and counted). */
  encoded(entry: CachedTrackList, encoding: ListEncoding): Promise<Buffer> {
    let made = entry.encoded.get(encoding);
    if (!made) {
      made = compress(encoding, entry.body);
      entry.encoded.set(encoding, made);
      made.then(
        // Counted only while the entry is kept: an evicted or never kept one costs nothing here.
        (buffer) => this.#kept.grew(entry.key, entry, buffer.length),
        () => entry.encoded.delete(encoding),
      );
    }
    return made;
  }
}

const listKey = (userId: string, sort: TrackSort) => `${sort}\0${userId}`;

const held = (track: ListedTrack): HeldTrack => ({ ...track, json: Buffer.from(track.json) });

/**
 * The rows of the list now, patched from the list held at an older revision when there is one.
 * Sound because the held list is never older than its revision (read before its rows), every
 * change renews the changed track's revision, and a revision is taken with the owner's row locked
 * (migration 0031): a change committed later always carries a revision above those seen before.
 */
async function readRows(
  previous: CachedTrackList | undefined,
  sort: TrackSort,
  source: TrackListSource,
): Promise<HeldTrack[]> {
  if (!previous) return (await source.all()).map(held);
  const since = await source.changedSince(previous.revision);
  // Gone meanwhile: the route answers 401 from the revision; nothing to patch here.
  if (!since) return [];
  if (since.removal > previous.revision) return readAfterRemoval(previous, source);
  if (since.changed.length === 0) return [...previous.rows];
  const changedIds = new Set(since.changed.map((track) => track.id));
  const rows = previous.rows.filter((row) => !changedIds.has(row.id));
  const before = SORT_BEFORE[sort];
  for (const track of since.changed) {
    const row = held(track);
    // Binary search for the first held row that goes after this one.
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(rows[middle]!, row)) low = middle + 1;
      else high = middle;
    }
    rows.splice(low, 0, row);
  }
  return rows;
}

/**
 * After a track left the list: every id and revision in order (one text), the changed tracks
 * whole, and by id any whose revision moved but is not above the held list's.
 */
async function readAfterRemoval(previous: CachedTrackList, source: TrackListSource): Promise<HeldTrack[]> {
  const before = new Map(previous.rows.map((row) => [row.id, row]));
  const versions = await source.versions(previous.revision);
  const rows: (HeldTrack | undefined)[] = [];
  const unread = new Map<number, number>(); // id → index in rows
  for (const version of versions) {
    const kept = before.get(version.id);
    if (version.track) rows.push(held(version.track));
    else if (kept && kept.revision === version.revision) rows.push(kept);
    else {
      unread.set(version.id, rows.length);
      rows.push(undefined);
    }
  }
  if (unread.size > 0) {
    for (const track of await source.byId([...unread.keys()])) {
      const at = unread.get(track.id);
      if (at !== undefined) rows[at] = held(track);
    }
  }
  // A track deleted between the two reads stays out.
  return rows.filter((row) => row !== undefined);
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

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function makeEntry(key: string, etag: string, revision: number, rows: HeldTrack[]): CachedTrackList {
  const parts: Buffer[] = [OPEN];
  let rowBytes = 0;
  for (const [index, row] of rows.entries()) {
    if (index > 0) parts.push(COMMA);
    parts.push(row.json);
    rowBytes += row.json.length;
  }
  parts.push(CLOSE);
  const body = Buffer.concat(parts);
  // Rows are shared with the entry they were patched from while both are kept: counted in each,
  // the cache errs on the side of keeping less.
  return { revision, body, rows, etag, encoded: new Map(), bytes: body.length + rowBytes, key };
}
