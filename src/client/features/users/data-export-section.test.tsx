import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserExport } from '../../../shared/schemas/exports';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { DataExportSection } from './data-export-section';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const base: UserExport = {
  id: '6f1c9a8e-2b1d-4c1e-9a55-1c2f3b4d5e6f',
  state: 'queued',
  createdAt: '2026-11-26T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  size: null,
  error: null,
  downloadUrl: null,
};
const ready: UserExport = {
  ...base,
  state: 'ready',
  readyAt: '2026-11-26T10:01:00.000Z',
  expiresAt: '2026-12-03T10:01:00.000Z',
  size: 3 * 1024 * 1024,
  downloadUrl: `/api/user/export/${base.id}`,
};

describe('DataExportSection', () => {
  it('asks for an export (with the CSRF token), then shows it being prepared', async () => {
    let list: UserExport[] = [];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/exports': () => json(list),
      'GET /api/user/security-events': () => json([]),
      'POST /api/user/export': () => {
        list = [base];
        return json({ id: base.id, state: 'queued' }, 202);
      },
    });
    renderWithProviders(<DataExportSection />, { path: '/profile' });
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeTruthy();
    expect(await screen.findByText('No export yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('status')).textContent).toContain('Preparing your data');
    const [, init] = callsTo(fetch, '/api/user/export')[0]!;
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('t');
    // One at a time: nothing to press while it is prepared.
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
  });

  it('a ready export is a download link with its size and expiry', async () => {
    mockFetch({ 'GET /api/user/exports': () => json([ready]) });
    renderWithProviders(<DataExportSection />, { path: '/profile' });
    const link = await screen.findByRole('link', { name: /Download \(3(\.0)? MB\)/ });
    expect(link.getAttribute('href')).toBe(`/api/user/export/${base.id}`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/Available until .*2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeTruthy();
  });

  it('a failed export says why and offers to try again', async () => {
    let list: UserExport[] = [
      { ...base, state: 'failed', error: 'The export could not be made. Please try again.' },
    ];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/exports': () => json(list),
      'GET /api/user/security-events': () => json([]),
      'POST /api/user/export': () => {
        list = [{ ...base, id: 'b0b0b0b0-2b1d-4c1e-9a55-1c2f3b4d5e6f' }];
        return json({ id: list[0]!.id, state: 'queued' }, 202);
      },
    });
    renderWithProviders(<DataExportSection />, { path: '/profile' });
    expect(await screen.findByText('The export could not be made. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(fetch, '/api/user/export')).toHaveLength(1));
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it('a 409 shows its message', async () => {
    mockFetch({
      ...csrf,
      'GET /api/user/exports': () => json([]),
      'GET /api/user/security-events': () => json([]),
      'POST /api/user/export': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            message:
              'An export of your data is already being prepared; you will be notified when it is ready',
          },
          409,
        ),
    });
    renderWithProviders(<DataExportSection />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/already being prepared/)).toBeTruthy();
  });
});
