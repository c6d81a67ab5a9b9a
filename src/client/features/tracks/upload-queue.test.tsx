import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOADS_AT_ONCE } from '../../../shared/constants';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { UploadDropZone } from './upload-drop-zone';
import { createTaskPool } from './upload-queue';

// Issue 22 (decision 0252): a drop of many files sends a few at a time, within the server's cap
// per person, and the server's "not now" (429 + Retry-After) is waited out, not shown as a failure.

const audioFile = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'audio/wav' });
const input = () => screen.getByTestId('track-file-input') as HTMLInputElement;
const sent = () => FakeXhr.sent as FakeXhr[];
const fileOf = (xhr: FakeXhr) => ((xhr.body as FormData).get('audio') as File).name;
const BUSY = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many uploads at once: at most 4 of yours can be received at the same time.',
};

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
});

describe('the track upload queue', () => {
  it('keeps the client pool within the server cap', () => {
    expect(UPLOADS_AT_ONCE.trackQueue).toBeGreaterThan(0);
    expect(UPLOADS_AT_ONCE.trackQueue).toBeLessThanOrEqual(UPLOADS_AT_ONCE.perPerson);
  });

  it(`sends ${UPLOADS_AT_ONCE.trackQueue} files at a time; each answer lets the next one go, in order`, async () => {
    renderWithProviders(<UploadDropZone />);
    const names = ['1.wav', '2.wav', '3.wav', '4.wav', '5.wav', '6.wav', '7.wav'];
    fireEvent.change(input(), { target: { files: names.map(audioFile) } });
    await waitFor(() => expect(sent()).toHaveLength(UPLOADS_AT_ONCE.trackQueue));
    // Every file has its bar at once; the waiting ones stay at 0.
    for (const name of names)
      expect(screen.getByRole('progressbar', { name: `Uploading ${name}` })).toBeTruthy();
    expect(sent().map(fileOf)).toEqual(['1.wav', '2.wav', '3.wav']);

    sent()[1]!.respond(201, { id: 2 });
    await waitFor(() => expect(sent()).toHaveLength(4));
    expect(fileOf(sent()[3]!)).toBe('4.wav');
    // A failure frees its place just the same.
    sent()[0]!.respond(415, {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: '1.wav is not an audio file',
    });
    await waitFor(() => expect(sent()).toHaveLength(5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Never more than the pool in flight: two answered, so five sent and no more.
    expect(sent()).toHaveLength(5);

    for (let i = 2; i < names.length; i++) {
      await waitFor(() => expect(sent().length).toBeGreaterThan(i));
      sent()[i]!.respond(201, { id: i + 1 });
    }
    expect(await screen.findByText('Uploads finished')).toBeTruthy();
    expect(screen.getByText('6 of 7 uploaded.')).toBeTruthy();
    expect(sent()).toHaveLength(names.length);
  });

  it('waits out a 429 for its Retry-After and sends the file again, with no failure shown', async () => {
    renderWithProviders(<UploadDropZone />);
    fireEvent.change(input(), { target: { files: [audioFile('a.wav'), audioFile('b.wav')] } });
    await waitFor(() => expect(sent()).toHaveLength(2));
    sent()[0]!.progress(30);
    sent()[0]!.respond(429, BUSY, { 'retry-after': '1' });
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.wav' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('0'), { timeout: 3000 });
    // Sent again, the same file, after about a second.
    await waitFor(() => expect(sent()).toHaveLength(3), { timeout: 3000 });
    expect(fileOf(sent()[2]!)).toBe('a.wav');
    const summary = screen.getByRole('region', { name: 'Upload summary' });
    expect(within(summary).queryByRole('list', { name: 'Failed uploads' })).toBeNull();

    sent()[1]!.respond(201, { id: 2 });
    sent()[2]!.respond(201, { id: 1 });
    // Found, not got: the toast of the story before may still be on its way out.
    expect(await screen.findByText('2 of 2 uploaded.')).toBeTruthy();
    expect(screen.getByText('Uploads finished')).toBeTruthy();
  });

  it('shows a 429 that says nothing of when to try again as the failure it is', async () => {
    renderWithProviders(<UploadDropZone />);
    fireEvent.change(input(), { target: { files: [audioFile('c.wav')] } });
    await waitFor(() => expect(sent()).toHaveLength(1));
    sent()[0]!.respond(429, BUSY);
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText(BUSY.message)).toBeTruthy();
  });
});

describe('createTaskPool', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const pool = createTaskPool(2);
    let running = 0;
    let most = 0;
    const task = async (i: number) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (i % 3)));
      running -= 1;
      if (i === 3) throw new Error('task 3 failed');
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => pool.run(() => task(i))));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      0,
      1,
      2,
      'failed',
      4,
      5,
      6,
      7,
    ]);
  });
});
