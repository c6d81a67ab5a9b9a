import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCommentTime } from '../../../shared/format';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import {
  collective,
  comment,
  person,
  playlistDetail,
  playlistTrack,
  sharedPlaylist,
} from './collective-fixtures';
import { CollectivePage } from './collective-page';
import { CollectivePlaylistPage } from './collective-playlist-page';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const dub = sharedPlaylist(11, 'Dub');
const ska = sharedPlaylist(12, 'Ska', { user: person('u2', { firstName: 'Prince' }) });
const tracks = [playlistTrack(101, 'Rockers'), playlistTrack(102, 'Steppers', { duration: 125 })];
const newer = comment(2, 'Deep cut!', person('u2', { username: 'prince' }), {
  createdAt: '2024-05-02T21:05:00.000Z',
});
const older = comment(1, 'First', person('u3', { firstName: 'Lee', lastName: 'Perry' }));

function routes(extra = {}) {
  return {
    ...csrf,
    'GET /api/collectives/1': () => json(collective(1, 'Tape Club', { description: 'Tapes only' })),
    'GET /api/collectives/1/playlists': () => json([dub, ska]),
    'GET /api/collectives/1/playlists/11': () => json(playlistDetail(dub, tracks)),
    'GET /api/collectives/1/playlists/12': () => json(playlistDetail(ska, [])),
    'GET /api/collectives/1/playlists/11/comments': () => json([newer, older]),
    'GET /api/collectives/1/playlists/12/comments': () => json([]),
    ...extra,
  };
}

beforeEach(() => resetCsrfToken());

describe('Collective page', () => {
  it('shows the newest share with its numbered tracks and comments, newest first', async () => {
    mockFetch(routes());
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    expect(await screen.findByRole('heading', { name: 'Tape Club' })).toBeTruthy();
    expect(screen.getByText('Tapes only')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dub' })).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Playlist tracks' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1Rockers1:05', '2Steppers2:05']);

    const list = await screen.findByRole('list', { name: 'Comments' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('@prince');
    expect(items[0]?.textContent).toContain(formatCommentTime(newer.createdAt));
    expect(items[0]?.textContent).toContain('Deep cut!');
    // No username: the display name, without an @.
    expect(items[1]?.textContent).toContain('Lee Perry');
    expect(items[1]?.textContent).not.toContain('@');
  });

  it('selects another playlist in place and remembers it per collective', async () => {
    mockFetch(routes());
    const { location } = renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    const picker = await screen.findByRole('navigation', { name: 'Shared playlists' });
    await userEvent.click(within(picker).getByRole('button', { name: /Ska/ }));
    expect(await screen.findByRole('heading', { name: 'Ska' })).toBeTruthy();
    expect(screen.getByText('No tracks in this playlist')).toBeTruthy();
    expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/collective/1');
    expect(localStorage.getItem('collectivePlaylist:1')).toBe('12');
  });

  it('says when nothing is shared yet', async () => {
    mockFetch(routes({ 'GET /api/collectives/1/playlists': () => json([]) }));
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    expect(await screen.findByText('No playlists available')).toBeTruthy();
  });

  it('plays the playlist with its tracks as the queue', async () => {
    mockFetch(routes());
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    const audio = document.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('/api/tracks/101/stream');
    await userEvent.click(screen.getByRole('button', { name: 'Play Steppers' }));
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('/api/tracks/102/stream');
  });

  it('adds a comment: posts it, shows it on top and says Comment added; ignores blanks', async () => {
    const posted = comment(3, 'Lovely', person('user-1', { username: 'ada' }));
    const fetch = mockFetch(
      routes({ 'POST /api/collectives/1/playlists/11/comments': () => json(posted, 201) }),
    );
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Post comment' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(box, ' Lovely ');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Comment added')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/collectives/1/playlists/11/comments').find(
      ([, i]) => i?.method === 'POST',
    ) ?? [undefined, undefined];
    expect(init?.body).toBe(JSON.stringify({ content: 'Lovely' }));
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('offers the members after @ and sends the mention picked (decision 0300)', async () => {
    const posted = comment(5, '@prince listen', person('user-1', { username: 'ada' }));
    const member = (userId: string, username: string) => ({
      userId,
      role: 'member',
      joinedAt: '2024-05-01T00:00:00.000Z',
      user: person(userId, { username }),
    });
    const fetch = mockFetch(
      routes({
        'GET /api/collectives/1/members': () => json([member('u2', 'prince'), member('u4', 'perry')]),
        'POST /api/collectives/1/playlists/11/comments': () => json(posted, 201),
      }),
    );
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, '@pr');
    const offered = await screen.findByRole('list', { name: 'Mention a member' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['@prince']);
    await userEvent.keyboard('{Tab}');
    expect((box as HTMLTextAreaElement).value).toBe('@prince ');
    // The caret is put after the name on the next frame.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await userEvent.keyboard('listen{Enter}');
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/collectives/1/playlists/11/comments').filter(([, i]) => i?.method === 'POST'),
      ).toHaveLength(1),
    );
    const [, init] = callsTo(fetch, '/api/collectives/1/playlists/11/comments').find(
      ([, i]) => i?.method === 'POST',
    ) ?? [undefined, undefined];
    expect(init?.body).toBe(JSON.stringify({ content: '@prince listen' }));
  });

  it('says when a comment fails and keeps the text', async () => {
    mockFetch(routes({ 'POST /api/collectives/1/playlists/11/comments': () => json({ message: 'x' }, 500) }));
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Failed to add comment')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('is not found for non-members', async () => {
    mockFetch({ 'GET /api/collectives/1': () => json({ message: 'Not found' }, 404) });
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    expect(await screen.findByText('Collective not found')).toBeTruthy();
  });

  it.each([
    ['collective page', () => <CollectivePage collectiveId={1} />, 'Tape Club'],
    ['playlist page', () => <CollectivePlaylistPage collectiveId={1} playlistId="11" />, 'Dub'],
  ])(
    'a %s stays when a read again fails, and goes when it answers 404 (removed)',
    async (_, page, heading) => {
      let answer: () => Response = () => json(collective(1, 'Tape Club'));
      mockFetch(routes({ 'GET /api/collectives/1': () => answer() }));
      const { queryClient } = renderWithProviders(page(), { path: '/collective/1' });
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();

      // A restart or a dropped network while a live event has it read again: not an answer.
      answer = () => json({ message: 'Service Unavailable' }, 503);
      await act(() => queryClient.refetchQueries({ queryKey: ['/api/collectives', 1], exact: true }));
      expect(queryClient.getQueryState(['/api/collectives', 1])?.status).toBe('error');
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
      expect(screen.queryByText('Collective not found')).toBeNull();

      // Removed from it meanwhile: the server's 404 is.
      answer = () => json({ message: 'Not found' }, 404);
      await act(() => queryClient.refetchQueries({ queryKey: ['/api/collectives', 1], exact: true }));
      expect(await screen.findByText('Collective not found')).toBeTruthy();
    },
  );
});

describe('Collective playlist page', () => {
  it('has Back to the collective, and Enter without Shift sends a comment', async () => {
    const posted = comment(4, 'Nice', person('user-1', { username: 'ada' }));
    const fetch = mockFetch(
      routes({ 'POST /api/collectives/1/playlists/11/comments': () => json(posted, 201) }),
    );
    const { location } = renderWithProviders(<CollectivePlaylistPage collectiveId={1} playlistId="11" />, {
      path: '/collective/1/playlist/11',
    });
    expect(await screen.findByRole('heading', { name: 'Dub' })).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}');
    expect(
      callsTo(fetch, '/api/collectives/1/playlists/11/comments').filter(([, i]) => i?.method),
    ).toHaveLength(0);
    await userEvent.type(box, 'Nice{Enter}');
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/collectives/1/playlists/11/comments').filter(([, i]) => i?.method === 'POST'),
      ).toHaveLength(1),
    );
    const [, init] = callsTo(fetch, '/api/collectives/1/playlists/11/comments').find(
      ([, i]) => i?.method === 'POST',
    ) ?? [undefined, undefined];
    expect(init?.body).toBe(JSON.stringify({ content: 'Line one\nNice' }));

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(location.history?.at(-1)).toBe('/collective/1');
  });
});

describe('Collective playlist comments by the thousand (decision 0072)', () => {
  it('renders only the comments in view and brings others in when scrolled', async () => {
    const scrollTo = layOutVirtualRows(74);
    const many = Array.from({ length: 5000 }, (_, i) => comment(i + 1, `Remark ${i + 1}`, person('u2')));
    mockFetch(routes({ 'GET /api/collectives/1/playlists/11/comments': () => json(many) }));
    renderWithProviders(<CollectivePage collectiveId={1} />, { path: '/collective/1' });
    const list = await screen.findByRole('list', { name: 'Comments' });
    await within(list).findByText('Remark 1');
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
    scrollTo((74 + 8) * 3000);
    expect(await within(list).findByText('Remark 3001')).toBeTruthy();
    expect(within(list).queryByText('Remark 1')).toBeNull();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
    vi.restoreAllMocks();
  }, 20_000);
});
