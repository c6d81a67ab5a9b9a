import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TRACK_SORTS, type TrackSort } from '../../../shared/schemas/tracks';
import { type Revisioned, RevisionLru } from './revision-lru';
import { listBody } from './track-list.body';
import { BodyReaders, ListMemory } from './track-list.memory';
import { type HeldTrack, type ReadRows, readRows, type TrackListSource } from './track-list.patch';
import { trackListSql } from './track-list.query';

export type { HeldTrack, TrackListSource };

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
  /** Where each row's JSON starts in the body: a patched list copies runs of them whole (0905). */
  starts: Uint32Array;
  /** Weak: the same list may go out brotli-, gzip- or not compressed. */
  etag: string;
  /** The body compressed, made once when first asked for (TrackListCache.encoded). */
  encoded: Map<ListEncoding, Promise<Buffer>>;
  /**
   * Who reads the body's memory (the cache while it keeps the entry, a list patched from it, each
   * reply sending it, a compression): reused for a later list of the same key once none does (0914).
   */
  readers: BodyReaders;
  /** The body's memory, the rows and the compressed copies made so far: what the entry costs the cache. */
  bytes: number;
  /** Where the cache keeps it (user and sort). */
  key: string;
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
/**
 * In the thread pool, with @fastify/compress's own settings (brotli quality 4, gzip's default): the
 * whole list and the held first pages (track-list.first-page.ts) are each compressed once a revision.
 */
export const compressBody = (encoding: ListEncoding, body: Buffer): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body);

/** A kept body and its compressed copies, made when first asked for (encodedOnce). */
export interface Encodable extends Revisioned {
  readonly body: Buffer;
  readonly encoded: Map<ListEncoding, Promise<Buffer>>;
}

/**
 * `entry`'s body compressed with `encoding`: made once, kept with the entry, and counted in `kept`
 * (at `key`) while the entry is the one kept there; a failed compression is forgotten, to be tried
 * again. `reading`, when given, is told while the compression reads the body.
 */
export function encodedOnce<T extends Encodable>(
  kept: RevisionLru<T>,
  key: string,
  entry: T,
  encoding: ListEncoding,
  reading?: { hold(): void; release(): void },
): Promise<Buffer> {
  let made = entry.encoded.get(encoding);
  if (made) return made;
  reading?.hold();
  made = compressBody(encoding, entry.body);
  entry.encoded.set(encoding, made);
  made.then(
    (buffer) => {
      reading?.release();
      kept.grew(key, entry, buffer.length);
    },
    () => {
      reading?.release();
      entry.encoded.delete(encoding);
    },
  );
  return made;
}

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
  readonly #memory = new ListMemory();

  constructor(readonly maxBytes: number) {
    this.#kept = new RevisionLru(maxBytes, {
      kept: (_key, entry) => entry.readers.hold(),
      left: (key, entry) => {
        entry.readers.release();
        if (!this.#kept.has(key)) this.#memory.drop(key);
      },
    });
  }

  get bytes(): number {
    return this.#kept.bytes;
  }

  get size(): number {
    return this.#kept.size;
  }

  /** How many kept lists have memory waiting to be reused (decision 0914; tests). */
  get spares(): number {
    return this.#memory.spares;
  }

  /**
   * The list at `revision`: from memory when it was read at that revision; else patched from the
   * list held at an older one, reading again only the tracks changed since (decision 0490); else
   * read whole. Concurrent callers asking for the same revision share one read.
   *
   * With `accepts` (the revision the request's own last write left, 0 without one): a list being
   * made at `accepts` or later, and not older than the one kept, answers it (decision 0946). It was
   * the newest revision a moment ago, as a list held while an announcement is on its way is
   * (JournalRevisions); under 50 edit loops every GET found a newer revision and patched the
   * 5,000-track list (4.5 MB) for itself.
   */
  list(
    userId: string,
    sort: TrackSort,
    revision: number,
    source: TrackListSource,
    accepts?: number,
  ): Promise<CachedTrackList> {
    const key = listKey(userId, sort);
    if (accepts !== undefined && this.#kept.peek(key)?.revision !== revision) {
      const making = this.#kept.makingAtLeast(key, accepts);
      if (making) return making;
    }
    return this.#kept.get(key, revision, async (held) => {
      // Patched from: its memory must not be reused before the copy is made.
      held?.readers.hold();
      try {
        const read = await readRows(held, sort, source);
        return this.#entry(key, trackListEtag(userId, sort, revision), revision, read, held);
      } finally {
        held?.readers.release();
      }
    });
  }

  /**
   * A reply sends `entry`'s body (or may): its memory is not reused before the response closes.
   * Called as soon as the list is had, before any other await.
   */
  lend(entry: CachedTrackList, response: EventEmitter): void {
    entry.readers.holdUntilClosed(response);
  }

  /** Whether a list is held for `userId` and `sort`, at any revision (no use recorded). */
  holds(userId: string, sort: TrackSort): boolean {
    return this.#kept.has(listKey(userId, sort));
  }

  /**
   * Brings the lists held for `userId` to `revision` in the background (decision 0908), each with
   * `source(sort)`; a failure goes to `failed` and leaves the list as it was. A list already being
   * read is left alone: with many writers at once each write's revision is soon old, and reading
   * every one of them only adds reads that no request will share (the 50-connection edit loop's
   * p99 doubled so); the request that comes next reads at its own revision as it would have.
   */
  renew(
    userId: string,
    revision: number,
    source: (sort: TrackSort) => TrackListSource,
    failed: (err: Error) => void,
  ): void {
    for (const sort of TRACK_SORTS) {
      const key = listKey(userId, sort);
      if (!this.#kept.has(key) || this.#kept.making(key)) continue;
      this.list(userId, sort, revision, source(sort)).catch(failed);
    }
  }

  /** Drops the list held for `userId` and `sort` (a journal grown past the whole list's bound). */
  forget(userId: string, sort: TrackSort): void {
    this.#kept.forget(listKey(userId, sort));
  }

  /** The list compressed with `encoding`: made once per entry, then kept with it (and counted). */
  encoded(entry: CachedTrackList, encoding: ListEncoding): Promise<Buffer> {
    // Read in the thread pool: the body's memory is not reused until it is compressed.
    return encodedOnce(this.#kept, entry.key, entry, encoding, entry.readers);
  }

  #entry(
    key: string,
    etag: string,
    revision: number,
    { rows, from }: ReadRows,
    previous: CachedTrackList | undefined,
  ): CachedTrackList {
    const patched = previous && from && { rows: previous.rows, body: previous, from };
    let memory: Buffer | undefined;
    const { body, starts } = listBody(rows, patched, (length) => {
      memory = this.#memory.take(key, length);
      return memory;
    });
    let rowBytes = 0;
    for (const row of rows) rowBytes += row.json.length;
    const readers = new BodyReaders(memory!, (given) => this.#given(key, given));
    // Rows are shared with the entry they were patched from while both are kept: counted in each,
    // the cache errs on the side of keeping less (which covers the starts too, 4 bytes a row).
    const bytes = memory!.length + rowBytes;
    return { revision, body, starts, rows, etag, encoded: new Map(), readers, bytes, key };
  }

  /** Nothing reads `memory` any more: kept for the key's next list while the key is kept. */
  #given(key: string, memory: Buffer): void {
    const kept = this.#kept.peek(key);
    if (!kept) return;
    const added = this.#memory.give(key, memory);
    // The spare is reckoned with the entry kept now, whose successor will write into it.
    if (added > 0) this.#kept.grew(key, kept, added);
  }
}

const listKey = (userId: string, sort: TrackSort) => `${sort}\0${userId}`;
