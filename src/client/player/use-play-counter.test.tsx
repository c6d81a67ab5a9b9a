import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { callsTo, json, mockFetch } from '../test/mock-fetch';
import { testUser } from '../test/render';
import type { PlayerTrack } from './player-context';
import { usePlayCounter } from './use-play-counter';

/** An <audio> stand-in whose position the test moves, firing timeupdate as the element does. */
function fakeAudio() {
  const target = new EventTarget() as EventTarget & { currentTime: number; duration: number };
  target.currentTime = 0;
  target.duration = 2;
  const playTo = (seconds: number) => {
    while (target.currentTime < seconds) {
      target.currentTime = Math.min(seconds, target.currentTime + 0.25);
      target.dispatchEvent(new Event('timeupdate'));
    }
  };
  return { audio: target as unknown as HTMLAudioElement, playTo };
}

const track: PlayerTrack = { id: 12, name: 'Night Bus', duration: 2 };

function setup(signedIn: boolean, playing: PlayerTrack = track) {
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'POST /api/tracks/12/plays': () => new Response(null, { status: 204 }),
  });
  const client = createQueryClient();
  if (signedIn) client.setQueryData(['/api/auth/user'], testUser);
  const { audio, playTo } = fakeAudio();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => usePlayCounter(audio, playing), { wrapper });
  return { fetch, playTo };
}

afterEach(() => vi.unstubAllGlobals());

describe('usePlayCounter (decision 0395)', () => {
  it('signed in, reports one play once half of a short track was heard', async () => {
    const { fetch, playTo } = setup(true);
    playTo(0.75);
    expect(callsTo(fetch, '/api/tracks/12/plays')).toHaveLength(0);
    playTo(2);
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/tracks/12/plays').filter(([, init]) => init?.method === 'POST'),
      ).toHaveLength(1),
    );
  });

  it('signed out (a public page) or a share link, reports nothing', async () => {
    for (const { signedIn, playing } of [
      { signedIn: false, playing: track },
      { signedIn: true, playing: { ...track, streamUrl: '/api/shares/by-token/x/tracks/12/stream' } },
    ]) {
      const { fetch, playTo } = setup(signedIn, playing);
      playTo(2);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(callsTo(fetch, '/api/tracks/12/plays')).toHaveLength(0);
      vi.unstubAllGlobals();
    }
  });
});
