import type { ShareLink } from '../../../shared/schemas/shares';
import { callsTo, type mockFetch } from '../../test/mock-fetch';

// Test data for the Share… dialog's tests (imported by tests only).

/** The moment the tests stand at (Date is faked to it). */
export const NOW = new Date('2026-06-01T12:00:00.000Z');
export const DAY = 24 * 60 * 60 * 1000;

export function shareLink(id: number, extra: Partial<ShareLink> = {}): ShareLink {
  const token = `tok${String(id).padStart(40, '0')}`;
  return {
    id,
    url: `https://journal.example/s/${token}`,
    token,
    trackId: 5,
    playlistId: null,
    itemName: 'Tape Loop',
    expiresAt: new Date(NOW.getTime() + 6 * DAY).toISOString(),
    expired: false,
    allowDownload: false,
    allowVersions: false,
    description: null,
    visits: 0,
    kind: 'listen',
    hasPassword: false,
    recipient: null,
    commentsClosed: false,
    maxFiles: null,
    maxBytes: null,
    received: null,
    createdAt: new Date(NOW.getTime() - DAY).toISOString(),
    ...extra,
  };
}

/** The JSON bodies sent with `method` to `path`. */
export function bodiesSent(fetch: ReturnType<typeof mockFetch>, method: string, path: string) {
  return callsTo(fetch, path)
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown>);
}
