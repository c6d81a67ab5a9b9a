import { IMPORT_JOURNAL_MAX_BYTES } from '../../../shared/schemas/imports';
import type { ExportedTrack, JournalExport } from '../../../shared/schemas/journal-export';
import { HttpError } from '../../plugins/errors';
import type { CheckedFile } from './journal-parse';
import { parseJournalOffThread } from './journal-thread';
import { type ZipLimits, ZipReader } from './zip-reader';

const JOURNAL = 'journal.json';

export interface CheckedArchive {
  journal: JournalExport;
  /** Every file entry with its real size and sha256, as counted while it inflated. */
  files: Map<string, CheckedFile>;
}

const invalid = (message: string) => new HttpError(422, message);

/**
 * How an import's zip is read: each file within the upload limit, journal.json within its own
 * (IMPORT_JOURNAL_MAX_BYTES: it is parsed, never stored), all of it within maxTotalBytes.
 */
export const importZipLimits = (maxUploadBytes: number, maxTotalBytes: number): ZipLimits => ({
  maxEntryBytes: maxUploadBytes,
  maxTotalBytes,
  ownMaxBytes: new Map([[JOURNAL, IMPORT_JOURNAL_MAX_BYTES]]),
});

/**
 * Checks a whole uploaded export before anything is made of it (decision 0425): a zip with safe
 * names, no bomb and no entry past the limits (zip-reader.ts), every entry inflated once and counted,
 * journal.json (at most IMPORT_JOURNAL_MAX_BYTES) valid against the export schema, every file it
 * names present, matching its sha256 and backing one track, every playlist naming tracks of the
 * archive (journal-parse.ts, in a worker). Throws the 4xx to answer; resolves with the
 * journal and the files' real sizes and hashes.
 */
export async function checkArchive(file: string, limits: ZipLimits): Promise<CheckedArchive> {
  const reader = await ZipReader.open(file, limits);
  try {
    const counted = { bytes: 0 };
    const files = new Map<string, CheckedFile>();
    let raw: Buffer | undefined;
    for (const name of reader.entries.keys()) {
      if (name === JOURNAL) {
        raw = await reader.buffer(name, counted);
        continue;
      }
      files.set(name, await reader.drain(name, counted));
    }
    if (!raw) throw invalid('The archive has no journal.json: is it a Journal export?');
    return { journal: await parseJournalOffThread(raw, files), files };
  } finally {
    reader.close();
  }
}

/** The file (and its checked hash) of each track's current version: what the quota counts. */
export function currentFiles(checked: CheckedArchive) {
  return checked.journal.tracks.map((track) => {
    const file = track.versions.at(-1)!.file!;
    return { track, file, ...checked.files.get(file)! };
  });
}

/** Bytes a recreated track stores: every version's file it carries (earlier ones are kept, 0430). */
export function storedSizeOf(checked: CheckedArchive, track: ExportedTrack): number {
  let size = 0;
  for (const v of track.versions) if (v.file) size += checked.files.get(v.file)?.size ?? 0;
  return size;
}
