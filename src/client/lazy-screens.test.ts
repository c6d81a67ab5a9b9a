import { describe, expect, it } from 'vitest';
import { preloadScreensFor } from './lazy-screens';
import { createQueryClient } from './lib/query-client';
import { callsTo, json, mockFetch } from './test/mock-fetch';

describe('preloadScreensFor (decision 0370)', () => {
  it('asks for a track page’s track as the entry starts, into the query the page reads', async () => {
    const fetch = mockFetch({ 'GET /api/tracks/12': () => json({ track: { id: 12 } }) });
    const client = createQueryClient();
    preloadScreensFor('/track/12', client);
    await expect.poll(() => client.getQueryData(['/api/tracks', '12'])).toEqual({ track: { id: 12 } });
    expect(callsTo(fetch, '/api/tracks/12')).toHaveLength(1);
  });

  it('asks for nothing on other addresses, or a track address that is no track id', () => {
    const fetch = mockFetch({});
    const client = createQueryClient();
    for (const path of ['/', '/track/abc', '/track/0', '/track/12/edit', '/playlist/3'])
      preloadScreensFor(path, client);
    expect(fetch).not.toHaveBeenCalled();
  });
});
