import { IMAGE_SIZES, type ImageKind, imageKey, parseImageKeyBase } from '../../media/image-variants';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { serveBlob } from '../../storage/serve-blob';
import type { SubsonicMediaMethod } from './subsonic-context';
import { missingParameter, SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * Cover art (decision 0385). Tracks carry no picture of their own, so a song, an album and an
 * artist show their owner's avatar. A coverArt id names the stored image itself (`av-{uuid}` for
 * `images/avatars/{uuid}`): the web app serves those variants to anyone holding their URL (they
 * show on public pages, decision 0116), and the id changes with the picture, which matters because
 * players cache cover art by id for good.
 */
const PREFIX: Record<ImageKind, string> = {
  avatars: 'av',
  playlists: 'pl',
  collectives: 'co',
  equipment: 'eq',
};
const KIND_OF = new Map(Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind as ImageKind]));

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

/** The stored variant nearest `size` pixels (the larger on a tie); the largest when none is asked. */
export function nearestSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return IMAGE_SIZES.at(-1)!;
  return IMAGE_SIZES.reduce((best, each) => (Math.abs(each - size) <= Math.abs(best - size) ? each : best));
}

const noCoverArt = () => new SubsonicError(SubsonicCode.notFound, 'Cover art not found');

export const coverArtMethod =
  (store: BlobStore): SubsonicMediaMethod =>
  async ({ request, reply, params }) => {
    const id = params.get('id');
    if (id === undefined) throw missingParameter('id');
    const image = parseCoverArtId(id);
    if (!image) throw noCoverArt();
    const size = params.get('size');
    const key = imageKey(image.kind, image.id, nearestSize(size === undefined ? undefined : Number(size)));
    try {
      // As /api/images serves the same variants: public, and immutable since a new picture is a new id.
      return await serveBlob(request, reply, store, key, {
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw noCoverArt();
      throw err;
    }
  };
