import type { EquipmentTag, Track } from '../../../shared/schemas/tracks';

// Test data for the tracks and equipment component tests.

/** A track whose processing is done: it plays, with no loudness measured. */
export const readyMedia = {
  processing: { state: 'ready', error: null },
  playable: true,
  loudness: null,
} satisfies Pick<Track, 'processing' | 'playable' | 'loudness'>;

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
