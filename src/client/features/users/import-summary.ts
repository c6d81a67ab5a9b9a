import type { UserImport } from '../../../shared/schemas/imports';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

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
