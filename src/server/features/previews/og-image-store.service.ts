import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { displayName } from '../../../shared/format';
import type { Database } from '../../db/client';
import { tracks } from '../../db/schema';
import { holdTempFile } from '../../media/temp-files';
import type { BlobStore } from '../../storage/blob-store';
import { loadTrackWithOwner, type TrackWithOwner } from '../tracks/public-track.service';
import { renderOgImage } from './og-image';

/**
 * A track's link-preview picture lives in the blob store beside its files (decision 0350), under
 * `tracks/og-{trackId}-{hash}-{nonce}.png` in `tracks.og_image_key`. The hash is of everything the
 * picture shows (peaks key, name, owner's name) and of the drawing itself, so a rename gives a new
 * key and the outbox trigger queues the old blob; the nonce keeps two requests drawing the same
 * picture at once from writing one key that the loser would then delete.
 */
export interface OgImageDeps {
  db: Database;
  store: BlobStore;
  /** Where the PNG is written before the store takes it (DATA_DIR/tmp). */
  tempDir: string;
  /** Asks for a drain of the blob-deletions outbox once a new picture displaced an old one. */
  kickBlobDeletions(): Promise<void>;
}

export interface OgImage {
  /** Its storage key (what `tracks.og_image_key` holds). */
  key: string;
  /** A strong ETag, the same for every drawing of the same picture. */
  etag: string;
  size: number;
  /** Opens the stored PNG (not opened before it is asked for: a 304 needs no read). */
  stream(): Promise<Readable>;
}

/** Bump when the drawing changes (og-image.ts): every stored picture is then drawn anew. */
const DRAWING_VERSION = '1';
/** Attempts when other requests keep storing pictures first (a rename racing a first view). */
const ATTEMPTS = 3;

/** The hash of what a track's picture shows: a new one for a rename, new peaks or a new owner name. */
export function ogImageHash(track: { id: number; name: string; peaksKey: string | null }, author: string) {
  return createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, track.id, track.peaksKey ?? '', track.name, author]))
    .digest('hex')
    .slice(0, 20);
}

const keyPrefix = (trackId: number, hash: string) => `tracks/og-${trackId}-${hash}-`;

/**
 * The stored picture of any track, drawn and stored first when it has none for what it shows now.
 * No access check: the caller has made one (the public route: a public track; a share link: its
 * token). Null for a missing track.
 */
export async function trackOgImage(deps: OgImageDeps, trackId: number): Promise<OgImage | null> {
  const found = await loadTrackWithOwner(deps.db, trackId);
  return found ? ogImageOf(deps, found) : null;
}

/** trackOgImage for a track already loaded with its owner; null if it is deleted meanwhile. */
export async function ogImageOf(deps: OgImageDeps, loaded: TrackWithOwner): Promise<OgImage | null> {
  const { db, store } = deps;
  let found: TrackWithOwner | null = loaded;
  for (let attempt = 1; found; attempt += 1) {
    const { track } = found;
    const author = displayName(found.owner);
    const hash = ogImageHash(track, author);
    const etag = `"${hash}"`;
    const current = track.ogImageKey;
    if (current?.startsWith(keyPrefix(track.id, hash))) {
      const info = await store.stat(current);
      if (info) return storedImage(store, current, etag, info.size);
      // Named but not in the store (removed by hand, a restored backup): drawn again below.
    }
    const key = `${keyPrefix(track.id, hash)}${randomBytes(4).toString('hex')}.png`;
    const size = await drawAndStore(deps, key, {
      peaks: await readPeaks(store, track.peaksKey),
      title: track.name,
      author,
    });
    // Only over the key this request read: of two first requests, one stores its picture.
    const stored = await db
      .update(tracks)
      // Not a change of the track: its updatedAt (the pages' version) stays.
      .set({ ogImageKey: key, updatedAt: sql`${tracks.updatedAt}` })
      .where(and(eq(tracks.id, track.id), sql`${tracks.ogImageKey} is not distinct from ${current}`))
      .returning({ id: tracks.id });
    if (stored.length > 0) {
      // The trigger queued the picture this one replaced (decision 0095).
      if (current !== null) await deps.kickBlobDeletions();
      return storedImage(store, key, etag, size);
    }
    // Another request stored one first, or the track is gone: this picture is nobody's.
    await store.delete(key);
    if (attempt >= ATTEMPTS) throw new Error(`The picture of track ${track.id} kept changing`);
    found = await loadTrackWithOwner(db, track.id);
  }
  return null;
}

function storedImage(store: BlobStore, key: string, etag: string, size: number): OgImage {
  return { key, etag, size, stream: () => store.createReadStream(key) };
}

async function drawAndStore(deps: OgImageDeps, key: string, input: Parameters<typeof renderOgImage>[0]) {
  const png = await renderOgImage(input);
  await mkdir(deps.tempDir, { recursive: true });
  const file = path.join(deps.tempDir, `og-${randomUUID()}.png`);
  const release = holdTempFile(file);
  try {
    await writeFile(file, png, { flag: 'wx' });
    return (await deps.store.putFile(key, file)).size;
  } finally {
    release();
    // putFile moved it; only a failure leaves it behind.
    await rm(file, { force: true });
  }
}

/** The stored peaks (a few tens of KB of JSON), or none while the track is not processed. */
async function readPeaks(store: BlobStore, key: string | null): Promise<number[]> {
  if (!key) return [];
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await store.createReadStream(key)) chunks.push(chunk as Buffer);
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { peaks?: unknown };
    return Array.isArray(parsed.peaks) ? parsed.peaks.filter((p): p is number => typeof p === 'number') : [];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Sends a stored picture: its ETag, 304 when the client has it, else the PNG streamed from the
 * store. `no-cache` by default: who may see the track can change at any moment, so every use asks
 * again (a share link's route may say `private`).
 */
export async function sendOgImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: OgImage,
  cacheControl = 'public, no-cache',
) {
  reply.header('Cache-Control', cacheControl).header('ETag', image.etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === image.etag)) return reply.code(304).send();
  return reply
    .type('image/png')
    .header('Content-Length', image.size)
    .send(await image.stream());
}
