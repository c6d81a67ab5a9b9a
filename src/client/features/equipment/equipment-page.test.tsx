import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EQUIPMENT_CATEGORIES } from '../../../shared/constants';
import type { EquipmentComment, EquipmentDetail, EquipmentTrack } from '../../../shared/schemas/tracks';
import { readyMedia } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import { EquipmentPage } from './equipment-page';

beforeEach(() => resetCsrfToken());

const juno: EquipmentDetail = {
  id: 7,
  name: 'Juno-106',
  description: 'Six-voice analog polysynth.',
  imageUrl: null,
  category: 'Hardware Synth',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
  canEdit: true,
};

const comment: EquipmentComment = {
  id: 1,
  equipmentId: 7,
  userId: 'u2',
  content: 'Chorus II is the one.',
  hidden: false,
  createdAt: '2024-05-02T10:00:00.000Z',
  user: { id: 'u2', username: 'grace', firstName: 'Grace', lastName: 'Hopper' },
};

const usedIn: EquipmentTrack = {
  id: 11,
  userId: 'u2',
  name: 'Polysynth Dawn',
  ...readyMedia,
  version: 1,
  filename: 'dawn.wav',
  mimeType: 'audio/wav',
  size: 1000,
  duration: 75,
  notes: null,
  fileCreatedAt: null,
  shareToEquipmentPages: true,
  visibility: 'public',
  createdAt: '2024-05-03T00:00:00.000Z',
  updatedAt: '2024-05-03T00:00:00.000Z',
  equipment: [{ id: 7, name: 'Juno-106', description: null, imageUrl: null, category: 'Hardware Synth' }],
  user: {
    id: 'u2',
    username: null,
    firstName: 'Grace',
    lastName: 'Hopper',
    avatarUrl: '/uploads/avatars/u2',
    updatedAt: '2024-05-03T00:00:00.000Z',
  },
};

/** One page of GET /api/equipment/7/tracks (issue 48): the last unless a cursor is given. */
const page = (items: EquipmentTrack[], nextCursor: string | null = null) => json({ items, nextCursor });

function show(detail: EquipmentDetail | null, extra = {}) {
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/equipment/7': () =>
      detail
        ? json(detail)
        : json({ statusCode: 404, error: 'Not Found', message: 'Equipment not found' }, 404),
    'GET /api/equipment/7/comments': () => json([comment]),
    'GET /api/equipment/7/tracks': () => page([usedIn]),
    'GET /api/equipment/categories': () => json(EQUIPMENT_CATEGORIES),
    ...extra,
  });
  renderWithProviders(<EquipmentPage equipmentId="7" />, { path: '/equipment/7' });
  return fetch;
}

describe('EquipmentPage', () => {
  it('shows name, category and description, and no Edit for those who may not edit', async () => {
    show({ ...juno, canEdit: false });
    expect(await screen.findByRole('heading', { name: 'Juno-106' })).toBeTruthy();
    expect(screen.getByText('Hardware Synth')).toBeTruthy();
    expect(screen.getByText('Six-voice analog polysynth.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /equipment image/ })).toBeNull();
  });

  it('edits name, category and description for those who may', async () => {
    const fetch = show(juno, {
      'PATCH /api/equipment/7': () => json({ ...juno, category: 'Hardware FX', name: 'Juno 106' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit equipment' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), ' Juno 106 ');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Category' }));
    expect(await screen.findAllByRole('option')).toHaveLength(33);
    await userEvent.click(screen.getByRole('option', { name: 'Hardware FX' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Equipment Updated')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Juno 106' })).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetch, '/api/equipment/7')[1]?.[1]?.body))).toEqual({
      name: 'Juno 106',
      category: 'Hardware FX',
      description: 'Six-voice analog polysynth.',
    });
  }, 20_000); // Radix Select with 33 options is slow to render in jsdom.

  it('keeps Post Comment disabled while the comment is empty or blank, and posts on top', async () => {
    const posted: EquipmentComment = {
      ...comment,
      id: 2,
      content: 'Great pads',
      user: { id: 'u1', username: 'ada', firstName: null, lastName: null },
    };
    const fetch = show(juno, { 'POST /api/equipment/7/comments': () => json(posted, 201) });
    await screen.findByText('Chorus II is the one.');
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Post Comment' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Add a comment'), '   ');
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Add a comment'), ' Great pads ');
    expect(button.disabled).toBe(false);
    await userEvent.click(button);

    expect(await screen.findByText('Comment added')).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetch, '/api/equipment/7/comments')[1]?.[1]?.body))).toEqual({
      content: 'Great pads',
    });
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('ada');
    expect(items[1]?.textContent).toContain('Grace Hopper');
    await waitFor(() =>
      expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it("lists and plays the 'Tracks Using' tracks", async () => {
    show(juno);
    await userEvent.click(await screen.findByRole('tab', { name: 'Tracks Using Juno-106' }));
    const table = await screen.findByRole('table', { name: 'Tracks Using Juno-106' });
    const row = within(table).getByTestId('equipment-track-row');
    expect(row.textContent).toContain('Grace Hopper');
    expect(row.textContent).toContain('Polysynth Dawn');
    expect(row.textContent).toContain('1:15');
    await userEvent.click(within(row).getByRole('button', { name: 'Play Polysynth Dawn' }));
    expect(within(row).getByRole('button', { name: 'Pause Polysynth Dawn' })).toBeTruthy();
  });

  it("reads 'Tracks Using' 50 at a time and appends the next page with the cursor on 'Show more tracks'", async () => {
    const first = Array.from({ length: 50 }, (_, i) => ({ ...usedIn, id: 100 + i, name: `Take ${i + 1}` }));
    const second = [{ ...usedIn, id: 99, name: 'Take 51' }];
    const fetch = show(juno, {
      'GET /api/equipment/7/tracks': (_: unknown, url: string) =>
        new URL(url, 'http://localhost').searchParams.get('cursor') === 'c/1+='
          ? page(second)
          : page(first, 'c/1+='),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Tracks Using Juno-106' }));
    const table = await screen.findByRole('table', { name: 'Tracks Using Juno-106' });
    expect(within(table).getAllByTestId('equipment-track-row')).toHaveLength(50);
    expect(String(callsTo(fetch, '/api/equipment/7/tracks')[0]?.[0])).toBe(
      '/api/equipment/7/tracks?limit=50',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show more tracks' }));
    await waitFor(() => expect(within(table).getAllByTestId('equipment-track-row')).toHaveLength(51));
    const calls = callsTo(fetch, '/api/equipment/7/tracks');
    expect(String(calls[1]?.[0])).toBe('/api/equipment/7/tracks?limit=50&cursor=c%2F1%2B%3D');
    const rows = within(table).getAllByTestId('equipment-track-row');
    expect(rows[0]?.textContent).toContain('Take 1');
    expect(rows[50]?.textContent).toContain('Take 51');
    // The last page: no more to show.
    expect(screen.queryByRole('button', { name: 'Show more tracks' })).toBeNull();
  });

  it("says 'Failed to fetch related tracks' when the list fails", async () => {
    show(juno, { 'GET /api/equipment/7/tracks': () => json({ message: 'boom' }, 500) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Tracks Using Juno-106' }));
    expect(await screen.findByText('Failed to fetch related tracks')).toBeTruthy();
  });

  it("says 'Equipment Not Found' for an unknown id", async () => {
    show(null);
    expect(await screen.findByRole('heading', { name: 'Equipment Not Found' })).toBeTruthy();
    expect(await screen.findByText('Equipment not found')).toBeTruthy();
  });

  it("queues 'Tracks Using' rows by their own owner, with a More options menu", async () => {
    const other: EquipmentTrack = {
      ...usedIn,
      id: 12,
      name: 'Second Light',
      user: { ...usedIn.user, id: 'u3', username: 'lin', avatarUrl: null },
    };
    const pendingTrack: EquipmentTrack = {
      ...usedIn,
      id: 13,
      name: 'Still Cooking',
      playable: false,
      processing: { state: 'pending', error: null },
    };
    mockFetch({
      'GET /api/equipment/7': () => json(juno),
      'GET /api/equipment/7/comments': () => json([]),
      'GET /api/equipment/7/tracks': () => page([usedIn, other, pendingTrack]),
    });
    const player = fakePlayer();
    renderWithProviders(
      <WithPlayer player={player}>
        <EquipmentPage equipmentId="7" />
      </WithPlayer>,
      { path: '/equipment/7' },
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Tracks Using Juno-106' }));
    const table = await screen.findByRole('table', { name: 'Tracks Using Juno-106' });
    const [first, second, third] = within(table).getAllByTestId('equipment-track-row') as HTMLElement[];

    await userEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Play Second Light' }));
    const queue = vi.mocked(player.playTrack).mock.calls[0]?.[1];
    expect(queue?.map((t) => [t.id, t.artist, t.artworkUrl, t.playable])).toEqual([
      [11, 'Grace Hopper', `/uploads/avatars/u2-256.webp?v=${Date.parse(usedIn.user.updatedAt)}`, true],
      [12, 'lin', null, true],
      [13, 'Grace Hopper', `/uploads/avatars/u2-256.webp?v=${Date.parse(usedIn.user.updatedAt)}`, false],
    ]);

    const stillCooking = within(third as HTMLElement).getByRole('button', {
      name: 'Play Still Cooking: Not playable yet: still processing',
    });
    expect(stillCooking.getAttribute('aria-disabled')).toBe('true');

    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'More options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Play next' }));
    expect(player.playNext).toHaveBeenCalledWith(expect.objectContaining({ id: 11, artist: 'Grace Hopper' }));
    expect(await screen.findByText('Playing next: Polysynth Dawn')).toBeTruthy();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'More options' }));
    const download = await screen.findByRole('menuitem', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/tracks/11/original');
    expect(download.hasAttribute('download')).toBe(true);
  });
});

describe("EquipmentPage 'Tracks Using' with thousands of tracks (decision 0072)", () => {
  it('renders only the rows in view and brings others in when scrolled', async () => {
    const scrollTo = layOutVirtualRows(49);
    const many = Array.from({ length: 5000 }, (_, i) => ({ ...usedIn, id: i + 1, name: `Used ${i + 1}` }));
    show(juno, { 'GET /api/equipment/7/tracks': () => page(many) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Tracks Using Juno-106' }));
    const table = await screen.findByRole('table', { name: 'Tracks Using Juno-106' });
    await within(table).findByText('Used 1');
    expect(within(table).getAllByTestId('equipment-track-row').length).toBeLessThan(60);
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    scrollTo(49 * 2500);
    expect(await within(table).findByText('Used 2501')).toBeTruthy();
    expect(within(table).queryByText('Used 1')).toBeNull();
    expect(within(table).getAllByTestId('equipment-track-row').length).toBeLessThan(60);
    vi.restoreAllMocks();
  }, 20_000);
});

describe('EquipmentPage comments by the thousand (decision 0072)', () => {
  it('renders only the comments in view, each saying its place in the list', async () => {
    const scrollTo = layOutVirtualRows(82);
    const many = Array.from({ length: 5000 }, (_, i) => ({
      ...comment,
      id: i + 1,
      content: `Note ${i + 1}`,
    }));
    show(juno, { 'GET /api/equipment/7/comments': () => json(many) });
    const list = await screen.findByRole('list', { name: 'Comments' });
    await within(list).findByText('Note 1');
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeLessThan(40);
    expect(items[0]?.getAttribute('aria-setsize')).toBe('5000');
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    scrollTo((82 + 12) * 4000);
    expect(await within(list).findByText('Note 4001')).toBeTruthy();
    expect(within(list).queryByText('Note 1')).toBeNull();
    vi.restoreAllMocks();
  }, 20_000);
});
