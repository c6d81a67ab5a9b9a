import type { Track } from '../../shared/schemas/tracks';
import type { SharedTrack } from '../../shared/schemas/users';
import { readyMedia } from '../entities/track/test-tracks';

// A processed public take and its page, for the waveform's tests.

/** 1,000 peaks alternating ±0.5: a waveform with something to draw. */
export const nightBusPeaks = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 0.5 : -0.5));

export const nightBus: Track = {
  id: 12,
  userId: 'owner-1',
  name: 'Night Bus',
  ...readyMedia,
  version: 1,
  filename: 'night-bus.flac',
  mimeType: 'audio/flac',
  size: 1024,
  duration: 40,
  notes: null,
  fileCreatedAt: null,
  shareToEquipmentPages: false,
  visibility: 'public',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
  equipment: [],
};

export const nightBusPage: SharedTrack = {
  track: nightBus,
  user: { id: 'owner-1', username: 'grace', firstName: null, lastName: null, avatarUrl: null, updatedAt: '' },
};
