import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { SearchPage } from './search-page';

afterEach(() => vi.unstubAllGlobals());

/** Two pages of tracks: the first says where the next starts, the second that none follows. */
function setup(path: string) {
  const fetch = mockFetch({
    'GET /api/search/tracks': (_init, url) =>
      new URL(url, 'http://localhost').searchParams.get('offset') === '0'
        ? json({
            items: [makeTrack({ id: 1, name: 'Drone 1' }), makeTrack({ id: 2, name: 'Drone 2' })],
            nextOffset: 2,
          })
        : json({ items: [makeTrack({ id: 3, name: 'Drone 3' })], nextOffset: null }),
    'GET /api/search/equipment': () =>
      json({ items: [makeTag({ id: 9, name: 'Dronemaker' })], nextOffset: null }),
  });
  const player = fakePlayer();
  const view = renderWithProviders(
    <WithPlayer player={player}>
      <SearchPage user={testUser} />
    </WithPlayer>,
    { path },
  );
  return { ...view, fetch, player, user: userEvent.setup() };
}

describe('search results page', { timeout: 20_000 }, () => {
  it('lists one group from the address, loads more on request and plays a track', async () => {
    const { user, fetch, player } = setup('/search?q=drone&type=tracks');
    expect(await screen.findByRole('button', { name: /Drone 1/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Search' })).toBeTruthy();
    expect(screen.getByText('Tracks matching “drone”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tracks' }).getAttribute('aria-current')).toBe('page');
    expect(String(callsTo(fetch, '/api/search/tracks')[0]![0])).toContain('q=drone&offset=0&limit=20');

    // Keyboard: Tab to "Load more", Enter: the next page joins the list and the button goes.
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /Drone 3/ })).toBeTruthy();
    expect(String(callsTo(fetch, '/api/search/tracks')[1]![0])).toContain('offset=2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: /Drone 2/ }));
    const [track, queue] = vi.mocked(player.playTrack).mock.calls[0]!;
    expect(track).toMatchObject({ id: 2, name: 'Drone 2' });
    expect(queue?.map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('switches group by its link and searches again from the field', async () => {
    const { user, location } = setup('/search?q=drone&type=tracks');
    await screen.findByRole('button', { name: /Drone 1/ });
    await user.click(screen.getByRole('link', { name: 'Equipment' }));
    expect(location.history.at(-1)).toBe('/search?q=drone&type=equipment');
    const gear = await screen.findByRole('link', { name: /Dronemaker/ });
    expect(gear.getAttribute('href')).toBe('/equipment/9');

    const field = screen.getByRole('textbox', { name: 'Search' });
    await user.clear(field);
    await user.type(field, 'juno{Enter}');
    expect(location.history.at(-1)).toBe('/search?q=juno&type=equipment');
  });

  it('says when nothing matches, and asks for words without a query', async () => {
    mockFetch({ 'GET /api/search/people': () => json({ items: [], nextOffset: null }) });
    renderWithProviders(<SearchPage user={testUser} />, { path: '/search?q=zzz&type=people' });
    expect(await screen.findByText('No people match “zzz”.')).toBeTruthy();
    vi.unstubAllGlobals();
    const fetch = mockFetch({});
    renderWithProviders(<SearchPage user={testUser} />, { path: '/search' });
    expect(screen.getByText('Type something to search for.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
