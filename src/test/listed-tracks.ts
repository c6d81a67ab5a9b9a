import type { TrackListSource } from '../server/features/tracks/track-list.cache';
import type { ListedTrack } from '../server/features/tracks/track-list.changes';

/** A listed track of id `id` whose JSON is `json` (tests of the list cache). */
export const row = (id: number, json: string): ListedTrack => ({
  id,
  revision: 1,
  json,
  created: `2026-01-01T00:00:${String(id).padStart(6, '0')}Z`,
  fileCreated: null,
  bpmTenths: null,
  keyIndex: null,
});

/** A source that always answers one fixed list (ids from 1). */
export const fixed = (...jsons: string[]): TrackListSource => {
  const tracks = jsons.map((json, i) => row(i + 1, json));
  return {
    all: async () => tracks,
    // Every track changed: a list patched from any older one becomes this one.
    changedSince: async () => ({ removal: 0, changed: tracks }),
    versions: async () => tracks.map((t) => ({ id: t.id, revision: t.revision, track: t })),
    byId: async () => tracks,
  };
};
