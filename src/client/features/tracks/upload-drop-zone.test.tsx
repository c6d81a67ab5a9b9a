import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { useTracks } from '../../entities/track/use-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { PENDING_ROWS_SHOWN, UploadDropZone } from './upload-drop-zone';
import { trackNameOf } from './use-track-upload';

const audioFile = (name: string, type = 'audio/wav') =>
  new File([new Uint8Array([1, 2, 3])], name, { type, lastModified: Date.UTC(2024, 0, 2, 3, 4, 5) });

const input = () => screen.getByTestId('track-file-input') as HTMLInputElement;

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('UploadDropZone', () => {
  it('offers the drop zone and a hidden multi-file audio input', () => {
    renderWithProviders(<UploadDropZone />);
    expect(screen.getByText('Drop your tracks here')).toBeTruthy();
    expect(screen.getByText('Supports MP3, WAV, M4A formats, multiple files')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeTruthy();
    expect(input().multiple).toBe(true);
    expect(input().accept).toBe('audio/*');
    expect(input().hidden).toBe(true);
  });

  it('one file: a progress bar, then the spec toast, and the track lists refresh', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    const { queryClient } = renderWithProviders(<UploadDropZone />);
    queryClient.setQueryData(['/api/tracks', { sort: 'dateUploaded' }], []);
    fireEvent.change(input(), { target: { files: [audioFile('Take One.wav')] } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.headers['x-csrf-token']).toBe('tok');
    const form = xhr.body as FormData;
    expect(form.get('name')).toBe('Take One');
    expect(form.get('fileCreatedAt')).toBe('2024-01-02T03:04:05.000Z');
    expect((form.get('audio') as File).name).toBe('Take One.wav');

    xhr.progress(40);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading Take One.wav' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));

    xhr.respond(201, { id: 1 });
    expect(await screen.findByText('Track uploaded')).toBeTruthy();
    expect(screen.getByText('Your track has been uploaded successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    // The track lists are marked for a refresh (screens showing them refetch at once).
    expect(queryClient.getQueryState(['/api/tracks', { sort: 'dateUploaded' }])?.isInvalidated).toBe(true);
    // One file makes no batch summary.
    expect(screen.queryByRole('region', { name: 'Upload summary' })).toBeNull();
  });

  it('a file landing while the journal is still being read first shows in the list: the read is made again', async () => {
    // CI, stop 50: a story dropped a file as the journal opened; the upload answered while the
    // first read of the list was still under way, the refresh joined that read, and the row never came.
    const take = { id: 9, name: 'Take Nine', createdAt: '2026-11-29T10:00:00.000Z' } as Track;
    let answerFirstRead: (res: Response) => void = () => {};
    let reads = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
      'GET /api/tracks': () => {
        reads += 1;
        return reads === 1 ? new Promise<Response>((resolve) => (answerFirstRead = resolve)) : json([take]);
      },
    });
    function TrackNames() {
      const { data } = useTracks('dateUploaded');
      return <output aria-label="Tracks">{data?.map((t) => t.name).join(', ') ?? 'loading'}</output>;
    }
    renderWithProviders(
      <>
        <UploadDropZone />
        <TrackNames />
      </>,
    );
    await waitFor(() => expect(callsTo(fetchMock, '/api/tracks')).toHaveLength(1));
    fireEvent.change(input(), { target: { files: [audioFile('Take Nine.wav')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    (FakeXhr.sent[0] as FakeXhr).respond(201, { id: 9 });
    expect(await screen.findByText('Track uploaded')).toBeTruthy();
    // The first read answers now, from before the upload.
    answerFirstRead(json([]));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Tracks' }).textContent).toBe('Take Nine'));
    expect(callsTo(fetchMock, '/api/tracks')).toHaveLength(2);
  });

  it('the same content again (decision 0144): asks, Keep both sends it again to keep, Cancel drops it', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    expect(screen.getByTestId('upload-private-note').textContent).toMatch(/New tracks are private/);
    const duplicate = {
      statusCode: 409,
      error: 'Conflict',
      message: 'You already have \u201cTake One\u201d',
      duplicateOf: { id: 7, name: 'Take One' },
    };
    fireEvent.change(input(), { target: { files: [audioFile('Take One.wav')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0] as FakeXhr).url).toBe('/api/tracks?duplicate=ask');
    (FakeXhr.sent[0] as FakeXhr).respond(409, duplicate);
    // The dialog's chunk loads on first use (lazyDialog): allow for a slow machine.
    const ask = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(within(ask).getByRole('heading').textContent).toBe('You already have \u201cTake One\u201d');
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect((FakeXhr.sent[1] as FakeXhr).url).toBe('/api/tracks?duplicate=keep');
    (FakeXhr.sent[1] as FakeXhr).respond(201, { id: 8 });
    expect(await screen.findByText('Track uploaded')).toBeTruthy();

    fireEvent.change(input(), { target: { files: [audioFile('Take One.wav')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    (FakeXhr.sent[2] as FakeXhr).respond(409, duplicate);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(FakeXhr.sent).toHaveLength(3);
  });

  it('one file refused: the spec toast carries the server message', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    fireEvent.change(input(), { target: { files: [audioFile('big.wav')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    (FakeXhr.sent[0] as FakeXhr).respond(413, {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large: the limit is 1 GiB',
    });
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('File is too large: the limit is 1 GiB')).toBeTruthy();
  });

  it('a batch keeps every failure and its reason listed until dismissed, with a bar per file meanwhile', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    // userEvent.upload would drop the PDF itself because of accept="audio/*"; a drop does not filter.
    fireEvent.change(input(), {
      target: {
        files: [
          audioFile('notes.pdf', 'application/pdf'),
          audioFile('a.wav'),
          audioFile('b.mp3', 'audio/mpeg'),
          audioFile('c.flac', 'audio/flac'),
        ],
      },
    });
    // The spec's toast for a skipped file still shows.
    expect(await screen.findByText('notes.pdf is not an audio file')).toBeTruthy();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    const [a, b, c] = FakeXhr.sent as [FakeXhr, FakeXhr, FakeXhr];
    for (const name of ['a.wav', 'b.mp3', 'c.flac'])
      expect(screen.getByRole('progressbar', { name: `Uploading ${name}` })).toBeTruthy();

    const summary = await screen.findByRole('region', { name: 'Upload summary' });
    expect(within(summary).getByRole('status').textContent).toBe('0 of 4 uploaded · 3 in progress');

    // The first failure, then a success, then the second failure: the first must survive the rest.
    a.respond(413, {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large: the limit is 1 GiB',
    });
    await waitFor(() => expect(within(summary).getByRole('status').textContent).toContain('2 in progress'));
    b.respond(201, { id: 2 });
    c.respond(415, {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'This file is not audio we can read',
    });
    expect(await screen.findByText('Uploads finished')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    expect(within(summary).getByRole('status').textContent).toBe('1 of 4 uploaded');
    const failures = within(summary).getByRole('list', { name: 'Failed uploads' });
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'notes.pdf: Not an audio file',
      'a.wav: File is too large: the limit is 1 GiB',
      'c.flac: This file is not audio we can read',
    ]);
    // Successes are folded away under a count.
    expect(within(summary).getByText('1 uploaded')).toBeTruthy();
    expect(within(summary).getByRole('list', { name: 'Uploaded files', hidden: true }).textContent).toBe(
      'b.mp3',
    );

    // A later single upload's toast does not take the summary away.
    fireEvent.change(input(), { target: { files: [audioFile('d.wav')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));
    (FakeXhr.sent[3] as FakeXhr).respond(201, { id: 4 });
    expect(await screen.findByText('Track uploaded')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Upload summary' })).toBe(summary);
    expect(within(summary).getByRole('list', { name: 'Failed uploads' }).textContent).toContain(
      'a.wav: File is too large: the limit is 1 GiB',
    );

    await userEvent.click(within(summary).getByRole('button', { name: 'Dismiss upload summary' }));
    expect(screen.queryByRole('region', { name: 'Upload summary' })).toBeNull();
  });

  it('a dropped folder: rows for the files going up now and the next ones, the rest a count', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    const names = Array.from({ length: PENDING_ROWS_SHOWN + 5 }, (_, i) => `take-${i + 1}.wav`);
    fireEvent.change(input(), { target: { files: names.map((name) => audioFile(name)) } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    const list = screen.getByRole('list', { name: 'Uploads' });
    const bars = () =>
      within(list)
        .getAllByRole('progressbar')
        .map((bar) => bar.getAttribute('aria-label'));
    expect(bars()).toEqual(names.slice(0, PENDING_ROWS_SHOWN).map((name) => `Uploading ${name}`));
    expect(within(list).getByText('5 more queued')).toBeTruthy();

    (FakeXhr.sent[0] as FakeXhr).respond(201, { id: 1 });
    await waitFor(() => expect(within(list).getByText('4 more queued')).toBeTruthy());
    expect(bars()).toEqual(names.slice(1, PENDING_ROWS_SHOWN + 1).map((name) => `Uploading ${name}`));

    // The rest answered in turn (the tab's pool is shared with the next test), and the count goes.
    for (let i = 1; i < names.length; i++) {
      await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(i));
      (FakeXhr.sent[i] as FakeXhr).respond(201, { id: i + 1 });
    }
    expect(await screen.findByText(`${names.length} of ${names.length} uploaded.`)).toBeTruthy();
    expect(screen.queryByText(/more queued/)).toBeNull();
  });

  it('uploads dropped files and falls back to "Failed to upload track"', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    renderWithProviders(<UploadDropZone />);
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), {
      dataTransfer: { files: [audioFile('drop.m4a', 'audio/mp4')] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    xhr.status = 500;
    xhr.responseText = '<html>proxy error</html>';
    xhr.respond(500, undefined);
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload track')).toBeTruthy();
  });

  it('names a track after its file without the extension', () => {
    expect(trackNameOf('Morning Take.final.wav')).toBe('Morning Take.final');
    expect(trackNameOf('.hidden')).toBe('.hidden');
    expect(trackNameOf('noext')).toBe('noext');
  });
});
