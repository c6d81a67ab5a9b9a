import type { QueryFunctionContext } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch } from '../test/mock-fetch';
import { getQueryFn, resetCsrfToken, uploadWithProgress } from './api-client';

type Listener = (event: ProgressEvent) => void;

/** A scriptable XMLHttpRequest: the test decides when progress, load or error happen. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private listeners: Record<string, Listener[]> = {};
  private uploadListeners: Record<string, Listener[]> = {};
  upload = {
    addEventListener: (type: string, fn: Listener) => {
      this.uploadListeners[type] = [...(this.uploadListeners[type] ?? []), fn];
    },
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, fn: Listener) {
    this.listeners[type] = [...(this.listeners[type] ?? []), fn];
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners.progress ?? [])
      fn({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, text: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    for (const fn of this.listeners.load ?? []) fn({} as ProgressEvent);
  }
  fail() {
    for (const fn of this.listeners.error ?? []) fn({} as ProgressEvent);
  }
}

async function started(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
  return FakeXhr.last as FakeXhr;
}

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('uploadWithProgress', () => {
  it('posts the form with cookies and the CSRF token, no content type, and reports progress', async () => {
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 'token-9' }) });
    const form = new FormData();
    form.append('name', 'take');
    const progress: number[] = [];
    const result = uploadWithProgress('/api/tracks', form, (p) => progress.push(p));

    const xhr = await started();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/tracks');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['x-csrf-token']).toBe('token-9');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body).toBe(form);

    xhr.progress(25, 100);
    xhr.progress(50, 100);
    xhr.respond(201, JSON.stringify({ id: 7 }));
    await expect(result).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([25, 50, 100]);
    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(1);
  });

  it("keeps the journal revision the upload's reply names, for the next read of the list (issue 48)", async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'GET /api/tracks': () => json([]),
    });
    const result = uploadWithProgress('/api/tracks', new FormData());
    const xhr = await started();
    xhr.responseHeaders['x-journal-revision'] = '77';
    xhr.respond(201, JSON.stringify({ id: 7 }));
    await result;
    await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/tracks'] } as unknown as QueryFunctionContext);
    const [, init] = callsTo(fetch, '/api/tracks')[0] ?? [];
    expect((init?.headers as Record<string, string> | undefined)?.['x-journal-revision']).toBe('77');
  });

  it('rejects with an ApiError like apiRequest', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) });
    const body = JSON.stringify({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'x is not an audio file',
    });
    const result = uploadWithProgress('/api/tracks', new FormData());
    (await started()).respond(415, body);
    await expect(result).rejects.toMatchObject({ status: 415, message: 'x is not an audio file' });
  });

  it("carries a 429's Retry-After, in seconds or as a date, so the caller can wait and send again", async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) });
    const body = JSON.stringify({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many uploads at once',
    });
    const seconds = uploadWithProgress('/api/tracks', new FormData());
    const first = await started();
    first.responseHeaders = { 'retry-after': '5' };
    first.respond(429, body);
    await expect(seconds).rejects.toMatchObject({ status: 429, retryAfterSeconds: 5 });

    FakeXhr.last = undefined;
    const date = uploadWithProgress('/api/tracks', new FormData());
    const second = await started();
    second.responseHeaders = { 'retry-after': new Date(Date.now() + 30_000).toUTCString() };
    second.respond(429, body);
    const err: { retryAfterSeconds?: number } = await date.then(
      () => ({}),
      (e: { retryAfterSeconds?: number }) => e,
    );
    // A date 30 s away, sent with whole seconds: 29 or 30 seconds from now.
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(30);

    FakeXhr.last = undefined;
    const none = uploadWithProgress('/api/tracks', new FormData());
    (await started()).respond(429, body);
    await expect(none).rejects.toMatchObject({ status: 429, retryAfterSeconds: undefined });
  });

  it('falls back to the status text on an empty body and rejects on network errors', async () => {
    mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) });
    const first = uploadWithProgress('/api/tracks', new FormData());
    (await started()).respond(502, '', 'Bad Gateway');
    await expect(first).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });

    FakeXhr.last = undefined;
    const second = uploadWithProgress('/api/tracks', new FormData());
    (await started()).fail();
    await expect(second).rejects.toThrow('Network error while uploading');
  });

  it('sends once more with a fresh token when the CSRF check refused the cached one', async () => {
    let tokens = 0;
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: `token-${++tokens}` }) });
    const form = new FormData();
    const result = uploadWithProgress('/api/tracks', form);
    const first = await started();
    expect(first.headers['x-csrf-token']).toBe('token-1');
    FakeXhr.last = undefined;
    first.respond(
      403,
      JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'Invalid csrf token' }),
    );
    const second = await started();
    expect(second).not.toBe(first);
    expect(second.headers['x-csrf-token']).toBe('token-2');
    expect(second.body).toBe(form);
    second.respond(201, JSON.stringify({ id: 8 }));
    await expect(result).resolves.toEqual({ id: 8 });
    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(2);
  });
});
