import { useEffect, useRef, useState } from 'react';
import type { PlayerTrack } from './player-context';
import { readyPeaks, useWaveform } from './use-waveform';

/** The drawing code is a chunk of its own: most tracks have a cover or an avatar (first-route budget). */
const loadCover = () => import('./generated-cover');

const revoke = (images: readonly MediaImage[]) => {
  for (const image of images) URL.revokeObjectURL(image.src);
};

/**
 * A cover drawn from `track`'s waveform and name (decision 0365) while `wanted` (the track has no
 * picture of its own), or null. The peaks are the player bar's query (same key, fetched once);
 * without peaks yet the cover is drawn anyway and again when they come. Each new cover revokes the
 * object URLs of the one it replaces, and the last is revoked when no longer wanted.
 */
export function useGeneratedCover(track: PlayerTrack | null, wanted: boolean): MediaImage[] | null {
  const id = wanted && track ? track.id : null;
  const name = track?.name;
  const { data } = useWaveform(id, { url: track?.peaksUrl });
  const peaks = readyPeaks(data)?.peaks ?? null;
  const [cover, setCover] = useState<{ id: number; images: MediaImage[] } | null>(null);
  const shown = useRef<MediaImage[]>([]);

  useEffect(() => {
    if (id === null || name === undefined) return;
    let live = true;
    loadCover()
      .then(({ generateCover }) => generateCover({ name, peaks }))
      .then((images) => {
        if (!live) return revoke(images);
        revoke(shown.current);
        shown.current = images;
        setCover({ id, images });
      })
      .catch(() => {
        // A chunk that fails to load (offline, a new deployment) only costs the lock screen a picture.
      });
    return () => {
      live = false;
    };
  }, [id, name, peaks]);

  // Nothing wanted any more (another track with a picture, or none): let the last cover go.
  useEffect(() => {
    if (id !== null) return;
    revoke(shown.current);
    shown.current = [];
    setCover(null);
  }, [id]);
  useEffect(() => () => revoke(shown.current), []);

  return cover && cover.id === id ? cover.images : null;
}
