import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GuestCommentsPage, OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import type { SharedItem } from '../../../shared/schemas/shares';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { OwnerGuestComments } from './owner-guest-comments';
import { SharedItemPage } from './shared-item-page';

// Issue 45: a review link's guests comment on the share page; the owner reads them under "Guests".
const TOKEN = 'B'.repeat(43);
const API = `/api/shares/by-token/${TOKEN}`;
const item: SharedItem = {
  type: 'track',
  description: null,
  expiresAt: null,
  allowDownload: false,
  allowVersions: false,
  owner: { displayName: 'Grace Hopper', username: 'grace', avatarUrl: null },
  track: {
    id: 7,
    name: 'Attic Demo',
    notes: null,
    duration: 125,
    playable: true,
    streamUrl: `${API}/tracks/7/stream`,
    peaksUrl: null,
    downloadUrl: null,
    versionsUrl: null,
    loudnessLufs: null,
    truePeakDb: null,
  },
};
const comment = (id: number, extra: Partial<GuestCommentsPage['threads'][number]> = {}) => ({
  id,
  trackId: 7,
  parentId: null,
  name: 'Mia',
  content: 'Kick too loud',
  atSeconds: 12,
  endSeconds: null,
  fromOwner: false,
  mine: false,
  hidden: false,
  createdAt: '2026-06-01T12:00:00.000Z',
  replies: [],
  ...extra,
});
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) };

describe('the guest side of a review link', () => {
  it('asks the name the first time, posts at the moment typed, then says who is commenting', async () => {
    let page: GuestCommentsPage = { trackId: 7, guest: null, commentsOpen: true, threads: [] };
    const posted: unknown[] = [];
    const fetch = mockFetch({
      ...csrf,
      [`GET ${API}`]: () => json(item),
      [`GET ${API}/comments`]: () => json(page),
      [`POST ${API}/comments`]: (init) => {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        page = { ...page, guest: { name: body.name }, threads: [comment(1, { ...body, mine: true })] };
        return json(comment(1, body), 201);
      },
    });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    const form = await screen.findByRole('form', { name: 'New comment' });
    expect(screen.getByText('No comments yet.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Your name'), 'Mia');
    const at = within(form).getByLabelText('Comment at');
    await userEvent.clear(at);
    await userEvent.type(at, '0:12');
    await userEvent.type(within(form).getByLabelText('Your comment'), 'Kick too loud');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a comment at 0:12' }));

    await waitFor(() =>
      expect(posted).toEqual([
        { name: 'Mia', content: 'Kick too loud', atSeconds: 12, endSeconds: null, trackId: 7 },
      ]),
    );
    expect(callsTo(fetch, `${API}/comments`)[0]![0]).toContain('trackId=7');
    // The name is now the cookie's: not asked again.
    expect(await screen.findByText('Commenting as')).toBeTruthy();
    expect(screen.queryByLabelText('Your name')).toBeNull();
    const threads = screen.getByRole('list', { name: 'Comment threads' });
    expect(within(threads).getByText('Kick too loud')).toBeTruthy();
    expect(within(threads).getByRole('button', { name: 'Play from 0:12' })).toBeTruthy();
    // Its marker over the waveform names it.
    expect(screen.getByRole('button', { name: 'Mia at 0:12: Kick too loud' })).toBeTruthy();
  });

  it('refuses a moment past the end, and an end before the start, without posting', async () => {
    const fetch = mockFetch({
      ...csrf,
      [`GET ${API}`]: () => json(item),
      [`GET ${API}/comments`]: () =>
        json({ trackId: 7, guest: { name: 'Mia' }, commentsOpen: true, threads: [] }),
    });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    const form = await screen.findByRole('form', { name: 'New comment' });
    const at = within(form).getByLabelText('Comment at');
    await userEvent.clear(at);
    await userEvent.type(at, '3:00');
    await userEvent.type(within(form).getByLabelText('Your comment'), 'late');
    await userEvent.click(within(form).getByRole('button', { name: /Add a comment at/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Times must be within the track (0:00 to 2:05)',
    );
    await userEvent.clear(at);
    await userEvent.type(at, '0:30');
    await userEvent.type(within(form).getByLabelText('Comment until (optional)'), '0:20');
    await userEvent.click(within(form).getByRole('button', { name: /Add a comment at/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('The end must be after the start');
    expect(callsTo(fetch, `${API}/comments`).filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('shows the thread with the owner reply and a hidden comment marked; closed links take no comment', async () => {
    mockFetch({
      [`GET ${API}`]: () => json(item),
      [`GET ${API}/comments`]: () =>
        json({
          trackId: 7,
          guest: { name: 'Mia' },
          commentsOpen: false,
          threads: [
            comment(1, {
              mine: true,
              hidden: true,
              replies: [comment(2, { parentId: 1, name: 'Grace Hopper', fromOwner: true, content: 'Noted' })],
            }),
          ],
        }),
    });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByText('The owner closed commenting on this link.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New comment' })).toBeNull();
    expect(screen.getByText('Hidden by the owner: only you see it')).toBeTruthy();
    const replies = screen.getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Grace Hopper').textContent).toBe('Grace Hopper');
    expect(within(replies).getByText('(owner)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('shows nothing of comments for a link that takes none (404)', async () => {
    const fetch = mockFetch({
      [`GET ${API}`]: () => json(item),
      [`GET ${API}/comments`]: () => json({ statusCode: 404, error: 'Not Found', message: 'no' }, 404),
    });
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    await screen.findByRole('heading', { level: 1, name: 'Attic Demo' });
    await waitFor(() => expect(callsTo(fetch, `${API}/comments`)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Comments' })).toBeNull();
  });
});

const ownerComment = (id: number, extra: Partial<OwnerGuestComment> = {}): OwnerGuestComment => ({
  id,
  shareId: 1,
  recipient: 'mastering engineer',
  linkCreatedAt: '2026-05-03T10:00:00.000Z',
  commentsClosed: false,
  linkRevoked: false,
  trackId: 7,
  parentId: null,
  name: 'Mia',
  content: 'Kick too loud',
  atSeconds: 12,
  endSeconds: null,
  fromOwner: false,
  hidden: false,
  trackVersion: 1,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...extra,
});
const track = { id: 7, name: 'Attic Demo', duration: 125, playable: true };

describe('the Guests group on the owner’s track', () => {
  it('groups threads per link, marks guests, and replies, hides and deletes', async () => {
    const sent: [string, string, unknown][] = [];
    const record = (method: string) => (init: RequestInit | undefined, url: string) => {
      sent.push([
        method,
        new URL(url, 'http://x').pathname,
        init?.body ? JSON.parse(String(init.body)) : null,
      ]);
      return method === 'DELETE'
        ? new Response(null, { status: 204 })
        : json(ownerComment(9), method === 'POST' ? 201 : 200);
    };
    mockFetch({
      ...csrf,
      'GET /api/tracks/7/guest-comments': () =>
        json([
          ownerComment(1),
          ownerComment(2, { parentId: 1, fromOwner: true, name: 'Grace', content: 'Will fix' }),
          ownerComment(3, {
            shareId: 2,
            recipient: null,
            name: 'Leo',
            content: 'Love the bridge',
            atSeconds: 40,
          }),
        ]),
      'POST /api/tracks/7/guest-comments': record('POST'),
      'PATCH /api/tracks/7/guest-comments/1': record('PATCH'),
      'DELETE /api/tracks/7/guest-comments/3': record('DELETE'),
    });
    renderWithProviders(<OwnerGuestComments track={track} />);
    const guests = await screen.findByRole('region', { name: 'Guests' });
    const mastering = within(guests).getByRole('region', { name: 'mastering engineer' });
    const unnamed = within(guests).getByRole('region', { name: /^Link of 3 May 2026$/ });
    expect(within(mastering).getAllByText('guest')).toHaveLength(1);
    expect(within(mastering).getByText('You')).toBeTruthy();
    expect(within(unnamed).getByText('Love the bridge')).toBeTruthy();
    expect(within(mastering).queryByText('Love the bridge')).toBeNull();

    await userEvent.click(within(mastering).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(mastering).getByLabelText('Your reply to the guest'), 'On it');
    await userEvent.click(within(mastering).getByRole('button', { name: 'Reply' }));
    await userEvent.click(within(mastering).getAllByRole('button', { name: 'Hide' })[0]!);
    await userEvent.click(within(unnamed).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(unnamed).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() =>
      expect(sent).toEqual([
        ['POST', '/api/tracks/7/guest-comments', { parentId: 1, content: 'On it' }],
        ['PATCH', '/api/tracks/7/guest-comments/1', { hidden: true }],
        ['DELETE', '/api/tracks/7/guest-comments/3', null],
      ]),
    );
  });

  it('shows nothing when no guest commented', async () => {
    const fetch = mockFetch({ 'GET /api/tracks/7/guest-comments': () => json([]) });
    renderWithProviders(<OwnerGuestComments track={track} />);
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/7/guest-comments')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Guests' })).toBeNull();
  });
});
