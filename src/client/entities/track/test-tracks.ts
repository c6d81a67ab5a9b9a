import type { EquipmentTag, Track } from '../../../shared/schemas/tracks';
import type { TempoKeyFields } from '../../../shared/take-tempo-key';

// Test data for the tracks and equipment component tests.

/** Nothing measured of the tempo or key, nor set by the owner (issue 47). */
export const noTempoKey = {
  bpm: null,
  bpmConfidence: null,
  bpmEdited: false,
  bpmAlternatives: [],
  musicalKey: null,
  keyConfidence: null,
  keyEdited: false,
} satisfies Pick<Track, keyof TempoKeyFields>;

/** A track whose processing is done: it plays, with no loudness, tempo or key measured. */
export const readyMedia = {
  processing: { state: 'ready', error: null },
  playable: true,
  loudness: null,
  ...noTempoKey,
} satisfies Pick<Track, 'processing' | 'playable' | 'loudness' | keyof TempoKeyFields>;

export function makeTrack(overrides: Partial<Track> = {}): Track {
  const id = overrides.id ?? 1;
  return {
    id,
    userId: 'user-1',
    name: `Track ${id}`,
    filename: `track-${id}.mp3`,
    mimeType: 'audio/mpeg',
    size: 1_572_864,
    duration: 65,
    notes: null,
    fileCreatedAt: '2024-03-02T10:00:00.000Z',
    shareToEquipmentPages: true,
    visibility: 'public',
    createdAt: '2024-05-01T12:00:00.000Z',
    updatedAt: '2024-05-01T12:00:00.000Z',
    equipment: [],
    version: 1,
    ...readyMedia,
    ...overrides,
  };
}

export function makeTag(overrides: Partial<EquipmentTag> = {}): EquipmentTag {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Gear ${id}`,
    description: null,
    imageUrl: null,
    category: 'Hardware Synth',
    ...overrides,
  };
}

/** A promise with its resolve exposed, to hold a reply until the test has looked at the screen. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
