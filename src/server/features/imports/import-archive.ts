import { type JournalExport, journalExportSchema } from '../../../shared/schemas/journal-export';
import { HttpError } from '../../plugins/errors';
import { type ZipLimits, ZipReader } from './zip-reader';

/** journal.json is read into memory to be parsed: a real one is a few megabytes at most. */
export const JOURNAL_MAX_BYTES = 64 * 1024 * 1024;
const JOURNAL = 'journal.json';

export interface CheckedFile {
  sha256: string;
  size: number;
}

export interface CheckedArchive {
  journal: JournalExport;
  /** Every file entry with its real size and sha256, as counted while it inflated. */
  files: Map<string, CheckedFile>;
}

const invalid = (message: string) => new HttpError(422, message);

/** "tracks.3.versions.0.file: Expected string" → the first problem, with where it is. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  const where = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
    .join('');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Checks a whole uploaded export before anything is made of it (decision 0425): a zip with safe
 * names, no bomb and no entry past the limits (zip-reader.ts), every entry inflated once and counted,
 * journal.json valid against the export schema, every file it names present and matching its
 * sha256, every playlist naming tracks of the archive. Throws the 4xx to answer; resolves with the
 * journal and the files' real sizes and hashes.
 */
export async function checkArchive(file: string, limits: ZipLimits): Promise<CheckedArchive> {
  const reader = await ZipReader.open(file, limits);
  try {
    const counted = { bytes: 0 };
    const files = new Map<string, CheckedFile>();
    let raw: Buffer | undefined;
    for (const [name, entry] of reader.entries) {
      if (name === JOURNAL) {
        if (entry.uncompressedSize > JOURNAL_MAX_BYTES) throw invalid('journal.json is too large');
        raw = await reader.buffer(name, counted);
        continue;
      }
      files.set(name, await reader.drain(name, counted));
    }
    if (!raw) throw invalid('The archive has no journal.json: is it a Journal export?');
    return { journal: parseJournal(raw, files), files };
  } finally {
    reader.close();
  }
}

/** journal.json read and held against the schema and against what the archive holds. */
export function parseJournal(raw: Buffer, files: Map<string, CheckedFile>): JournalExport {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('journal.json is not valid JSON');
  }
  const parsed = journalExportSchema.safeParse(json);
  if (!parsed.success) {
    throw invalid(`journal.json does not match the export format: ${firstIssue(parsed.error)}`);
  }
  const journal = parsed.data;
  const ids = new Set<number>();
  const present = (where: string, path: string) => {
    if (!files.has(path)) throw invalid(`${where} names "${path}", which is not in the archive`);
  };
  journal.tracks.forEach((track, i) => {
    const where = `tracks[${i}]`;
    if (ids.has(track.id)) throw invalid(`${where}.id: ${track.id} appears twice`);
    ids.add(track.id);
    if (track.versions.at(-1)!.file === null) {
      throw invalid(`${where}.versions: the current (last) version has no file`);
    }
    track.versions.forEach((v, j) => {
      const at = `${where}.versions[${j}]`;
      if (j > 0 && v.version <= track.versions[j - 1]!.version) {
        throw invalid(`${at}.version: versions must be listed oldest first`);
      }
      if (v.file === null) return;
      present(`${at}.file`, v.file);
      if (v.sha256 !== null && files.get(v.file)!.sha256 !== v.sha256.toLowerCase()) {
        throw invalid(`"${v.file}" does not match its sha256 in journal.json`);
      }
    });
  });
  journal.playlists.forEach((p, i) => {
    if (p.cover) present(`playlists[${i}].cover`, p.cover);
    for (const id of p.trackIds) {
      if (!ids.has(id)) throw invalid(`playlists[${i}].trackIds: ${id} is not a track of the archive`);
    }
  });
  return journal;
}

/** The file (and its checked hash) of each track's current version: what the quota counts. */
export function currentFiles(checked: CheckedArchive) {
  return checked.journal.tracks.map((t) => {
    const file = t.versions.at(-1)!.file!;
    return { trackId: t.id, file, ...checked.files.get(file)! };
  });
}

/** Bytes a recreated track stores: every version's file it carries (earlier ones are kept, 0430). */
export function storedSizeOf(checked: CheckedArchive, trackId: number): number {
  const track = checked.journal.tracks.find((t) => t.id === trackId);
  let size = 0;
  for (const v of track?.versions ?? []) if (v.file) size += checked.files.get(v.file)?.size ?? 0;
  return size;
}
