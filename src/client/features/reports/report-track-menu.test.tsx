import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { JournalPage } from '../tracks/journal-page';

// Decision 0455: "Report…" in a track's "…" menu, for someone else's track only.

beforeEach(() => resetCsrfToken());

const openMenu = async (userId: string) => {
  let body: unknown;
  mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/auth/user': () => json(testUser),
    'GET /api/tracks': () => json([makeTrack({ id: 7, name: 'Harbour Lights', userId })]),
    'POST /api/reports': (init) => {
      body = JSON.parse(String(init?.body));
      return json({ id: 1, createdAt: '2026-01-01T00:00:00Z' }, 201);
    },
  });
  renderWithProviders(<JournalPage />);
  await screen.findByText('Harbour Lights');
  await userEvent.click(screen.getByRole('button', { name: 'More options' }));
  await screen.findByRole('menuitem', { name: 'Play next' });
  return () => body;
};

describe('Report… in the track menu', () => {
  it('reports someone else’s track', async () => {
    const sent = await openMenu('someone-else');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this track' });
    await userEvent.click(screen.getByRole('radio', { name: 'Copyright infringement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent()).toEqual({ target: { kind: 'track', id: 7 }, reason: 'copyright' }));
    expect(await screen.findByText('Report received')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('is not offered for one’s own track', async () => {
    await openMenu(testUser.id);
    expect(screen.queryByRole('menuitem', { name: 'Report…' })).toBeNull();
  });
});
