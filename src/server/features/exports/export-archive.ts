import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { JournalExport } from '../../../shared/schemas/journal-export';
import type { BlobStore } from '../../storage/blob-store';
import { zipTime } from '../../storage/zip-entries';
import type { ExportPlan } from './export-journal';
import { exportReadme } from './export-readme';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const CSV_COLUMNS = [
  'id',
  'title',
  'visibility',
  'duration_seconds',
  'original_filename',
  'file',
  'sha256',
  'version',
  'equipment',
  'created_at',
  'updated_at',
  'notes',
] as const;

/** tracks.csv: one row per track, the main columns, for a spreadsheet (journal.json has it all). */
export function tracksCsv(journal: JournalExport): string {
  const rows = journal.tracks.map((t) => {
    const current = t.versions.at(-1)!;
    return [
      t.id,
      t.title,
      t.visibility,
      t.durationSeconds,
      t.originalFilename,
      current.file,
      current.sha256,
      current.version,
      t.equipment.map((e) => `${e.name} (${e.category})`).join('; '),
      t.createdAt,
      t.updatedAt,
      t.notes,
    ]
      .map(csvField)
      .join(',');
  });
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Passes bytes through unchanged while taking their sha256. */
function hashing(onDigest: (hex: string) => void): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      onDigest(hash.digest('hex'));
      done();
    },
  });
}

/**
 * Writes the export's zip to `file` (decision 0415): README.txt, then every stored file (originals,
 * earlier versions' kept originals (decision 0430), images) STORED and piped from the store one after another, each opened only when its turn comes,
 * then tracks.csv and journal.json deflated. The originals are hashed as they pass, and journal.json
 * (written last, so after them) carries those hashes: what the zip holds, checked, even for tracks
 * uploaded before hashes were kept. Memory stays flat whatever the account's size. A file gone from
 * the store (a track deleted meanwhile) fails the export, which is retried.
 */
export async function writeExportArchive(
  store: BlobStore,
  plan: ExportPlan,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  const { journal, files } = plan;
  const now = zipTime(new Date(journal.exportedAt));
  const zip = new ZipFile();
  let current: Readable | undefined;
  const failures: Error[] = [];
  const fail = (err: Error) => {
    failures.push(err);
    (zip.outputStream as Readable).destroy(err);
  };

  zip.addBuffer(Buffer.from(exportReadme(journal)), 'README.txt', { mtime: now, compress: true });
  for (const entry of files) {
    const options = {
      compress: false,
      mtime: zipTime(entry.mtime),
      ...(entry.size === undefined ? {} : { size: entry.size }),
    };
    zip.addReadStreamLazy(entry.path, options, (done) => {
      if (signal?.aborted) return fail(new Error('Export stopped'));
      store.createReadStream(entry.key).then(
        (stream) => {
          stream.once('error', fail);
          const target = entry.hashInto;
          current =
            target === undefined
              ? stream
              : stream
                  .pipe(
                    hashing((hex) => {
                      target.sha256 = hex;
                    }),
                  )
                  .once('error', fail);
          done(null, current);
        },
        (err: Error) => fail(err),
      );
    });
  }
  // Lazily too: their turn comes after every original has been read, so the hashes are in.
  const generated = (name: string, make: () => string) =>
    zip.addReadStreamLazy(name, { compress: true, mtime: now }, (done) =>
      done(null, Readable.from([make()])),
    );
  // Each original's hash was written into its version in journal (`hashInto`) as it passed.
  generated('tracks.csv', () => tracksCsv(journal));
  generated('journal.json', () => `${JSON.stringify(journal, null, 2)}\n`);
  zip.on('error', fail);
  zip.end();
  const onAbort = () => fail(new Error('Export stopped'));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await pipeline(zip.outputStream, createWriteStream(file));
  } catch (err) {
    current?.destroy();
    throw failures[0] ?? err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
