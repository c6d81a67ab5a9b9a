import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tracks, trackVersions } from '../../db/schema';
import { holdTempFile } from '../../media/temp-files';
import { renderWaveformTile, tileKey } from '../../media/waveform-tile';
import type { BlobStore } from '../../storage/blob-store';

/**
 * A song's cover art is its waveform tile (decision 0790). Its coverArt id, `tr-{trackId}-{tag}`,
 * names the track and a tag of the peaks it is drawn from, so a new version (new peaks) is a new
 * id: players keep cover art by id for good. Who may see the tile is who may hear the track.
 */
export interface TileSource {
  id: number;
  peaksKey: string | null;
}

/** Bump when the drawing changes (media/waveform-tile.ts): every player then fetches tiles anew. */
const DRAWING_VERSION = '1';

/** Tags already made, by peaks key: a sync page names 500 songs' (up to TAGS_KEPT, then anew). */
const tags = new Map<string | null, string>();
const TAGS_KEPT = 10_000;

function tagOf(peaksKey: string | null): string {
  let tag = tags.get(peaksKey);
  if (tag === undefined) {
    tag = createHash('sha256')
      .update(`${DRAWING_VERSION}\n${peaksKey ?? ''}`)
      .digest('hex')
      .slice(0, 10);
    if (tags.size >= TAGS_KEPT) tags.clear();
    tags.set(peaksKey, tag);
  }
  return tag;
}

export const songCoverArt = (track: TileSource) => `tr-${track.id}-${tagOf(track.peaksKey)}`;

/** The track id of a song's coverArt id; undefined for anything else. */
export function parseSongCoverArt(id: string): number | undefined {
  const match = /^tr-(\d{1,10})-[0-9a-f]{10}$/.exec(id);
  const trackId = match ? Number(match[1]) : 0;
  return trackId >= 1 && trackId <= 2_147_483_647 ? trackId : undefined;
}

/** The ETag of a track's tile of `size` pixels: changes with its peaks, as its coverArt id does. */
export const tileEtag = (track: TileSource, size: number) => `"${songCoverArt(track)}-${size}"`;

export interface TileDeps {
  db: Database;
  store: BlobStore;
  /** Where a tile is written before the store takes it (DATA_DIR/tmp). */
  tempDir: string;
}

/** The peaks in a stored peaks file (tens of KB of JSON); none when it does not read. */
function parsePeaks(bytes: Buffer): number[] {
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { peaks?: unknown };
    return Array.isArray(parsed.peaks) ? parsed.peaks.filter((p): p is number => typeof p === 'number') : [];
  } catch {
    return [];
  }
}

/** Whether a row still holds these peaks: the track as it is now, or one of its earlier versions. */
async function peaksHeld(db: Database, track: TileSource & { peaksKey: string }) {
  const [row] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(
      and(
        eq(tracks.id, track.id),
        or(
          eq(tracks.peaksKey, track.peaksKey),
          exists(
            db
              .select({ one: sql`1` })
              .from(trackVersions)
              .where(and(eq(trackVersions.trackId, track.id), eq(trackVersions.peaksKey, track.peaksKey))),
          ),
        ),
      ),
    );
  return row !== undefined;
}

/**
 * A track's tile of `size` pixels (one of TILE_SIZES) as bytes: the stored one, or drawn and stored
 * first. A track without peaks (still processing) gets the flat tile, drawn each time and never
 * stored. A tile stored while its peaks were let go (the track deleted meanwhile) is removed again:
 * the outbox already took their tiles, or takes this one with them later (blobKeysOf).
 */
export async function tileBytes(deps: TileDeps, track: TileSource, size: number): Promise<Buffer> {
  const { store, db } = deps;
  const key = track.peaksKey === null ? undefined : tileKey(track.peaksKey, size);
  if (!track.peaksKey || !key) return renderWaveformTile([], size);
  const stored = await readWhole(store, key);
  if (stored) return stored;
  const peaks = await readWhole(store, track.peaksKey);
  // Named but not in the store (a restored backup): drawn flat, and not kept.
  if (!peaks) return renderWaveformTile([], size);
  const tile = await renderWaveformTile(parsePeaks(peaks), size);
  await mkdir(deps.tempDir, { recursive: true });
  const file = path.join(deps.tempDir, `tile-${randomUUID()}.webp`);
  const release = holdTempFile(file);
  try {
    await writeFile(file, tile, { flag: 'wx' });
    await store.putFile(key, file);
  } finally {
    release();
    // putFile moved it; only a failure leaves it behind.
    await rm(file, { force: true });
  }
  if (!(await peaksHeld(db, { id: track.id, peaksKey: track.peaksKey }))) await store.delete(key);
  return tile;
}

/** A small blob's bytes; undefined when it is not stored. */
async function readWhole(store: BlobStore, key: string): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await store.createReadStream(key)) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return Buffer.concat(chunks);
}
