import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { compareRequestFromLink, parseCompareParam } from './compare-link';
import { ComparePanel } from './compare-panel';

// Issue 44 (decision 0674): "v2 answers your comments" opens the comparison at the comment's moment.

const version = (n: number, over: Partial<TrackVersion> = {}): TrackVersion => ({
  id: 100 + n,
  trackId: 7,
  version: n,
  note: null,
  filename: `take-v${n}.wav`,
  size: 1000,
  createdAt: '2026-01-01T00:00:00.000Z',
  hasFile: true,
  current: n === 3,
  processingState: 'ready',
  duration: 30,
  loudnessLufs: -14,
  truePeakDb: -3,
  loudnessRange: null,
  streamUrl: `/api/tracks/7/versions/${n}/stream`,
  peaksUrl: null,
  alignSeconds: 0,
  audioStartSeconds: 1,
  ...over,
});

describe('a link that opens the comparison', () => {
  it('reads `compare=A,B` as two different versions, A first', () => {
    expect(parseCompareParam('3,2')).toEqual({ a: 3, b: 2 });
    expect(parseCompareParam('1,4')).toEqual({ a: 1, b: 4 });
    for (const bad of [null, '', '3', '3,3', '0,2', '3,2,1', 'a,b', '-1,2', '2.5,1'])
      expect(parseCompareParam(bad), String(bad)).toBeNull();
  });

  it('asks for one track, A and B as the link says, in its collective, from the moment', () => {
    expect(
      compareRequestFromLink({
        trackId: 7,
        name: 'Night Bus',
        versions: { a: 3, b: 2 },
        at: 12.5,
        collectiveId: 4,
      }),
    ).toEqual({
      takes: [{ trackId: 7, name: 'Night Bus', version: 3 }],
      versionB: 2,
      collectiveId: 4,
      startAt: 12.5,
    });
    expect(
      compareRequestFromLink({
        trackId: 7,
        name: 'Night Bus',
        versions: { a: 3, b: 2 },
        at: null,
        collectiveId: 4,
      }),
    ).not.toHaveProperty('startAt');
  });

  it('opens the panel on those versions at the moment, on both slots’ timeline', async () => {
    // v1's music starts 0.7 s later than v3's: at 12.5 s of v3, v1's file is at 13.2 s.
    const versions = [version(3), version(2), version(1, { alignSeconds: 0.7 })];
    mockFetch({
      'GET /api/tracks/7/versions': () => json(versions),
      'GET /api/collectives/4/tracks/7/comments': () => json([]),
    });
    const request = compareRequestFromLink({
      trackId: 7,
      name: 'Night Bus',
      versions: { a: 3, b: 1 },
      at: 12.5,
      collectiveId: 4,
    });
    renderWithProviders(<ComparePanel request={request} onClose={() => {}} />);
    const b = await screen.findByRole('combobox', { name: 'Version in slot B' });
    await waitFor(() => expect((b as HTMLSelectElement).value).toBe('1'));
    await waitFor(() => {
      const snapshot = window.__journalCompare?.snapshot();
      expect(snapshot?.slots.A.time).toBeCloseTo(12.5, 6);
      expect(snapshot?.slots.B.time).toBeCloseTo(13.2, 6);
    });
  });
});
