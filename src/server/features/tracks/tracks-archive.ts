import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import { tracks } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { EntryNames, zipTime } from '../../storage/zip-entries';
import { distinctIds } from './tracks-bulk.service';

export interface ArchiveEntry {
  /** The name inside the zip: the upload's file name, numbered when taken ("Take (2).wav"). */
  name: string;
  key: string;
  size: number;
  mtime: Date;
}

/**
 * The files of the viewer's named tracks, in the order given; 404 for the whole request when any
 * id is not theirs (decision 0276), checked before a byte is sent. One query.
 */
export async function ownArchiveEntries(db: Database, ids: readonly number[], viewerId: string) {
  const wanted = distinctIds(ids);
  const rows = await db
    .select({
      id: tracks.id,
      filename: tracks.filename,
      filepath: tracks.filepath,
      size: tracks.size,
      fileCreatedAt: tracks.fileCreatedAt,
      createdAt: tracks.createdAt,
    })
    .from(tracks)
    .where(and(inIds(tracks.id, wanted), eq(tracks.userId, viewerId)));
  if (rows.length !== wanted.length) throw notFound('Track not found');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = new EntryNames();
  return wanted.map((id): ArchiveEntry => {
    const row = byId.get(id)!;
    return {
      name: names.claim(row.filename),
      key: row.filepath,
      size: row.size,
      mtime: zipTime(row.fileCreatedAt ?? row.createdAt),
    };
  });
}

/**
 * The zip as a stream (decision 0276). Entries are STORED (audio is already compressed; deflate
 * would spend CPU for a percent or two), Zip64 where sizes or counts need it (yazl decides). Each
 * file is opened only when its turn comes (`addReadStreamLazy`) and piped with backpressure, so
 * memory stays flat however large the total, on disk or S3 alike. Destroying the returned stream
 * (Fastify does when the client goes away) destroys the file being read and opens no other.
 */
export function trackArchiveStream(store: BlobStore, entries: readonly ArchiveEntry[]): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let current: Readable | undefined;
  let stopped = false;
  const fail = (err: Error) => {
    if (!stopped) out.destroy(err);
  };
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { size: entry.size, compress: false, mtime: entry.mtime }, (done) => {
      if (stopped) return;
      store.createReadStream(entry.key).then(
        (stream) => {
          if (stopped) return void stream.destroy();
          current = stream;
          // pipe() does not forward a source's error (a blob gone since the query): end the archive.
          stream.once('error', fail);
          done(null, stream);
        },
        (err: Error) => fail(err),
      );
    });
  }
  zip.on('error', fail);
  out.once('close', () => {
    stopped = true;
    current?.destroy();
  });
  zip.end();
  return out;
}
