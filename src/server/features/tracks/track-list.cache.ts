import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TRACK_SORTS, type TrackSort } from '../../../shared/schemas/tracks';
import { type ListedTrack, type TrackChange, trackListSql } from './track-list.query';

/**
 * The whole journal list, kept as the bytes last sent, per user and sort (decision 0084).
 *
 * Correct across instances because the truth lives in the database: `users.journal_revision` is
 * given a new value (from one sequence) by triggers in the same transaction as any write that
 * changes the list (migration 0004), and a cached reply is only sent while it is the same number. The revision is read *before*
 * the list query: a write committed in between makes the cached bytes newer than their revision,
 * never older, and the next request (seeing the new revision) reads the list again.
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
}

/** Where the cache reads lists from (track-list.query.ts; tests give their own). */
export interface TrackListSource {
  /** Every track in order (a first read, or when nothing is held to patch). */
  all(): Promise<ListedTrack[]>;
  /** Every track's id and revision in order, with the JSON of those changed after `since`. */
  changes(since: number): Promise<TrackChange[]>;
  /** These tracks' JSON, those gone absent. */
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
  readonly #entries = new Map<string, CachedTrackList>();
  /** Lists being read now, so a burst of requests for one stale list runs the query once. */
  readonly #loading = new Map<string, Promise<CachedTrackList>>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The list at `revision`: from memory when it was read at that revision; else patched from the
   * list held at an older one, reading again only the tracks changed since (decision 0490); else
   * read whole. Concurrent callers asking for the same revision share one read.
   */
  async list(
    userId: string,
    sort: TrackSort,
    revision: number,
    source: TrackListSource,
  ): Promise<CachedTrackList> {
    const key = `${sort}\0${userId}`;
    const hit = this.#entries.get(key);
    if (hit && hit.revision === revision) {
      this.#entries.delete(key); // re-inserted last: most recently used
      this.#entries.set(key, hit);
      return hit;
    }
    const loadingKey = `${key}\0${revision}`;
    const pending = this.#loading.get(loadingKey);
    if (pending) return pending;
    const promise = readRows(hit, source)
      .then((rows) => {
        const entry = makeEntry(key, trackListEtag(userId, sort, revision), revision, rows);
        this.#store(key, entry);
        return entry;
      })
      .finally(() => this.#loading.delete(loadingKey));
    this.#loading.set(loadingKey, promise);
    return promise;
  }

  /** The list compressed with `encoding`: made once per entry, then kept with it (and counted). */
  encoded(entry: CachedTrackList, encoding: ListEncoding): Promise<Buffer> {
    let made = entry.encoded.get(encoding);
    if (!made) {
      made = compress(encoding, entry.body);
      entry.encoded.set(encoding, made);
      made.then(
        (buffer) => {
          entry.bytes += buffer.length;
          // Counted only while the entry is kept: an evicted or never kept one costs nothing here.
          if (this.#entries.get(entry.key) === entry) {
            this.#bytes += buffer.length;
            this.#evict();
          }
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return made;
  }

  #store(key: string, entry: CachedTrackList) {
    // The latest read wins: revisions are compared for equality only (they come from one sequence,
    // and concurrent writers may commit them out of order), so a stale entry is never sent anyway.
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (entry.bytes > this.maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  #evict() {
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.bytes;
    }
  }
}

const held = (track: ListedTrack): HeldTrack => ({
  id: track.id,
  revision: track.revision,
  json: Buffer.from(track.json),
});

/**
 * The rows of the list now. Patching is sound because the held list is never older than its
 * revision (read before it) and every change renews the changed track's revision: a track whose
 * revision is the one held still shows what is held. One whose revision moved but whose JSON did not
 * come (a change committed after a later one, below `since`) is read by id.
 */
async function readRows(
  previous: CachedTrackList | undefined,
  source: TrackListSource,
): Promise<HeldTrack[]> {
  if (!previous) return (await source.all()).map(held);
  const before = new Map(previous.rows.map((row) => [row.id, row]));
  const changes = await source.changes(previous.revision);
  const rows: (HeldTrack | undefined)[] = [];
  const unread = new Map<number, number>(); // id → index in rows
  for (const change of changes) {
    const kept = before.get(change.id);
    if (change.json !== null) rows.push(held({ ...change, json: change.json }));
    else if (kept && kept.revision === change.revision) rows.push(kept);
    else {
      unread.set(change.id, rows.length);
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
