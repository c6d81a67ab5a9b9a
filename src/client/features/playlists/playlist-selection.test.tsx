import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutStackedRows } from '../../test/stacked-rows';
import { CompareProvider, type CompareRequest, useCompare } from '../compare';
import { detail, track } from './playlist-fixtures';
import { PlaylistPage } from './playlist-page';

const [a, b, c] = [track(1, 'Alpha'), track(2, 'Bravo'), track(3, 'Charlie')];

let opened: CompareRequest | null = null;
function Probe() {
  opened = useCompare().request;
  return null;
}

const titles = () =>
  Array.from(
    screen.getByRole('list', { name: 'Playlist tracks' }).children,
    (row) => row.querySelector('p')?.textContent,
  );
const tick = (name: string) => userEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
const bar = () => screen.getByRole('region', { name: 'Selected tracks' });
const compareButton = () => within(bar()).getByRole('button', { name: 'Compare' });
/** The words aria-describedby points at: what a screen reader says after the name. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

function openPlaylist(extra = {}) {
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'PUT /api/playlists/5/reorder': () => json({ success: true }),
    'GET /api/playlists/5': () => json(detail(5, [a, b, c])),
    ...extra,
  });
  renderWithProviders(
    <CompareProvider>
      <Probe />
      <PlaylistPage playlistId="5" />
    </CompareProvider>,
    { seed: [[playlistQueryKey(5), detail(5, [a, b, c])]] },
  );
  return fetch;
}

beforeEach(() => {
  resetCsrfToken();
  opened = null;
  layOutStackedRows('data-track-id', { rowHeight: 48, width: 600 });
});

describe('ticking takes in a playlist (issue 43)', () => {
  it('two ticked: Compare opens them, A and B in the list’s order', async () => {
    openPlaylist();
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();
    await tick('Charlie');
    await tick('Alpha');
    expect(within(bar()).getByRole('status').textContent).toBe('2 selected');
    expect(compareButton().getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(compareButton());
    expect(opened).toEqual({
      takes: [
        { trackId: 1, name: 'Alpha' },
        { trackId: 3, name: 'Charlie' },
      ],
    });
  });

  it('one or three ticked: Compare waits, saying why, and opens nothing', async () => {
    openPlaylist();
    await tick('Bravo');
    expect(compareButton().getAttribute('aria-disabled')).toBe('true');
    expect(description(compareButton())).toBe('Tick two takes to compare');
    await userEvent.click(compareButton());
    expect(opened).toBeNull();

    await userEvent.click(within(bar()).getByRole('checkbox', { name: 'Select all tracks' }));
    expect(within(bar()).getByRole('status').textContent).toBe('3 selected');
    expect(compareButton().getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(compareButton());
    expect(opened).toBeNull();
  });

  it('removes the ticked rows from the playlist with one toast', async () => {
    const fetch = openPlaylist({
      'DELETE /api/playlists/5/tracks/1': () => json({ success: true }),
      'DELETE /api/playlists/5/tracks/3': () => json({ success: true }),
    });
    await tick('Alpha');
    await tick('Charlie');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Remove from playlist' }));
    expect(titles()).toEqual(['Bravo']);
    expect(await screen.findByText('2 tracks removed from the playlist')).toBeTruthy();
    expect(callsTo(fetch, '/api/playlists/5/tracks/1')).toHaveLength(1);
    expect(callsTo(fetch, '/api/playlists/5/tracks/3')).toHaveLength(1);
    expect(callsTo(fetch, '/api/playlists/5/tracks/2')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();
  });

  it('when one removal fails, says so once and reads the playlist again', async () => {
    const fetch = openPlaylist({
      'DELETE /api/playlists/5/tracks/1': () => json({ success: true }),
      'DELETE /api/playlists/5/tracks/3': () => json({ message: 'Boom' }, 500),
    });
    // One read on opening (the seeded cache is stale); the failure makes another.
    await waitFor(() => expect(callsTo(fetch, '/api/playlists/5')).toHaveLength(1));
    await tick('Alpha');
    await tick('Charlie');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Remove from playlist' }));
    expect(await screen.findByText('Failed to remove 2 tracks from the playlist')).toBeTruthy();
    expect(screen.queryByText('2 tracks removed from the playlist')).toBeNull();
    await waitFor(() => expect(callsTo(fetch, '/api/playlists/5')).toHaveLength(2));
  });

  it('Escape and Clear selection untick every row', async () => {
    openPlaylist();
    await tick('Alpha');
    await tick('Bravo');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();
    expect(
      screen
        .getAllByRole('checkbox', { name: /^Select / })
        .filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(0);
    await tick('Charlie');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();
  });

  it('a ticked row still moves one place per arrow press, its tick with it', async () => {
    openPlaylist();
    await tick('Alpha');
    const [handle] = screen.getAllByRole('button', { name: 'Drag to reorder' });
    handle?.focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Space]');
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect((screen.getByRole('checkbox', { name: 'Select Alpha' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Bravo' }) as HTMLInputElement).checked).toBe(false);
  });
});
