import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TRACK_SORTS, type TrackSort } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { trackListSql } from './track-list.query';

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
  /** Weak: the same list may go out brotli-, gzip- or not compressed. */
  etag: string;
  /** The body compressed, made once when first asked for (TrackListCache.encoded). */
  encoded: Map<ListEncoding, Promise<Buffer>>;
  /** The body and the compressed copies made so far: what the entry costs the cache. */
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

/** The one indexed lookup each request pays: the owner's current revision (primary key). */
export async function journalRevision(db: Database, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ revision: users.journalRevision })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.revision;
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
   * The list at `revision`: from memory when it was read at that revision, else from `load` (run
   * once for concurrent callers asking for the same revision) and kept.
   */
  async list(
    userId: string,
    sort: TrackSort,
    revision: number,
    load: () => Promise<string>,
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
    const promise = load()
      .then((json) => {
        const body = Buffer.from(json);
        const etag = trackListEtag(userId, sort, revision);
        const entry: CachedTrackList = { revision, body, etag, encoded: new Map(), bytes: body.length, key };
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
