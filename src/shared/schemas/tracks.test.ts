import { describe, expect, it } from 'vitest';
import { KEY_ORDER, keySortIndex, MUSICAL_KEYS } from '../musical-keys';
import { sortTracks } from './tracks';

const t = (
  id: number,
  createdAt: string,
  fileCreatedAt: string | null,
  bpm: number | null = null,
  musicalKey: string | null = null,
) => ({ id, createdAt, fileCreatedAt, bpm, musicalKey });

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

describe('sortTracks by tempo and key (issue 47)', () => {
  // Upload times give the tie order: 6 and 5 share one (then highest id), 1 is the oldest.
  const takes = [
    t(1, '2024-01-01T00:00:00Z', null, 120, 'A minor'),
    t(2, '2024-01-02T00:00:00Z', null, 90.5, 'C# major'),
    t(3, '2024-01-03T00:00:00Z', null, null, null),
    t(4, '2024-01-04T00:00:00Z', null, 120, 'C minor'),
    t(5, '2024-01-05T00:00:00Z', null, 90.4, 'C major'),
    t(6, '2024-01-05T00:00:00Z', null, 120, 'A minor'),
    t(7, '2024-01-07T00:00:00Z', null, null, 'B minor'),
    t(8, '2024-01-08T00:00:00Z', null, 200, null),
  ];

  it('Tempo: slowest first, ties newest upload then highest id, none last', () => {
    expect(sortTracks(takes, 'tempo').map((x) => x.id)).toEqual([5, 2, 6, 4, 1, 8, 7, 3]);
  });

  it('Key: tonic from C up to B, the major before the minor, ties newest first, none last', () => {
    expect(sortTracks(takes, 'key').map((x) => x.id)).toEqual([5, 4, 2, 6, 1, 7, 8, 3]);
  });

  it("reads the shown values: an owner's tempo or key moves the track", () => {
    // The JSON's bpm and musicalKey are already the owner's over the measure: changing them moves it.
    const edited = takes.map((x) => (x.id === 1 ? { ...x, bpm: 60, musicalKey: 'C major' } : x));
    expect(sortTracks(edited, 'tempo')[0]?.id).toBe(1);
    expect(
      sortTracks(edited, 'key')
        .slice(0, 2)
        .map((x) => x.id),
    ).toEqual([5, 1]);
  });

  it('puts a key it does not know among those without one', () => {
    const odd = [t(1, '2024-01-01T00:00:00Z', null, null, 'A dorian'), t(2, '2024-01-02T00:00:00Z', null)];
    expect(
      sortTracks([...odd, t(3, '2023-01-01T00:00:00Z', null, null, 'B minor')], 'key').map((x) => x.id),
    ).toEqual([3, 2, 1]);
  });
});

describe('KEY_ORDER', () => {
  it('holds the 24 keys, C major, C minor, C# major … B minor', () => {
    expect([...KEY_ORDER].sort()).toEqual([...MUSICAL_KEYS].sort());
    expect(KEY_ORDER.slice(0, 4)).toEqual(['C major', 'C minor', 'C# major', 'C# minor']);
    expect(KEY_ORDER.at(-1)).toBe('B minor');
    expect(keySortIndex('C major')).toBe(0);
    expect(keySortIndex('B minor')).toBe(23);
    expect(keySortIndex(null)).toBeNull();
    expect(keySortIndex('Bb minor')).toBeNull();
  });
});
