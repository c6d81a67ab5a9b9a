import type { PlaylistDetail, PlaylistTrack } from '../../../shared/schemas/playlists';
import type { Track } from '../../../shared/schemas/tracks';
import { readyMedia } from '../../entities/track/test-tracks';
import { testUser } from '../../test/render';

// Test data for the playlist screens (imported by tests only).

export function track(id: number, name: string, extra: Partial<Track> = {}): Track {
  return {
    id,
    userId: testUser.id,
    name,
    filename: `${name}.wav`,
    mimeType: 'audio/wav',
    size: 1000,
    ...readyMedia,
    duration: 65,
    notes: null,
    fileCreatedAt: null,
    shareToEquipmentPages: true,
    visibility: 'public',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    equipment: [],
    version: 1,
    ...extra,
  };
}

export const inPlaylist = (t: Track, position: number): PlaylistTrack => ({
  ...t,
  position,
  addedAt: '2024-05-03T12:00:00.000Z',
});

export function detail(id: number, tracks: Track[], extra: Partial<PlaylistDetail> = {}): PlaylistDetail {
  return {
    id,
    userId: testUser.id,
    name: 'Night Drive',
    description: 'Songs for the road',
    isPublic: false,
    imageUrl: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    tracks: tracks.map(inPlaylist),
    abilities: { edit: true, delete: true, share: true },
    ...extra,
  };
}
