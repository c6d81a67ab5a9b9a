import type { CompareRequest } from './compare-context';

// A link that opens the comparison (issue 44, decision 0674): `?track=7&compare=3,2&t=12.5` on a
// collective's playlist page compares version 3 (slot A) with version 2 (slot B) of track 7, at
// 12.5 s of slot A's timeline. "v3 answers your comments" in the inbox leads there.

/** The versions a link asks to compare, A first; null when `compare` is absent or not two versions. */
export function parseCompareParam(value: string | null): { a: number; b: number } | null {
  const match = /^(\d{1,6}),(\d{1,6})$/.exec(value ?? '');
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[2]);
  return a >= 1 && b >= 1 && a !== b ? { a, b } : null;
}

/** The comparison such a link opens: one track, its two versions, its collective's comments. */
export function compareRequestFromLink(link: {
  trackId: number;
  name: string;
  versions: { a: number; b: number };
  at: number | null;
  collectiveId: number;
}): CompareRequest {
  return {
    takes: [{ trackId: link.trackId, name: link.name, version: link.versions.a }],
    versionB: link.versions.b,
    collectiveId: link.collectiveId,
    ...(link.at !== null ? { startAt: link.at } : {}),
  };
}
