import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { transcodeCache } from '../../db/schema';
import { holdTempFile } from '../../media/temp-files';
import type { BlobStore } from '../../storage/blob-store';
import { type TranscodePlan, transcodedSuffix } from './transcode';

/**
 * Finished /rest stream transcodes kept in the blob store (issue 26, decision 0400), so the next
 * request for the same source, format and bit rate is the stored bytes: Content-Length, Range, and
 * the web app's offload (nginx, presigned) like any stream. Bookkeeping is the `transcode_cache`
 * table, which every instance shares; the bytes go wherever the store keeps blobs.
 */
export interface TranscodeCacheOptions {
  db: Database;
  store: BlobStore;
  /** DATA_DIR/tmp: where a transcode is written while it streams (then moved into the store). */
  tempDir: string;
  /** The cache's total size, across instances; 0: nothing is cached. */
  maxBytes: number;
  /** Asks for a drain of the blob outbox (evicted entries' files). */
  kickBlobDeletions: () => Promise<void>;
  log: FastifyBaseLogger;
}

/** What one entry is made from: the track's current stream source and the plan. */
export interface TranscodeSource {
  trackId: number;
  sourceKey: string;
}

/** A hit writes its time at most this often: players ask again on every seek. */
const TOUCH_AFTER_MS = 60_000;
/** A row whose blob never arrived (its instance died mid-upload) may be taken over after this. */
const ABANDONED_AFTER = '1 hour';
/** How long this instance takes a stored entry's word for it, and for how many entries at most. */
const KNOWN_MS = 10_000;
const KNOWN_MAX = 1_000;

export class TranscodeCache {
  /** Entries known to be stored, until when (lookup). */
  private readonly known = new Map<string, number>();

  constructor(private readonly opts: TranscodeCacheOptions) {}

  /**
   * Whether this transcode may be cached: the whole track only. A `timeOffset` transcode is a
   * seek's tail, asked for once.
   */
  covers(plan: TranscodePlan): boolean {
    return this.opts.maxBytes > 0 && plan.offset === 0;
  }

  /**
   * The blob's key: a hash of the source's storage key (new for every file a track gets, so a new
   * version never meets an old transcode), the format and the bit rate.
   */
  keyOf(source: TranscodeSource, plan: TranscodePlan): string {
    const hash = createHash('sha256')
      .update(`${source.sourceKey}\n${plan.format}\n${plan.bitRate}`)
      .digest('hex')
      .slice(0, 40);
    return `transcodes/${hash}.${transcodedSuffix(plan.format)}`;
  }

  /**
   * True when the entry is in the store; marks it used (at most once a minute). A yes is remembered
   * here for a few seconds, so a player's Range requests do not each ask the database: should the
   * entry be evicted meanwhile by another instance, the read finds no blob and the caller
   * transcodes again (forget).
   */
  async lookup(key: string): Promise<boolean> {
    const until = this.known.get(key);
    if (until !== undefined && until > Date.now()) return true;
    this.known.delete(key);
    const { db } = this.opts;
    const [row] = await db
      .select({ lastUsedAt: transcodeCache.lastUsedAt })
      .from(transcodeCache)
      .where(and(eq(transcodeCache.key, key), eq(transcodeCache.stored, true)));
    if (!row) return false;
    if (Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
      void db
        .update(transcodeCache)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(transcodeCache.key, key))
        .catch((err: unknown) => this.opts.log.warn({ err }, 'Could not mark a cached transcode used'));
    }
    this.known.set(key, Date.now() + KNOWN_MS);
    if (this.known.size > KNOWN_MAX) this.known.delete(this.known.keys().next().value!);
    return true;
  }

  /** An entry whose blob is gone (evicted between the lookup and the read): its row goes too. */
  async forget(key: string): Promise<void> {
    this.known.delete(key);
    await this.opts.db.delete(transcodeCache).where(eq(transcodeCache.key, key));
    await this.opts.kickBlobDeletions();
  }

  /**
   * Copies `output` to a temp file as it streams and publishes it once ffmpeg exited 0 with every
   * byte written (`exited` resolves with its exit code). A transcode cut short (the listener went
   * away and ffmpeg was killed, or an error) or larger than the whole cache leaves nothing.
   * Never throws: the listener's stream does not depend on it.
   */
  record(output: Readable, exited: Promise<number | null>, source: TranscodeSource, key: string): void {
    // Attached now, in the tick the reply's own reader is: the copy misses no byte, and it holds
    // what arrives until the temp file is open.
    const copy = new PassThrough();
    output.pipe(copy);
    output.once('error', (err) => copy.destroy(err));
    // Given up (too large, the disk failed): the copy must stop holding back the listener's stream.
    const drop = () => {
      output.unpipe(copy);
      copy.destroy();
    };
    const file = path.join(this.opts.tempDir, `transcode-${randomUUID()}`);
    const release = holdTempFile(file);
    void this.write(copy, file, drop)
      .then(async (written) => {
        const code = await exited;
        if (written && code === 0) await this.publish(file, source, key);
      })
      .catch((err: unknown) => this.opts.log.warn({ err, key }, 'Could not cache a transcode'))
      .finally(async () => {
        drop();
        await rm(file, { force: true }).catch(() => {});
        release();
      });
  }

  /** Resolves true once all of `copy` is in `file`, false when it was cut or outgrew the cache. */
  private async write(copy: Readable, file: string, drop: () => void): Promise<boolean> {
    await mkdir(path.dirname(file), { recursive: true });
    return new Promise((resolve) => {
      const sink = createWriteStream(file);
      let bytes = 0;
      let ended = false;
      const give = (complete: boolean) => {
        if (!complete) {
          drop();
          sink.destroy();
        }
        resolve(complete);
      };
      copy.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > this.opts.maxBytes) give(false);
      });
      copy.once('end', () => {
        ended = true;
      });
      copy.once('error', () => give(false));
      sink.once('error', () => give(false));
      // The sink ends when the copy does (pipe): complete only if the copy really reached its end.
      sink.once('finish', () => give(ended && bytes > 0 && bytes <= this.opts.maxBytes));
      copy.pipe(sink);
    });
  }

  /**
   * The row first (not yet `stored`), then the blob, then `stored`: a row is only ever served once
   * its blob is there, and a blob the store holds always has a row, so eviction sees every byte.
   * The row is made only while the track still plays this source: a transcode of a file replaced
   * meanwhile is dropped.
   */
  private async publish(file: string, source: TranscodeSource, key: string): Promise<void> {
    const { db, store } = this.opts;
    const { size } = await stat(file);
    if (size > this.opts.maxBytes) return;
    const claimed = rowsOf<{ key: string }>(
      await db.execute(sql`
        insert into transcode_cache (key, track_id, source_key, size)
        select ${key}, t.id, ${source.sourceKey}, ${size}
          from tracks t
         where t.id = ${source.trackId}
           and (t.filepath = ${source.sourceKey} or t.rendition_key = ${source.sourceKey})
        on conflict (key) do update
           set size = excluded.size, created_at = now(), last_used_at = now()
         where transcode_cache.stored = false
           and transcode_cache.created_at < now() - interval '${sql.raw(ABANDONED_AFTER)}'
        returning key`),
    );
    if (claimed.length === 0) return;
    try {
      await store.putFile(key, file);
    } catch (err) {
      // The row goes, and with it (the outbox) whatever part of the blob the store may hold.
      await this.forget(key);
      throw err;
    }
    const kept = await db
      .update(transcodeCache)
      .set({ stored: true })
      .where(eq(transcodeCache.key, key))
      .returning({ key: transcodeCache.key });
    // The row went while the blob was on its way (evicted, the track deleted or given a new file):
    // the outbox had nothing to remove then, so the blob is removed here.
    if (kept.length === 0) {
      await store.delete(key);
      return;
    }
    await this.evict();
  }

  /**
   * Deletes the least recently used entries beyond the cap, in one statement, whichever instance
   * runs it; their blobs are removed through the outbox (the row's trigger queues them).
   */
  async evict(): Promise<number> {
    const evicted = rowsOf<{ key: string }>(
      await this.opts.db.execute(sql`
        delete from transcode_cache
         where key in (
           select key from (
             select key, sum(size) over (order by last_used_at desc, created_at desc, key) as kept
               from transcode_cache
           ) ranked
            where kept > ${this.opts.maxBytes})
        returning key`),
    );
    for (const { key } of evicted) this.known.delete(key);
    if (evicted.length > 0) await this.opts.kickBlobDeletions();
    return evicted.length;
  }
}
