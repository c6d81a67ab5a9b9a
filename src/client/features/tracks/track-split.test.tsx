import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import type { SharedTrack } from '../../../shared/schemas/users';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { SharedTrackPage } from './shared-track-page';

// The owner's split markers on a long take's page (issue 47): move, remove, add, then split.
const rehearsal = makeTrack({ id: 12, userId: testUser.id, name: 'Friday rehearsal', duration: 1200 });
const shared = (t: Track): SharedTrack => ({
  track: t,
  user: {
    id: t.userId,
    username: null,
    firstName: 'Grace',
    lastName: 'Hopper',
    avatarUrl: null,
    updatedAt: '2024-05-01T00:00:00.000Z',
  },
  received: null,
});

function routes(t: Track = rehearsal) {
  return {
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/tracks/12': () => json(shared(t)),
    'GET /api/tracks/12/plays': () => json({ total: 0, listeners: 0, collectives: [] }),
    'GET /api/tracks/12/split': () =>
      json({
        duration: 1200,
        silences: [
          { start: 298, end: 302 },
          { start: 597, end: 603 },
        ],
        points: [300, 600],
      }),
    'POST /api/tracks/12/split': (init: RequestInit | undefined) => {
      const { points } = JSON.parse(String(init?.body)) as { points: number[] };
      const tracks = [0, ...points].map((_, i) =>
        makeTrack({ id: 100 + i, name: `Friday rehearsal – part ${i + 1}`, duration: 60 }),
      );
      return json({ tracks }, 201);
    },
  };
}

const render = () =>
  renderWithProviders(<SharedTrackPage trackId="12" />, {
    path: '/track/12',
    seed: [[['/api/auth/user'], testUser]],
  });
const markers = () => screen.getAllByRole('slider', { name: /Split point/ });
const at = () => markers().map((m) => Number(m.getAttribute('aria-valuenow')));

beforeEach(() => resetCsrfToken());

describe('splitting a long take on its page', () => {
  it('shows the proposed points as markers and the count of takes on the button', async () => {
    mockFetch(routes());
    render();
    await screen.findByRole('button', { name: 'Split into 3 takes' });
    expect(at()).toEqual([300, 600]);
    expect(markers()[0]!.getAttribute('aria-valuetext')).toBe('5:00');
  });

  it('moves a marker with the keys, removes it with Delete, and adds one', async () => {
    mockFetch(routes());
    render();
    await screen.findByRole('button', { name: 'Split into 3 takes' });
    const first = markers()[0]!;
    first.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(at()).toEqual([301, 600]);
    await userEvent.keyboard('{PageUp}');
    expect(at()).toEqual([311, 600]);
    // Never past a neighbour: a part keeps its second.
    for (let i = 0; i < 40; i++) fireEvent.keyDown(markers()[0]!, { key: 'PageUp' });
    expect(at()).toEqual([599, 600]);
    fireEvent.keyDown(markers()[1]!, { key: 'Delete' });
    expect(at()).toEqual([599]);
    expect(screen.getByRole('button', { name: 'Split into 2 takes' })).toBeTruthy();
    // Added in the middle of the longest part (599 → 1200).
    await userEvent.click(screen.getByRole('button', { name: 'Add split point' }));
    expect(at()).toEqual([599, 899.5]);
    expect(screen.getByRole('button', { name: 'Split into 3 takes' })).toBeTruthy();
  });

  it('splits at the points shown and links to the new takes', async () => {
    const fetch = mockFetch(routes());
    render();
    await screen.findByRole('button', { name: 'Split into 3 takes' });
    fireEvent.keyDown(markers()[1]!, { key: 'ArrowLeft' });
    await userEvent.click(screen.getByRole('button', { name: 'Split into 3 takes' }));
    const result = await screen.findByTestId('split-result');
    const calls = callsTo(fetch, '/api/tracks/12/split').filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ points: [300, 599] });
    const links = within(result).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Friday rehearsal – part 1',
      'Friday rehearsal – part 2',
      'Friday rehearsal – part 3',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/track/100');
  });

  it('shows no markers on a short take, nor to anyone but the owner', async () => {
    const fetch = mockFetch(routes(makeTrack({ id: 12, userId: testUser.id, duration: 240 })));
    render();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('slider')).toBeNull();
    const other = mockFetch(routes({ ...rehearsal, userId: 'someone-else' }));
    expect(callsTo(fetch, '/api/tracks/12/split')).toHaveLength(0);
    render();
    await waitFor(() => expect(callsTo(other, '/api/tracks/12').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Split into/ })).toBeNull();
    expect(callsTo(other, '/api/tracks/12/split')).toHaveLength(0);
  });
});
