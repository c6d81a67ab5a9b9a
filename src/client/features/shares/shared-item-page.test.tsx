import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SharedItem, SharedTrack } from '../../../shared/schemas/shares';
import { AppRoutes } from '../../app';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { SharedItemPage } from './shared-item-page';

// Issue 24, the share-link page (decision 0335): the item, played through the token's own routes.
const TOKEN = 'A'.repeat(43);
const API = `/api/shares/by-token/${TOKEN}`;
const media = (id: number) => `${API}/tracks/${id}`;

const sharedTrack = (id: number, name: string, extra: Partial<SharedTrack> = {}): SharedTrack => ({
  id,
  name,
  notes: null,
  duration: 125,
  playable: true,
  streamUrl: `${media(id)}/stream`,
  peaksUrl: `${media(id)}/waveform`,
  downloadUrl: null,
  versionsUrl: null,
  loudnessLufs: null,
  truePeakDb: null,
  ...extra,
});

const owner = { displayName: 'Grace Hopper', username: 'grace', avatarUrl: null };
const trackLink: SharedItem = {
  type: 'track',
  description: 'First mix, tell me what you think',
  expiresAt: null,
  allowDownload: true,
  allowVersions: false,
  owner,
  track: sharedTrack(7, 'Attic Demo', { notes: 'Taped upstairs.', downloadUrl: `${media(7)}/original` }),
};
const playlistLink: SharedItem = {
  type: 'playlist',
  description: null,
  expiresAt: '2030-05-01T12:00:00.000Z',
  allowDownload: false,
  allowVersions: false,
  owner,
  playlist: {
    name: 'Attic Tapes',
    description: 'Everything from the winter.',
    imageUrl: null,
    tracks: [sharedTrack(9, 'Second First'), sharedTrack(3, 'Then This')],
  },
};
const audio = () => screen.getByTestId('audio-player') as HTMLAudioElement;
const error = (status: number, message: string) =>
  json({ statusCode: status, error: status === 410 ? 'Gone' : 'Not Found', message }, status);

describe('SharedItemPage', () => {
  it('shows a track link and plays it through the token: stream, peaks and download', async () => {
    const fetch = mockFetch({ [`GET ${API}`]: () => json(trackLink) });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Attic Demo' })).toBeTruthy();
    expect(screen.getByText('Shared track')).toBeTruthy();
    expect(screen.getByText('First mix, tell me what you think')).toBeTruthy();
    expect(screen.getByText('Taped upstairs.')).toBeTruthy();
    expect(screen.getByText('Grace Hopper', { selector: 'span' })).toBeTruthy();
    // The download counts as this browser's (issue 45, decision 0724): its anonymous listener id goes along.
    const href = screen.getByRole('link', { name: 'Download' }).getAttribute('href')!;
    expect(href.startsWith(`${media(7)}/original?listener=`)).toBe(true);
    expect(href.split('?listener=')[1]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The peaks come from the link's address, never /api/tracks/7/waveform (a 404 for a private track).
    await waitFor(() => expect(callsTo(fetch, `${media(7)}/waveform`)).toHaveLength(1));
    expect(callsTo(fetch, '/api/tracks/7/waveform')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Play Attic Demo' }));
    expect(audio().getAttribute('src')).toBe(`${media(7)}/stream`);
    expect(await screen.findByRole('button', { name: 'Pause Attic Demo' })).toBeTruthy();
    expect(screen.getByTestId('share-time').textContent).toMatch(/^0:00.*2:05$/);
    // The page's one API read counts one visit: nothing asks again.
    expect(callsTo(fetch, API)).toHaveLength(1);
  });

  it('offers no download when the link does not allow it', async () => {
    mockFetch({ [`GET ${API}`]: () => json(playlistLink) });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    await screen.findByRole('heading', { level: 1, name: 'Attic Tapes' });
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('a playlist link lists its tracks in order and plays the one chosen, the list as the queue', async () => {
    mockFetch({ [`GET ${API}`]: () => json(playlistLink) });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    const list = await screen.findByRole('list', { name: 'Tracks' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Second First'),
      expect.stringContaining('Then This'),
    ]);
    expect(screen.getByText('Everything from the winter.')).toBeTruthy();
    expect(screen.getByText(/This link works until May 0?1, 2030/)).toBeTruthy();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Play Then This' }));
    expect(audio().getAttribute('src')).toBe(`${media(3)}/stream`);
    await waitFor(() => expect(rows[1]!.getAttribute('aria-current')).toBe('true'));
    // The panel above the list follows the player.
    expect(within(screen.getByRole('region', { name: 'Listen' })).getByText('Then This')).toBeTruthy();
  });

  it('an expired link says exactly so', async () => {
    mockFetch({ [`GET ${API}`]: () => error(410, 'This link has expired') });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Play/ })).toBeNull();
  });

  it('an unknown or revoked link is the server’s 404 message', async () => {
    mockFetch({ [`GET ${API}`]: () => error(404, 'This link does not exist or was revoked') });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not exist or was revoked' }),
    ).toBeTruthy();
  });
});

describe('the /s/{token} route', () => {
  it('opens the page signed out, in the public frame with its player bar', async () => {
    mockFetch({
      'GET /api/auth/user': () => new Response('Unauthorized', { status: 401 }),
      [`GET ${API}`]: () => json(trackLink),
    });
    renderWithProviders(<AppRoutes />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Attic Demo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Play Attic Demo' }));
    const bar = screen.getByRole('region', { name: 'Player' });
    expect(within(bar).getByText('Attic Demo')).toBeTruthy();
    // The link names its owner (never their id): the bar credits them, not "Your Recording".
    expect(within(bar).getByText('Grace Hopper')).toBeTruthy();
  });

  it('opens the same page signed in, not the journal or a 404', async () => {
    mockFetch({ [`GET ${API}`]: () => json(trackLink) });
    renderWithProviders(<AppRoutes />, { path: `/s/${TOKEN}`, seed: [[['/api/auth/user'], testUser]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Attic Demo' })).toBeTruthy();
    expect(screen.queryByText(/404/)).toBeNull();
  });
});
