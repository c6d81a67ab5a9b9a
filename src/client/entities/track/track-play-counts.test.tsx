import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackPlayCounts as Counts } from '../../../shared/schemas/plays';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { TrackPlayCounts } from './track-play-counts';

afterEach(() => vi.unstubAllGlobals());

const show = (counts: Counts) => {
  mockFetch({ 'GET /api/tracks/12/plays': () => json(counts) });
  renderWithProviders(<TrackPlayCounts trackId={12} />, { seed: [[['/api/auth/user'], testUser]] });
};

describe('TrackPlayCounts (decision 0395)', () => {
  it('shows plays, people, and people per collective', async () => {
    show({
      total: 12,
      listeners: 5,
      collectives: [
        { id: 1, name: 'Band A', listeners: 3, plays: 8 },
        { id: 2, name: 'Band B', listeners: 1, plays: 1 },
      ],
    });
    expect(await screen.findByText('Played 12 times · 5 people')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Listeners by collective' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Band A: 3 people', 'Band B: 1 person']);
  });

  it('says nobody else played it yet', async () => {
    show({ total: 0, listeners: 0, collectives: [{ id: 1, name: 'Band A', listeners: 0, plays: 0 }] });
    expect(await screen.findByText('Nobody else has played this yet')).toBeTruthy();
    expect(screen.getByText('Band A')).toBeTruthy();
  });

  it('shows nothing when the counts cannot be read (not the owner)', async () => {
    const fetch = mockFetch({});
    const { container } = renderWithProviders(<TrackPlayCounts trackId={12} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.querySelector('[data-testid="track-play-counts"]')).toBeNull());
  });
});
