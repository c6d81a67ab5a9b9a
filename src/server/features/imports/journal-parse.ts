import { countOf } from '../../../shared/format';
import { IMPORT_MAX_TRACKS } from '../../../shared/schemas/imports';
import { type JournalExport, journalExportSchema } from '../../../shared/schemas/journal-export';

/**
 * journal.json read and held against the schema and against what the archive holds. Runs in the
 * journal worker (journal-worker.ts): parsing and checking tens of megabytes takes far longer than
 * a request may hold the event loop. Plain data in, plain data out, so it carries nothing of the
 * server with it.
 */

export interface CheckedFile {
  sha256: string;
  size: number;
}

/** Why journal.json is refused, with the status to answer (the worker sends both back). */
export class JournalRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new JournalRefusal(422, message);

/** "tracks.3.versions.0.file: Expected string" → the first problem, with where it is. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  const where = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
    .join('');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Too many tracks is refused before the schema walks them (the walk is the costly part). */
function assertTrackCount(json: unknown) {
  const tracks = (json as { tracks?: unknown } | null)?.tracks;
  if (Array.isArray(tracks) && tracks.length > IMPORT_MAX_TRACKS) {
    throw new JournalRefusal(
      413,
      `journal.json holds ${countOf(tracks.length, 'track')}: an archive may hold at most ${IMPORT_MAX_TRACKS.toLocaleString('en')}`,
    );
  }
}

export function parseJournal(raw: Uint8Array, files: Map<string, CheckedFile>): JournalExport {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'));
  } catch {
    throw invalid('journal.json is not valid JSON');
  }
  assertTrackCount(json);
  const parsed = journalExportSchema.safeParse(json);
  if (!parsed.success) {
    throw invalid(`journal.json does not match the export format: ${firstIssue(parsed.error)}`);
  }
  const journal = parsed.data;
  const ids = new Set<number>();
  // One file backs at most one track: an archive naming one entry in many tracks would be stored
  // once per track (a small archive, a large journal). An export names each version's file once.
  const backs = new Map<string, number>();
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
      const first = backs.get(v.file);
      if (first !== undefined) {
        throw invalid(
          `${at}.file: "${v.file}" is already the file of tracks[${first}]; a file backs one version of one track`,
        );
      }
      backs.set(v.file, i);
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
