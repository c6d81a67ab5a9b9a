import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_SIZES, type ImageKind, imageKey, parseImageKeyBase } from '../../media/image-variants';
import { renderWaveformTile, shrinkWebp, TILE_SIZES } from '../../media/waveform-tile';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { serveBlob } from '../../storage/serve-blob';
import { findListenableTrack, type TrackRow } from '../tracks/tracks.service';
import { parseSongCoverArt, type TileDeps, tileBytes, tileEtag } from './song-cover';
import type { SubsonicMediaContext, SubsonicMediaMethod } from './subsonic-context';
import type { SubsonicParams } from './subsonic-params';
import { required, SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * Cover art (decisions 0385, 0790, 0791). Every song, album, artist and playlist has a coverArt id:
 * - `tr-{trackId}-{tag}`: a song's waveform tile (song-cover.ts), served to whoever may hear it;
 * - an image's own id (`av-{uuid}` for `images/avatars/{uuid}`, `pl-…` a playlist's picture): the
 *   web app serves those variants to anyone holding their URL (public pages, decision 0116);
 * - BLANK_COVER_ART: the flat tile of an empty playlist without a picture.
 * Every id changes with its picture, which matters because players keep cover art by id for good.
 */
const PREFIX: Record<ImageKind, string> = {
  avatars: 'av',
  playlists: 'pl',
  collectives: 'co',
  equipment: 'eq',
};
const KIND_OF = new Map(Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind as ImageKind]));
export const BLANK_COVER_ART = 'blank';

/** The coverArt id of an image key base; undefined when there is no image. */
export function coverArtId(keyBase: string | null | undefined): string | undefined {
  const image = parseImageKeyBase(keyBase);
  return image && `${PREFIX[image.kind]}-${image.id}`;
}

function parseCoverArtId(id: string): { kind: ImageKind; id: string } | undefined {
  const match = /^([a-z]{2})-([0-9a-f-]{36})$/.exec(id);
  const kind = match && KIND_OF.get(match[1]!);
  return kind ? { kind, id: match[2]! } : undefined;
}

/** The smallest picture `size` may ask for: below it, clients get this size. */
export const MIN_COVER_SIZE = 16;

/**
 * Which stored variant answers a `size` (decision 0791): the smallest at least that large, made
 * smaller to exactly `size` when larger, so the picture is never more than asked for; the largest
 * when none is asked or none is large enough (nothing is enlarged).
 */
export function pickVariant(sizes: readonly number[], asked: number | undefined) {
  const largest = sizes.at(-1)!;
  if (asked === undefined || asked >= largest) return { stored: largest, size: largest };
  const size = Math.max(MIN_COVER_SIZE, asked);
  return { stored: sizes.find((each) => each >= size)!, size };
}

/** `size` when it is a whole number of pixels; anything else is as if none was asked. */
export function askedSize(params: SubsonicParams): number | undefined {
  const raw = params.get('size');
  return raw !== undefined && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

const noCoverArt = () => new SubsonicError(SubsonicCode.notFound, 'Cover art not found');

/** Bytes made on demand, with an ETag: 304 when the client has them (nothing is made then). */
async function sendMade(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: { etag: string; cacheControl: string; make: () => Promise<Buffer> },
) {
  reply.header('ETag', picture.etag).header('Cache-Control', picture.cacheControl);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === picture.etag || tag.trim() === '*'))
    return reply.code(304).send();
  const body = await picture.make();
  return reply.code(200).type('image/webp').header('Content-Length', body.length).send(body);
}

// Who may see a tile can change at any moment: every use asks again (304 when unchanged).
const TILE_CACHE = 'private, no-cache';
// As /api/images serves the same variants: public, and immutable since a new picture is a new id.
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

async function readAll(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.createReadStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One of an image's stored variants (avatars, playlist pictures…), made smaller when asked. */
export async function sendImage(
  { request, reply }: SubsonicMediaContext,
  store: BlobStore,
  image: { kind: ImageKind; id: string },
  asked: number | undefined,
) {
  const { stored, size } = pickVariant(IMAGE_SIZES, asked);
  const key = imageKey(image.kind, image.id, stored);
  try {
    if (stored === size)
      return await serveBlob(request, reply, store, key, {
        contentType: 'image/webp',
        cacheControl: IMAGE_CACHE,
      });
    if (!(await store.stat(key))) throw noCoverArt();
    return await sendMade(request, reply, {
      etag: `"${PREFIX[image.kind]}-${image.id}-${size}"`,
      cacheControl: IMAGE_CACHE,
      make: async () => shrinkWebp(await readAll(store, key), size),
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw noCoverArt();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noCoverArt();
    throw err;
  }
}

export type CoverArtDeps = Omit<TileDeps, 'db'>;

export const coverArtMethod =
  (deps: CoverArtDeps): SubsonicMediaMethod =>
  async (context) => {
    const { request, reply, params, caller, db } = context;
    const id = required(params, 'id');
    const asked = askedSize(params);
    const trackId = parseSongCoverArt(id);
    if (trackId !== undefined) {
      let track: TrackRow;
      try {
        // Not StreamAccess's cached row: processing finishing bumps no cache, and the tile must be
        // of the peaks the song's coverArt id names now.
        track = await findListenableTrack(db, trackId, caller.user.id);
      } catch (err) {
        // No such track, or not the caller's to hear: the same answer as no such picture.
        if (err instanceof HttpError && err.statusCode === 404) throw noCoverArt();
        throw err;
      }
      const { stored, size } = pickVariant(TILE_SIZES, asked);
      return sendMade(request, reply, {
        etag: tileEtag(track, size),
        cacheControl: TILE_CACHE,
        make: async () => {
          const tile = await tileBytes({ ...deps, db }, track, stored);
          return size < stored ? shrinkWebp(tile, size) : tile;
        },
      });
    }
    if (id === BLANK_COVER_ART) {
      const { size } = pickVariant(TILE_SIZES, asked);
      return sendMade(request, reply, {
        etag: `"${BLANK_COVER_ART}-${size}"`,
        cacheControl: IMAGE_CACHE,
        make: () => renderWaveformTile([], size),
      });
    }
    const image = parseCoverArtId(id);
    if (!image) throw noCoverArt();
    return sendImage(context, deps.store, image, asked);
  };
