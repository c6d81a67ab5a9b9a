import { and, desc, eq } from 'drizzle-orm';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { trackVersions } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { streamSource, type TrackRow } from './tracks.service';

/**
 * Every version as a take (issue 43, decisions 0600, 0620): what the versions list says of each and
 * what its stream and waveform routes serve. The current version's results are the track row's; an
 * earlier version's are its own row's (the version processing fills them).
 */

export type VersionRow = typeof trackVersions.$inferSelect;

/** Where a version's media is reached: the track's routes, or a share link's (decision 0622). */
export const trackVersionsBase = (trackId: number) => `/api/tracks/${trackId}/versions`;
export const versionStreamUrl = (base: string, version: number) => `${base}/${version}/stream`;
export const versionWaveformUrl = (base: string, version: number) => `${base}/${version}/waveform`;

/**
 * The id of the entry a never-replaced track answers for its only version (decision 0621): it has
 * no version row, and the list must still offer it as a take. Row ids are identity values from 1,
 * so minus the track's id is never one, and is unique across tracks.
 */
export const syntheticVersionId = (trackId: number) => -trackId;

/** What an earlier version's stream serves: as streamSource() for a track, from the version's row. */
export function versionStreamSource(row: VersionRow): { key: string; mimeType: string } | null {
  if (!row.storageKey) return null;
  if (row.originalPlayable && row.processingState !== 'failed' && row.mimeType) {
    return { key: row.storageKey, mimeType: row.mimeType };
  }
  if (row.processingState === 'ready' && row.renditionKey && row.renditionMimeType) {
    return { key: row.renditionKey, mimeType: row.renditionMimeType };
  }
  return null;
}

/** An earlier version with a file whose row has no state yet waits for the queue like a pending one. */
export const versionProcessingOf = (row: VersionRow): Track['processing'] => {
  const state = row.processingState ?? 'pending';
  return {
    state,
    error: state === 'failed' ? (row.processingError ?? 'Processing failed') : null,
  };
};

const hasPeaks = (r: { processingState: string | null; peaksKey: string | null }) =>
  r.processingState === 'ready' && r.peaksKey !== null;

function currentTake(track: TrackRow, row: VersionRow | undefined, base: string): TrackVersion {
  return {
    id: row?.id ?? syntheticVersionId(track.id),
    trackId: track.id,
    version: track.version,
    note: row?.note ?? null,
    filename: track.filename,
    size: track.size,
    createdAt: (row?.createdAt ?? track.createdAt).toISOString(),
    hasFile: true,
    current: true,
    processingState: track.processingState,
    duration: track.duration,
    loudnessLufs: track.loudnessLufs,
    truePeakDb: track.truePeakDb,
    loudnessRange: track.loudnessRange,
    // Whatever the track's own /stream plays now.
    streamUrl: streamSource(track) ? versionStreamUrl(base, track.version) : null,
    peaksUrl: hasPeaks(track) ? versionWaveformUrl(base, track.version) : null,
    alignSeconds: 0,
    audioStartSeconds: track.audioStartSeconds,
  };
}

function earlierTake(row: VersionRow, base: string): TrackVersion {
  const hasFile = row.storageKey !== null;
  return {
    id: row.id,
    trackId: row.trackId,
    version: row.version,
    note: row.note,
    filename: row.filename,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    hasFile,
    current: false,
    processingState: hasFile ? versionProcessingOf(row).state : null,
    duration: row.duration,
    loudnessLufs: row.loudnessLufs,
    truePeakDb: row.truePeakDb,
    loudnessRange: row.loudnessRange,
    streamUrl: versionStreamSource(row) ? versionStreamUrl(base, row.version) : null,
    peaksUrl: hasFile && hasPeaks(row) ? versionWaveformUrl(base, row.version) : null,
    alignSeconds: row.alignSeconds,
    audioStartSeconds: row.audioStartSeconds,
  };
}

/**
 * The list entries, newest first, from the track and its version rows (newest first). A track
 * never replaced has no rows: its one entry is synthesized, so any two takes can be compared.
 */
export function versionTakes(track: TrackRow, rows: VersionRow[], base: string): TrackVersion[] {
  const currentRow = rows.find((r) => r.version === track.version);
  const earlier = rows.filter((r) => r.version !== track.version).map((r) => earlierTake(r, base));
  // The current version is the newest: it leads the list.
  return [currentTake(track, currentRow, base), ...earlier];
}

export async function listVersionRows(db: Database, trackId: number): Promise<VersionRow[]> {
  return db
    .select()
    .from(trackVersions)
    .where(eq(trackVersions.trackId, trackId))
    .orderBy(desc(trackVersions.version));
}

/**
 * The version a media request names, once access to `track` is decided: `current` for the track's
 * own (its row holds the results), else the earlier version's row. 404 for no such version and for
 * one without a file (removed by its owner, or replaced before files were kept).
 */
export async function findVersionTake(
  db: Database,
  track: TrackRow,
  version: number,
): Promise<{ current: true } | { current: false; row: VersionRow }> {
  if (version === track.version) return { current: true };
  const [row] = await db
    .select()
    .from(trackVersions)
    .where(and(eq(trackVersions.trackId, track.id), eq(trackVersions.version, version)))
    .limit(1);
  if (!row?.storageKey) throw notFound(`Version ${version} has no file`);
  return { current: false, row };
}
