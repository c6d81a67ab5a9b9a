import { describe, expect, it } from 'vitest';
import { sortTracks } from './tracks';

const t = (id: number, createdAt: string, fileCreatedAt: string | null) => ({ id, createdAt, fileCreatedAt });

describe('sortTracks', () => {
  const tracks = [
    t(1, '2024-01-01T00:00:00Z', '2020-01-01T00:00:00Z'),
    t(2, '2024-02-01T00:00:00Z', null),
    t(3, '2024-03-01T00:00:00Z', '2023-01-01T00:00:00Z'),
    t(4, '2024-03-01T00:00:00Z', '2021-01-01T00:00:00Z'),
  ];

  it('Date Uploaded: newest upload first, ties by highest id', () => {
    expect(sortTracks(tracks, 'dateUploaded').map((x) => x.id)).toEqual([4, 3, 2, 1]);
  });

  it('Date Created: newest file date first, undated last', () => {
    expect(sortTracks(tracks, 'dateCreated').map((x) => x.id)).toEqual([3, 4, 1, 2]);
  });

  it('does not reorder the list it was given', () => {
    sortTracks(tracks, 'dateCreated');
    expect(tracks.map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });
});
