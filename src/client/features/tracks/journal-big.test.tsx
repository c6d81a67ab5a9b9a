import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextLink } from '../../entities/track/journal-pages';
import { makeTrack } from '../../entities/track/test-tracks';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

// Issue 48: a journal bigger than the server's whole-list bound comes as a first page with a Link
// header, then page after page; the first rows show before the rest has arrived.

const track = (id: number) =>
  makeTrack({ id, name: `Take ${id}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, id)).toISOString() });

describe('the journal read in pages', () => {
  it('finds the next link among others, quoted or not', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('</api/tracks?limit=2&cursor=a%2Bb>; rel="next"')).toBe(
      '/api/tracks?limit=2&cursor=a%2Bb',
    );
    expect(nextLink('</x>; rel="prev", </y>; rel=next')).toBe('/y');
    expect(nextLink('</x>; rel="nextish"')).toBeNull();
  });

  it('shows the first page at once, then every later page, each track once', async () => {
    let releaseLast!: () => void;
    const lastAsked = new Promise<void>((resolve) => {
      releaseLast = resolve;
    });
    const fetch = mockFetch({
      'GET /api/tracks': async (_init, url) => {
        const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
        if (!cursor) {
          return new Response(JSON.stringify([track(6), track(5)]), {
            headers: {
              'Content-Type': 'application/json',
              Link: '</api/tracks?sort=dateUploaded&limit=2&cursor=c1>; rel="next"',
            },
          });
        }
        if (cursor === 'c1') return json({ items: [track(4), track(3)], nextCursor: 'c2' });
        // The last page waits, so the test sees the journal before it has every track.
        await lastAsked;
        return json({ items: [track(2), track(1)], nextCursor: null });
      },
    });
    renderWithProviders(<JournalPage />);
    expect(await screen.findByText('Take 6')).toBeTruthy();
    expect(await screen.findByText('Take 3')).toBeTruthy();
    expect(screen.queryByText('Take 1')).toBeNull();
    releaseLast();
    expect(await screen.findByText('Take 1')).toBeTruthy();
    expect(screen.getAllByTestId('track-row').map((row) => row.textContent?.match(/Take \d/)?.[0])).toEqual([
      'Take 6',
      'Take 5',
      'Take 4',
      'Take 3',
      'Take 2',
      'Take 1',
    ]);
    const urls = callsTo(fetch, '/api/tracks').map(([input]) => String(input));
    expect(urls).toEqual([
      '/api/tracks',
      '/api/tracks?sort=dateUploaded&limit=2&cursor=c1',
      '/api/tracks?sort=dateUploaded&limit=2&cursor=c2',
    ]);
  });
});
