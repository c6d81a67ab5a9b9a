import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkTrackBody } from '../../../shared/schemas/track-bulk';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { useBulkTrackActions } from './use-bulk-track-actions';

function Harness({ body, archive = [] }: { body: BulkTrackBody; archive?: number[] }) {
  const { act, downloadArchive } = useBulkTrackActions();
  return (
    <>
      <button type="button" onClick={() => act.mutate(body)}>
        Act
      </button>
      <button type="button" onClick={() => downloadArchive.mutate(archive)}>
        Zip
      </button>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useBulkTrackActions', () => {
  it('sends one bulk request, says how many tracks changed and marks the journal stale', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'token' }),
      'POST /api/tracks/bulk': () => json({ updated: 2 }),
      'GET /api/tracks': () => json([]),
    });
    const { queryClient } = renderWithProviders(<Harness body={{ ids: [1, 2, 3], action: 'delete' }} />, {
      seed: [[['/api/tracks'], []]],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText('2 tracks deleted')).toBeTruthy();
    const [call] = callsTo(fetch, '/api/tracks/bulk');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ids: [1, 2, 3], action: 'delete' });
    expect((call![1]!.headers as Record<string, string>)['x-csrf-token']).toBe('token');
    expect(queryClient.getQueryState(['/api/tracks'])?.isInvalidated).toBe(true);
  });

  it('says nothing was changed, with the server’s reason, when the request is refused', async () => {
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'token' }),
      'POST /api/tracks/bulk': () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Track not found' }, 404),
    });
    renderWithProviders(<Harness body={{ ids: [1], action: 'setVisibility', visibility: 'public' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText('Nothing was changed')).toBeTruthy();
    expect(screen.getByText('Track not found')).toBeTruthy();
  });

  it('saves the archive under its name where no save picker exists', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'token' }),
      'POST /api/tracks/archive': () =>
        new Response(new Uint8Array([0x50, 0x4b]), { headers: { 'Content-Type': 'application/zip' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('journal-tracks.zip');
      expect(this.href).toBe('blob:zip');
    });
    renderWithProviders(<Harness body={{ ids: [1], action: 'delete' }} archive={[4, 5]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zip' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [call] = callsTo(fetch, '/api/tracks/archive');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ids: [4, 5] });
    click.mockRestore();
  });
});
