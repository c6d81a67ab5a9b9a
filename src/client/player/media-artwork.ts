/**
 * The Media Session's artwork (issue 25, decision 0365): lock screens and notification shades pick
 * the size that suits them, so each picture is offered in every size there is, with its type.
 * This file is on the first route (the player provider): the cover drawn from a waveform is in
 * generated-cover.ts, loaded only when a track has no picture.
 */

/** An uploaded image's variants (src/server/media/image-variants.ts IMAGE_SIZES): no original is kept. */
const IMAGE_VARIANT = /^(.*)-(128|256)\.webp(\?.*)?$/;
const VARIANT_SIZES = [128, 256] as const;

/**
 * A playlist cover or an avatar as Media Session artwork: `imageVariant`'s URL (either size, with
 * its `?v=` stamp) becomes both variants, smallest first. Any other address is offered as it is.
 */
export function imageArtwork(url: string): MediaImage[] {
  const match = IMAGE_VARIANT.exec(url);
  if (!match) return [{ src: url }];
  const [, base, , query = ''] = match;
  return VARIANT_SIZES.map((size) => ({
    src: `${base}-${size}.webp${query}`,
    sizes: `${size}x${size}`,
    type: 'image/webp',
  }));
}

/** Sizes of the generated cover, largest first: 512 for lock screens, 96 for notification icons. */
export const GENERATED_COVER_SIZES = [512, 256, 96] as const;

/**
 * The artwork to show: the track's own picture (the playlist's cover when played from a playlist,
 * else the owner's avatar: `withPlaylistCover` and `trackOwner` choose), else the cover drawn from
 * its waveform once there is one, else none.
 */
export function chooseArtwork(
  artworkUrl: string | null | undefined,
  generated: readonly MediaImage[] | null,
): MediaImage[] {
  if (artworkUrl) return imageArtwork(artworkUrl);
  return generated ? [...generated] : [];
}
