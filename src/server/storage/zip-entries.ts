import path from 'node:path';

// What the zips of tracks (features/tracks, decision 0276) and of a person's export
// (features/exports) share: entry names and times a zip can hold.

// A zip keeps times as DOS dates (1980-2107) and 32-bit Unix seconds (to 2038); yazl throws from
// a timer on anything outside, which would take the process down. A recorded date can be anything.
const ZIP_TIME_MIN = Date.UTC(1980, 0, 2);
const ZIP_TIME_MAX = Date.UTC(2038, 0, 1);
export const zipTime = (date: Date) =>
  new Date(Math.min(Math.max(date.getTime(), ZIP_TIME_MIN), ZIP_TIME_MAX));

/**
 * Unique entry names: the second "Take.wav" becomes "Take (2).wav". Compared without case, since
 * the zip is usually unpacked on a case-insensitive disk (macOS, Windows) where "take.WAV" would
 * overwrite "Take.wav".
 */
export class EntryNames {
  private readonly taken = new Set<string>();

  claim(fileName: string): string {
    const safe = safeEntryName(fileName);
    const { name, ext } = path.parse(safe);
    let candidate = safe;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${name} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/**
 * Upload names are plain (media/display-file-name.ts), but a zip entry must never be a path: no
 * separators, no drive letter, no "." or "..". yazl would throw on them; an unzip would escape.
 */
export function safeEntryName(fileName: string): string {
  const plain = fileName.replace(/[/\\\p{Cc}]/gu, '_').replace(/^([a-zA-Z]):/, '$1_');
  return plain === '' || plain === '.' || plain === '..' ? 'track' : plain;
}
