import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { InboxPanel } from './inbox-panel';
import { NOTIFICATIONS_KEY } from './use-notifications';

// The leak alert (issue 45, decision 0725): its entry offers Revoke; once revoked it says so.

const leak = (over: Partial<Notification> = {}): Notification => ({
  id: 9,
  kind: 'share_leak',
  actor: null,
  collective: null,
  playlistId: null,
  playlistName: null,
  playlistAvailable: null,
  track: { id: 5, name: 'Tape Loop' },
  commentId: null,
  playlistCommentId: null,
  excerpt: null,
  atSeconds: null,
  trackVersion: null,
  answeredCount: null,
  exportId: null,
  notice: null,
  shareId: 12,
  url: '/track/5',
  read: false,
  createdAt: '2026-06-01T10:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('InboxPanel: a link that may have leaked', () => {
  it('offers Revoke, which deletes the link; the entry then says revoked', async () => {
    let revoked = false;
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'DELETE /api/shares/12': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/notifications': () => json({ items: [leak(revoked ? { shareId: null } : {})], unread: 1 }),
    });
    renderWithProviders(<InboxPanel open onNavigate={() => {}} />, {
      seed: [[NOTIFICATIONS_KEY, { items: [leak()], unread: 1 }]],
    });
    expect(screen.getByTestId('notification').textContent).toContain(
      'This link may have leaked: your link to “Tape Loop” passed 100 listeners in 48 hours',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain(
        'passed 100 listeners in 48 hours — revoked',
      ),
    );
    expect(callsTo(fetch, '/api/shares/12').map(([, init]) => init?.method)).toEqual(['DELETE']);
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
