import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '../../../shared/schemas/search';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { SearchTrigger, ShellSearch } from './shell-search';

const results: SearchResults = {
  tracks: [
    makeTrack({
      id: 1,
      name: 'Moog Subsequent 37 bassline',
      equipment: [makeTag({ name: 'Moog Subsequent 37' })],
    }),
    makeTrack({ id: 2, name: 'Moog arp' }),
  ],
  playlists: [{ id: 7, name: 'Moog picks', imageUrl: null, collective: { id: 3, name: 'Synth club' } }],
  collectives: [],
  equipment: [makeTag({ id: 9, name: 'Moog Subsequent 37' })],
  people: [],
  hasMore: { tracks: false, playlists: false, collectives: false, equipment: false, people: false },
};

afterEach(() => vi.unstubAllGlobals());

function setup(reply: SearchResults = results) {
  const fetch = mockFetch({ 'GET /api/search': () => json(reply) });
  const player = fakePlayer();
  const view = renderWithProviders(
    <WithPlayer player={player}>
      <ShellSearch user={testUser}>{(open) => <SearchTrigger onOpen={open} />}</ShellSearch>
    </WithPlayer>,
  );
  return { ...view, fetch, player, user: userEvent.setup() };
}

const option = (name: RegExp) => screen.getByRole('option', { name });

// Typing with user-event takes seconds on a loaded machine.
describe('search dialog', { timeout: 20_000 }, () => {
  it('opens with Ctrl+K, groups results under headings and moves with the arrows', async () => {
    const { user, fetch } = setup();
    await user.keyboard('{Control>}k{/Control}');
    const field = await screen.findByRole('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'moog subsequnt');
    await screen.findByRole('option', { name: /Moog arp/ });
    // Debounced: one request for what was typed, not one per key.
    expect(callsTo(fetch, '/api/search')).toHaveLength(1);
    expect(String(callsTo(fetch, '/api/search')[0]![0])).toContain('q=moog%20subsequnt');
    for (const heading of ['Tracks', 'Playlists', 'Equipment'])
      expect(screen.getByRole('group', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'People' })).toBeNull();

    // The first result is active; ↓ and ↑ move through all the groups, wrapping at the ends.
    const activeName = () =>
      document.getElementById(field.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(option(/bassline/).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toMatch(/Moog arp/);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeName()).toMatch(/^Moog Subsequent 37/);
    const equipment = screen.getByRole('group', { name: 'Equipment' });
    expect(
      equipment.contains(document.getElementById(field.getAttribute('aria-activedescendant') ?? '')),
    ).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toMatch(/bassline/);
    await user.keyboard('{ArrowUp}');
    expect(activeName()).toMatch(/^Moog Subsequent 37/);
    await user.keyboard('{ArrowUp}');
    expect(activeName()).toMatch(/^Moog picks/);
    expect(option(/Moog arp/).getAttribute('aria-selected')).toBe('false');
  });

  it('plays a track on Enter, with the found tracks as the queue, and closes', async () => {
    const { user, player } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await screen.findByRole('combobox'), 'moog');
    await screen.findByRole('option', { name: /Moog arp/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(player.playTrack).toHaveBeenCalledTimes(1);
    const [track, queue] = vi.mocked(player.playTrack).mock.calls[0]!;
    expect(track).toMatchObject({ id: 2, name: 'Moog arp', artist: 'ada' });
    expect(queue?.map((t) => t.id)).toEqual([1, 2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a shared playlist in its collective on Enter', async () => {
    const { user, location, player } = setup();
    await user.keyboard('{Meta>}k{/Meta}');
    await user.type(await screen.findByRole('combobox'), 'picks');
    await screen.findByRole('option', { name: /Moog picks/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location.history.at(-1)).toBe('/collective/3/playlist/7');
    expect(player.playTrack).not.toHaveBeenCalled();
  });

  it('closes on Escape and starts empty next time', async () => {
    const { user } = setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'moog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('{Control>}k{/Control}');
    expect(((await screen.findByRole('combobox')) as HTMLInputElement).value).toBe('');
  });

  it('ends a group that has more with "Show all", which the arrows reach and Enter opens', async () => {
    const { user, location } = setup({ ...results, hasMore: { ...results.hasMore, tracks: true } });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'moog');
    const tracks = await screen.findByRole('group', { name: 'Tracks' });
    const showAll = screen.getByRole('option', { name: 'Show all tracks' });
    expect(tracks.contains(showAll)).toBe(true);
    expect(screen.queryByRole('option', { name: /Show all playlists/ })).toBeNull();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(showAll.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/search?q=moog&type=tracks');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
