import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { UploadDropZone } from './upload-drop-zone';

// "You already have this take" in the upload summary (issue 47, decision 0834).
const audioFile = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'audio/wav' });
const input = () => screen.getByTestId('track-file-input') as HTMLInputElement;
const harbour = { id: 7, name: 'Harbour', similarity: 0.934 };

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

/** Uploads one file whose reply names Harbour; resolves with the summary's "sounds like" line. */
async function uploadSoundingLikeHarbour() {
  fireEvent.change(input(), { target: { files: [audioFile('Harbour again.wav')] } });
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  (FakeXhr.sent[0] as FakeXhr).respond(201, { id: 12, name: 'Harbour again', similarTracks: [harbour] });
  const list = await screen.findByRole('list', { name: 'Uploads that sound like your takes' });
  return within(list).getByRole('listitem');
}

describe('an upload that sounds like one of your takes', () => {
  it('says so with the similarity, and stacks it as a new version in one click', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
      'POST /api/tracks/12/stack': () => json({ id: 7, name: 'Harbour', version: 2 }),
    });
    renderWithProviders(<UploadDropZone />);
    const item = await uploadSoundingLikeHarbour();
    expect(item.textContent).toContain('Harbour again.wav');
    expect(item.textContent).toContain('Sounds like \u201cHarbour\u201d (93\u00a0%)');

    await userEvent.click(
      within(item).getByRole('button', { name: 'Stack as a new version of \u201cHarbour\u201d' }),
    );
    const [call] = callsTo(fetchMock, '/api/tracks/12/stack');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ontoTrackId: 7 });
    expect(await screen.findByText('Stacked as a new version of \u201cHarbour\u201d')).toBeTruthy();
    // Answered: the one-file summary goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upload summary' })).toBeNull());
  });

  it('Discard deletes the upload', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
      'DELETE /api/tracks/12': () => json({ success: true }),
    });
    renderWithProviders(<UploadDropZone />);
    const item = await uploadSoundingLikeHarbour();
    await userEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/tracks/12')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/tracks/12')[0]?.[1]?.method).toBe('DELETE');
    expect(await screen.findByText('Discarded \u201cHarbour again.wav\u201d')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upload summary' })).toBeNull());
  });

  it('Keep both leaves both tracks: nothing is sent, the line goes', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    const item = await uploadSoundingLikeHarbour();
    await userEvent.click(within(item).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upload summary' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual([]);
  });

  it('a failed stack says why and keeps the line, to try again', async () => {
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
      'POST /api/tracks/12/stack': () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Track not found' }, 404),
    });
    renderWithProviders(<UploadDropZone />);
    const item = await uploadSoundingLikeHarbour();
    await userEvent.click(within(item).getByRole('button', { name: /Stack as a new version/ }));
    expect(await screen.findByText('Track not found')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Uploads that sound like your takes' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Keep both' })).toHaveProperty('disabled', false);
  });

  it('in a batch, only the uploads that sound like a take get a line; no line without similarTracks', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    fireEvent.change(input(), {
      target: { files: [audioFile('New idea.wav'), audioFile('Harbour again.wav')] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent as FakeXhr[];
    first!.respond(201, { id: 11, name: 'New idea', similarTracks: [] });
    second!.respond(201, { id: 12, name: 'Harbour again', similarTracks: [harbour] });
    const list = await screen.findByRole('list', { name: 'Uploads that sound like your takes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Harbour again.wav')]);
    await userEvent.click(within(list).getByRole('button', { name: 'Keep both' }));
    // The batch's summary stays (it lists the batch); only the line went.
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Uploads that sound like your takes' })).toBeNull(),
    );
    expect(screen.getByRole('region', { name: 'Upload summary' }).textContent).toContain('2 of 2 uploaded');
  });
});
