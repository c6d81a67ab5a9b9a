import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { UploadDropZone } from './upload-drop-zone';
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

  it('skips files that are not audio with a toast and uploads the rest with a progress bar each', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
    const { queryClient } = renderWithProviders(<UploadDropZone />);
    queryClient.setQueryData(['/api/tracks', { sort: 'dateUploaded' }], []);
    // userEvent.upload would drop the PDF itself because of accept="audio/*"; a drop does not filter.
    fireEvent.change(input(), {
      target: {
        files: [
          audioFile('notes.pdf', 'application/pdf'),
          audioFile('Take One.wav'),
          audioFile('b.mp3', 'audio/mpeg'),
        ],
      },
    });

    expect(await screen.findByText('notes.pdf is not an audio file')).toBeTruthy();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(first.headers['x-csrf-token']).toBe('tok');
    const form = first.body as FormData;
    expect(form.get('name')).toBe('Take One');
    expect(form.get('fileCreatedAt')).toBe('2024-01-02T03:04:05.000Z');
    expect((form.get('audio') as File).name).toBe('Take One.wav');

    first.progress(40);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading Take One.wav' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByRole('progressbar', { name: 'Uploading b.mp3' })).toBeTruthy();

    first.respond(201, { id: 1 });
    expect(await screen.findByText('Track uploaded')).toBeTruthy();
    expect(screen.getByText('Your track has been uploaded successfully.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Uploading Take One.wav' })).toBeNull(),
    );
    // The track lists are marked for a refresh (screens showing them refetch at once).
    expect(queryClient.getQueryState(['/api/tracks', { sort: 'dateUploaded' }])?.isInvalidated).toBe(true);

    second.respond(413, {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large: the limit is 1 GiB',
    });
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('File is too large: the limit is 1 GiB')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
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
