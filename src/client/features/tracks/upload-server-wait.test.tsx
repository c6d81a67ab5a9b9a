import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { FakeXhr } from '../../test/fake-xhr';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { UploadDropZone } from './upload-drop-zone';
import { createServerPause, sendWhenNotBusy } from './upload-queue';
import { UploadServerWait } from './upload-server-wait';
import { REFRESH_EVERY_MS } from './use-track-upload';

// Issue 42, item 3 (decision 0565): a folder drop stalled on 429s with nothing said, three files at
// 0 % for about 50 s. Now the whole queue waits out the server's Retry-After, says so, counting
// down, and resumes by itself; no file sits at a bare 0 %.

const audioFile = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'audio/wav' });
const sent = () => FakeXhr.sent as FakeXhr[];
const fileOf = (xhr: FakeXhr) => ((xhr.body as FormData).get('audio') as File).name;
const RATE = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many uploads: at most 600 a minute. Try again in 12 s.',
};
/** Lets timers due by then fire and promises settle, inside act (React state updates). */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const labelOf = (name: string) =>
  screen.getByText(name, { selector: 'span' }).nextElementSibling?.textContent ?? '';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the upload queue when the server says 429', () => {
  it('says "Waiting for the server: resumes in 12 s", counts down, sends nothing meanwhile, then resumes by itself', async () => {
    renderWithProviders(<UploadDropZone />);
    const names = ['1.wav', '2.wav', '3.wav', '4.wav', '5.wav'];
    fireEvent.change(screen.getByTestId('track-file-input'), { target: { files: names.map(audioFile) } });
    await advance(0);
    expect(sent().map(fileOf)).toEqual(['1.wav', '2.wav', '3.wav']);
    // Files without a place yet say so, not "0%".
    expect(labelOf('4.wav')).toBe('Queued');
    expect(screen.queryByRole('timer')).toBeNull();

    sent()[0]!.respond(429, RATE, { 'retry-after': '12' });
    await advance(0);
    expect(screen.getByRole('timer').textContent).toBe('Waiting for the server: resumes in 12 s');
    expect(labelOf('1.wav')).toBe('Waiting');

    // Another file answered meanwhile frees a place, but the queue holds: the server said wait.
    sent()[1]!.respond(201, { id: 2 });
    await advance(1000);
    expect(screen.getByRole('timer').textContent).toBe('Waiting for the server: resumes in 11 s');
    await advance(5000);
    expect(screen.getByRole('timer').textContent).toBe('Waiting for the server: resumes in 6 s');
    expect(sent()).toHaveLength(3);

    // Twelve seconds after the answer: the notice goes, 1.wav is sent again and 4.wav takes the place.
    await advance(6000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(sent().slice(3).map(fileOf)).toEqual(['1.wav', '4.wav']);
    expect(labelOf('1.wav')).toBe('0%');

    for (let i = 2; i < 10 && sent().length < 6; i++) {
      for (const xhr of sent()) if (xhr.status === 0) xhr.respond(201, { id: 1 });
      await advance(0);
    }
    for (const xhr of sent()) if (xhr.status === 0) xhr.respond(201, { id: 1 });
    await advance(0);
    expect(screen.getByText('5 of 5 uploaded.')).toBeTruthy();
  });
});

describe('the track lists while a drop lands', () => {
  it('are read again at once after the first file, then at most every REFRESH_EVERY_MS, and after the last', async () => {
    const { queryClient } = renderWithProviders(<UploadDropZone />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const trackReads = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === '/api/tracks').length;
    const names = Array.from({ length: 12 }, (_, i) => `${i}.wav`);
    fireEvent.change(screen.getByTestId('track-file-input'), { target: { files: names.map(audioFile) } });
    await advance(0);
    // Twelve files land within a second and a half: one read at once, one when the two seconds end.
    for (let i = 0; i < names.length; i++) {
      sent()[i]!.respond(201, { id: i + 1 });
      await advance(120);
    }
    expect(screen.getByText('12 of 12 uploaded.')).toBeTruthy();
    expect(trackReads()).toBe(1);
    await advance(REFRESH_EVERY_MS);
    expect(trackReads()).toBe(2);
    await advance(REFRESH_EVERY_MS * 3);
    expect(trackReads()).toBe(2);
  });
});

describe('sendWhenNotBusy and the pause', () => {
  it('holds every send until the latest Retry-After has passed', async () => {
    const pause = createServerPause();
    const times: number[] = [];
    const start = Date.now();
    let calls = 0;
    const send = async () => {
      times.push(Date.now() - start);
      calls += 1;
      if (calls === 1) throw new ApiError(429, 'Too many', 'Too Many Requests', true, undefined, 3);
      return 'ok';
    };
    const first = sendWhenNotBusy(send, undefined, pause);
    await vi.advanceTimersByTimeAsync(0);
    // A later answer asks for longer: the pause ends at the later of the two.
    pause.pauseFor(5000);
    const second = sendWhenNotBusy(async () => Date.now() - start, undefined, pause);
    await vi.advanceTimersByTimeAsync(4999);
    expect(times).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBe('ok');
    expect(await second).toBe(5000);
    expect(times).toEqual([0, 5000]);
    expect(pause.resumesAt()).toBeNull();
  });

  it('the notice counts down from what is left and goes when the time has come', async () => {
    const { rerender } = render(<UploadServerWait resumesAt={Date.now() + 2500} />);
    expect(screen.getByRole('timer').textContent).toBe('Waiting for the server: resumes in 3 s');
    await advance(1000);
    expect(screen.getByRole('timer').textContent).toBe('Waiting for the server: resumes in 2 s');
    rerender(<UploadServerWait resumesAt={null} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
