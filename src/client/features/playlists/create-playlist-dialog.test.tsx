import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Playlist } from '../../../shared/schemas/playlists';
import { PlaylistsSidebar } from '../../app/shell/playlists-sidebar';
import { PLAYLISTS_QUERY_KEY } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';

const playlist = (id: number, name: string): Playlist => ({
  id,
  userId: testUser.id,
  name,
  description: null,
  isPublic: false,
  imageUrl: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
});
const existing = [playlist(2, 'Sketches'), playlist(1, 'Live')];
const seed: Array<[unknown[], unknown]> = [
  [['/api/playlists'], existing],
  [['/api/collectives'], []],
];

/** A reply the test releases when it wants, to look at the optimistic state in between. */
function deferred() {
  let release: (res: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const rowNames = () =>
  screen.getByRole('region', { name: 'My Playlists' }).querySelectorAll('li .truncate.font-medium');
const names = () => Array.from(rowNames(), (el) => el.textContent);

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Create Playlist' }));
  return screen.findByRole('dialog');
}

beforeEach(() => resetCsrfToken());

describe('Create Playlist dialog', () => {
  it('has the fields of the spec and keeps Create disabled while the trimmed name is empty', async () => {
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={null} />, { seed });
    await openDialog();
    const name = screen.getByLabelText('Playlist Name');
    const description = screen.getByLabelText('Description (Optional)');
    expect(description.getAttribute('rows')).toBe('3');
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.type(name, '   ');
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.type(name, 'Dub');
    expect(create.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('says "Missing Information" when an empty name is submitted anyway', async () => {
    const fetch = mockFetch({});
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={null} />, { seed });
    await openDialog();
    await userEvent.type(screen.getByLabelText('Playlist Name'), '  ');
    fireEvent.submit(screen.getByLabelText('Playlist Name').closest('form') as HTMLFormElement);
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please enter a playlist name')).toBeTruthy();
    expect(callsTo(fetch, '/api/playlists')).toHaveLength(0);
  });

  it('trims, shows the new playlist on top at once, then opens it', async () => {
    const reply = deferred();
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/playlists': () => reply.promise,
      'GET /api/playlists': () => json([playlist(7, 'Night Drive'), ...existing]),
    });
    const { queryClient, location } = renderWithProviders(
      <PlaylistsSidebar user={testUser} collectiveId={null} />,
      { seed },
    );
    await openDialog();
    await userEvent.type(screen.getByLabelText('Playlist Name'), '  Night Drive  ');
    await userEvent.type(screen.getByLabelText('Description (Optional)'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Closed and cleared at once; the stand-in is first in the list.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(names()).toEqual(['Night Drive', 'Sketches', 'Live']));
    const temp = queryClient.getQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY)?.[0];
    expect(temp).toMatchObject({ userId: 'temp-user', isPublic: false, imageUrl: null, description: null });
    expect(temp?.id).toBeLessThan(0);
    const [, init] = callsTo(fetch, '/api/playlists').find(([, i]) => i?.method === 'POST') ?? [];
    expect(init?.body).toBe('{"name":"Night Drive"}');

    // Reopened while the creation is pending: it says so and cannot be closed.
    await openDialog();
    const creating = screen.getByRole('button', { name: 'Creating...' });
    expect(creating.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    reply.release(json(playlist(7, 'Night Drive'), 201));
    expect(await screen.findByText('Playlist created successfully!')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/playlist/7'));
    // No longer pending: the reopened dialog is empty and closes again.
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect((screen.getByLabelText('Playlist Name') as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const created = screen.getByRole('link', { name: 'Night Drive' });
    expect(created.getAttribute('href')).toBe('/playlist/7');
    expect(created.getAttribute('aria-current')).toBe('page');
  });

  it('sends a trimmed description and restores the list with the server message on failure', async () => {
    const reply = deferred();
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/playlists': () => reply.promise,
    });
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={null} />, { seed });
    await openDialog();
    await userEvent.type(screen.getByLabelText('Playlist Name'), 'Dub');
    await userEvent.type(screen.getByLabelText('Description (Optional)'), '  late  ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(names()).toEqual(['Dub', 'Sketches', 'Live']));
    const [, init] = callsTo(fetch, '/api/playlists').find(([, i]) => i?.method === 'POST') ?? [];
    expect(init?.body).toBe('{"name":"Dub","description":"late"}');

    reply.release(json({ statusCode: 400, error: 'Bad Request', message: 'Name taken' }, 400));
    expect(await screen.findByText('Name taken')).toBeTruthy();
    expect(names()).toEqual(['Sketches', 'Live']);
  });

  it('falls back to "Failed to create playlist" when the server gives no message', async () => {
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/playlists': () => new Response('<html>oops</html>', { status: 502 }),
    });
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={null} />, { seed });
    await openDialog();
    await userEvent.type(screen.getByLabelText('Playlist Name'), 'Dub');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create playlist')).toBeTruthy();
    expect(names()).toEqual(['Sketches', 'Live']);
  });
});
