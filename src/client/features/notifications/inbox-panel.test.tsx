import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationPreferences } from '../../../shared/schemas/notifications';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { InboxPanel } from './inbox-panel';
import { NOTIFICATION_PREFERENCES_KEY, NOTIFICATIONS_KEY } from './use-notifications';

const fan = {
  id: 'u-fan',
  username: 'fan.one',
  firstName: 'Fan',
  lastName: 'One',
  avatarUrl: null,
  updatedAt: '2024-05-01T00:00:00.000Z',
};

/** An entry about a comment on the reader's playlist "Night Set" in the collective Crew. */
const entry = (over: Partial<Notification> = {}): Notification => ({
  id: 1,
  kind: 'playlist_comment',
  actor: fan,
  collective: { id: 4, name: 'Crew' },
  playlistId: 7,
  playlistName: 'Night Set',
  playlistAvailable: true,
  track: null,
  commentId: null,
  playlistCommentId: 31,
  excerpt: 'Lovely transitions',
  atSeconds: null,
  trackVersion: null,
  answeredCount: null,
  exportId: null,
  notice: null,
  shareId: null,
  url: '/collective/4/playlist/7',
  read: false,
  createdAt: '2024-05-01T10:00:00.000Z',
  ...over,
});

const prefs: NotificationPreferences = {
  comment: true,
  reply: true,
  mention: true,
  share: true,
  join: true,
  new_version: true,
  playlist_comment: true,
  guest_comment: true,
  guest_upload: true,
  version_answers: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('InboxPanel: comments on your playlists (decision 0300)', () => {
  it('says who commented on which playlist, and a click marks it read and opens the playlist', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/notifications/read': () => json({ items: [entry({ read: true })], unread: 0 }),
    });
    const mention = entry({ id: 2, kind: 'mention', playlistCommentId: 32, excerpt: '@ada listen' });
    const { location } = renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [mention, entry()], unread: 2 }]],
    });
    const [first, second] = screen.getAllByTestId('notification');
    expect(first!.textContent).toContain('fan.one mentioned you on the playlist “Night Set” in Crew');
    expect(second!.textContent).toContain('fan.one commented on your playlist “Night Set” in Crew');
    expect(second!.textContent).toContain('Lovely transitions');

    await userEvent.click(second!);
    expect(location.history?.at(-1)).toBe('/collective/4/playlist/7');
    await waitFor(() => expect(callsTo(fetch, '/api/notifications/read')).toHaveLength(1));
    const [, init] = callsTo(fetch, '/api/notifications/read')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ ids: [1] });
  });

  it('says a new version answers the reader’s comments, and opens the comparison (issue 44)', async () => {
    const answers = (id: number, count: number) =>
      entry({
        id,
        kind: 'version_answers',
        track: { id: 9, name: 'Night Bus' },
        playlistCommentId: null,
        excerpt: 'Hats too loud',
        commentId: 40,
        atSeconds: 1.8,
        trackVersion: 3,
        answeredCount: count,
        url: '/collective/4/playlist/7?track=9&compare=3,2&t=1.8&comment=40',
      });
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/notifications/read': () => json({ items: [], unread: 0 }),
    });
    const { location } = renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [answers(1, 2), answers(2, 1)], unread: 2 }]],
    });
    const [many, one] = screen.getAllByTestId('notification');
    expect(many!.textContent).toContain('v3 of “Night Bus” answers your 2 comments in Crew');
    expect(one!.textContent).toContain('v3 of “Night Bus” answers your comment in Crew');
    await userEvent.click(many!);
    expect(location.history?.at(-1)).toBe('/collective/4/playlist/7?track=9&compare=3,2&t=1.8&comment=40');
  });

  it('tells the person their data export is ready (decision 0415)', () => {
    const ready = entry({
      kind: 'export_ready',
      actor: null,
      collective: null,
      playlistId: null,
      playlistName: null,
      playlistCommentId: null,
      excerpt: null,
      exportId: 'e1',
      url: '/api/user/export/e1',
    });
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [ready], unread: 1 }]],
    });
    expect(screen.getByTestId('notification').textContent).toContain('Your data export is ready — Download');
  });

  it('shows a moderator’s notice in its own words (decision 0455)', () => {
    const notice = 'Your comment “buy now” was hidden by a moderator after spam. Only you can still see it.';
    const hidden = entry({ kind: 'content_hidden', actor: null, notice });
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [hidden], unread: 1 }]],
    });
    expect(screen.getByTestId('notification').textContent).toContain(notice);
  });

  it('tells a reporter what became of their report, in one entry (decision 0580)', () => {
    const hidden = entry({
      id: 31,
      kind: 'report_reviewed',
      actor: null,
      collective: null,
      notice: 'Your report was reviewed: the comment was hidden',
      url: '/',
    });
    const dismissed = entry({
      id: 32,
      kind: 'report_reviewed',
      actor: null,
      collective: null,
      notice: 'Your report was reviewed: no action was taken',
      url: '/',
    });
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [hidden, dismissed], unread: 2 }]],
    });
    const [first, second] = screen.getAllByTestId('notification');
    expect(first?.textContent).toContain('Your report was reviewed: the comment was hidden');
    expect(second?.textContent).toContain('Your report was reviewed: no action was taken');
  });

  it('still reads well without the playlist’s name', () => {
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [entry({ playlistName: null, collective: null })], unread: 1 }]],
    });
    expect(screen.getByTestId('notification').textContent).toContain('fan.one commented on your playlist');
    expect(screen.getByTestId('notification').textContent).not.toContain('“');
  });

  it('says when the playlist is no longer shared with the reader, naming nothing of it (issue 41)', () => {
    const gone = entry({
      kind: 'share',
      playlistName: null,
      playlistAvailable: false,
      playlistCommentId: null,
      excerpt: null,
      url: '/collective/4',
    });
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [gone], unread: 1 }]],
    });
    expect(screen.getByTestId('notification').textContent).toContain(
      'fan.one shared a playlist in Crew (no longer shared)',
    );
  });

  it('has a "Comments on your playlists" switch that turns the kind off', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PATCH /api/notifications/preferences': () => json({ ...prefs, playlist_comment: false }),
    });
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [
        [NOTIFICATIONS_KEY, { items: [], unread: 0 }],
        [NOTIFICATION_PREFERENCES_KEY, prefs],
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notification settings' }));
    const settings = screen.getByRole('region', { name: 'Notification settings' });
    const toggle = within(settings).getByRole('switch', { name: 'Comments on your playlists' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    const [, init] = callsTo(fetch, '/api/notifications/preferences')[0]!;
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ playlist_comment: false });
  });
});
