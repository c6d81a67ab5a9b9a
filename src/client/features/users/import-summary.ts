import { countOf } from '../../../shared/format';
import type { ImportRefusal, ImportRefusedKind, UserImport } from '../../../shared/schemas/imports';

const count = (n: number, one: string) => countOf(n, one);

const REFUSED_NOUN: Record<ImportRefusedKind, string> = {
  track: 'track',
  playlist: 'playlist',
  equipment: 'equipment page',
  'share link': 'share link',
  'guest comment': 'guest comment',
  listen: 'listen',
};

/**
 * What the archive held that broke the API's rules, one line per reason (issue 41, decision 0525):
 * "3 tracks skipped: track name must be at most 200 characters", in the server's own words.
 */
export const refusedLines = (refused: ImportRefusal[]) =>
  refused.map(
    (r) =>
      `${count(r.count, REFUSED_NOUN[r.kind])} skipped: ${r.reason.charAt(0).toLowerCase()}${r.reason.slice(1)}`,
  );

/**
 * What a finished import did, in one line (decision 0426):
 * "Imported 12 tracks, 3 playlists · 2 tracks were already here". Playlists are named only when the
 * archive had some; what was skipped is said only when something was.
 */
export function importSummary({ created, skipped }: Pick<UserImport, 'created' | 'skipped'>): string {
  const made = [count(created.tracks, 'track')];
  if (created.playlists > 0) made.push(count(created.playlists, 'playlist'));
  const already = [
    ...(skipped.tracks > 0 ? [count(skipped.tracks, 'track')] : []),
    ...(skipped.playlists > 0 ? [count(skipped.playlists, 'playlist')] : []),
  ];
  const line = `Imported ${made.join(', ')}`;
  if (already.length === 0) return line;
  const one = skipped.tracks + skipped.playlists === 1;
  return `${line} · ${already.join(' and ')} ${one ? 'was' : 'were'} already here`;
}

/** The import bar's words: "3 of 12 tracks". */
export const importProgressText = ({ processed, total }: Pick<UserImport, 'processed' | 'total'>) =>
  `${processed} of ${count(total, 'track')}`;

/** A failed import's reason, the server's words when it gave some. */
export const importFailure = (item: Pick<UserImport, 'error'>) =>
  item.error ?? 'The import failed; nothing was added. Please try again.';
