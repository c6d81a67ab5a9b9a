import type { QueryFunctionContext } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch } from '../test/mock-fetch';
import { ApiError, apiRequest, errorMessage, getQueryFn, onSessionEnded, resetCsrfToken } from './api-client';

const csrf = () => json({ csrfToken: 'token-1' });
const ok = () => json({ ok: true });
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;
const context = (queryKey: unknown[]) => ({ queryKey }) as unknown as QueryFunctionContext;

beforeEach(() => resetCsrfToken());

describe('apiRequest', () => {
  it('fetches the CSRF token once and sends it on every mutation', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'POST /api/things': ok,
      'DELETE /api/things/1': ok,
    });
    await apiRequest('POST', '/api/things', { name: 'a' });
    await apiRequest('DELETE', '/api/things/1');

    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(1);
    for (const path of ['/api/things', '/api/things/1']) {
      const [, init] = callsTo(fetch, path)[0] ?? [];
      expect(headersOf(init)['x-csrf-token']).toBe('token-1');
      expect(init?.credentials).toBe('include');
    }
  });

  it('shares one token request between mutations started together', async () => {
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': csrf, 'POST /api/things': ok });
    await Promise.all([apiRequest('POST', '/api/things', {}), apiRequest('POST', '/api/things', {})]);
    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(1);
  });

  it('fetches a new token after resetCsrfToken', async () => {
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': csrf, 'POST /api/things': ok });
    await apiRequest('POST', '/api/things');
    resetCsrfToken();
    await apiRequest('POST', '/api/things');
    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(2);
  });

  it('when the session behind the token is gone, fetches a new token and sends once more', async () => {
    let tokens = 0;
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: `token-${++tokens}` }),
      'POST /api/things': (init) =>
        headersOf(init)['x-csrf-token'] === 'token-2'
          ? ok()
          : json({ statusCode: 403, error: 'Forbidden', message: 'Missing csrf secret' }, 403),
    });
    const res = await apiRequest('POST', '/api/things', { name: 'a' });
    expect(res.status).toBe(200);
    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(2);
    expect(callsTo(fetch, '/api/things')).toHaveLength(2);
  });

  it('does not resend after a 403 that is a permission refusal', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'POST /api/things': () => json({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' }, 403),
    });
    await expect(apiRequest('POST', '/api/things')).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    });
    expect(callsTo(fetch, '/api/things')).toHaveLength(1);
  });

  it('does not fetch a token for GET', async () => {
    const fetch = mockFetch({ 'GET /api/things': ok });
    await apiRequest('GET', '/api/things');
    expect(callsTo(fetch, '/api/auth/csrf-token')).toHaveLength(0);
    expect(headersOf(callsTo(fetch, '/api/things')[0]?.[1])['x-csrf-token']).toBeUndefined();
  });

  it('sends objects as JSON with a JSON content type', async () => {
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': csrf, 'PATCH /api/things/1': ok });
    await apiRequest('PATCH', '/api/things/1', { name: 'b' });
    const [, init] = callsTo(fetch, '/api/things/1')[0] ?? [];
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"name":"b"}');
  });

  it('sends FormData as it is, without a content type', async () => {
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': csrf, 'POST /api/upload': ok });
    const form = new FormData();
    form.append('name', 'track');
    await apiRequest('POST', '/api/upload', form);
    const [, init] = callsTo(fetch, '/api/upload')[0] ?? [];
    expect(init?.body).toBe(form);
    expect(Object.keys(headersOf(init)).map((k) => k.toLowerCase())).not.toContain('content-type');
  });

  it("throws an ApiError with the server's status, message and error name", async () => {
    mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'POST /api/things': () =>
        json(
          { statusCode: 409, error: 'Conflict', message: 'Already there', processing: { state: 'pending' } },
          409,
        ),
    });
    const err = await apiRequest('POST', '/api/things', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      message: 'Already there',
      code: 'Conflict',
      hasServerMessage: true,
    });
    expect((err as ApiError).body).toMatchObject({ processing: { state: 'pending' } });
  });

  it('takes a short plain-text body as the message, else the status text', async () => {
    mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'POST /api/things': () => new Response('bad thing', { status: 400 }),
    });
    await expect(apiRequest('POST', '/api/things', {})).rejects.toMatchObject({
      status: 400,
      message: 'bad thing',
    });
    mockFetch({ 'GET /api/things': () => new Response('', { status: 404, statusText: 'Not Found' }) });
    await expect(apiRequest('GET', '/api/things')).rejects.toMatchObject({
      status: 404,
      message: 'Not Found',
      hasServerMessage: false,
    });
  });

  it('tells the session-ended listeners about a 401, and only a 401', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch({
      'GET /api/things': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }, 401),
      'GET /api/other': () => json({ statusCode: 403, error: 'Forbidden', message: 'No' }, 403),
    });
    await expect(apiRequest('GET', '/api/other')).rejects.toMatchObject({ status: 403 });
    expect(ended).not.toHaveBeenCalled();
    await expect(apiRequest('GET', '/api/things')).rejects.toMatchObject({ status: 401 });
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/things']))).rejects.toMatchObject({
      status: 401,
    });
    expect(ended).toHaveBeenCalledTimes(2);
    stop();
    await expect(apiRequest('GET', '/api/things')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it("throws 'Failed to fetch CSRF token' when the token call fails or is unreachable", async () => {
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': () => new Response('', { status: 500 }) });
    await expect(apiRequest('POST', '/api/things')).rejects.toThrow('Failed to fetch CSRF token');
    expect(callsTo(fetch, '/api/things')).toHaveLength(0);

    mockFetch({ 'GET /api/auth/csrf-token': () => Promise.reject(new TypeError('network down')) });
    await expect(apiRequest('POST', '/api/things')).rejects.toThrow('Failed to fetch CSRF token');
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined with slashes, with credentials', async () => {
    const fetch = mockFetch({ 'GET /api/collectives/5/members': () => json([{ userId: 'u' }]) });
    const data = await getQueryFn({ on401: 'throw' })(context(['/api/collectives', 5, 'members']));
    expect(data).toEqual([{ userId: 'u' }]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/collectives/5/members');
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('returns null on 401 in the returnNull variant (the signed-out probe), ending no session', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch({ 'GET /api/auth/user': () => new Response('Unauthorized', { status: 401 }) });
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
    expect(ended).not.toHaveBeenCalled();
    stop();
  });

  it('throws on 401 in the throw variant', async () => {
    mockFetch({ 'GET /api/auth/user': () => new Response('Unauthorized', { status: 401 }) });
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
  });

  it('throws other errors in the returnNull variant too', async () => {
    mockFetch({ 'GET /api/auth/user': () => new Response('boom', { status: 500 }) });
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).rejects.toMatchObject({
      status: 500,
      message: 'boom',
    });
  });
});

describe('errorMessage', () => {
  const reply = (status: number, text: string, statusText = '') =>
    ApiError.fromReply(status, statusText, text);

  it("reads the server's JSON message", () => {
    const err = reply(400, '{"statusCode":400,"error":"Bad Request","message":"Name is required"}');
    expect(errorMessage(err, 'fallback')).toBe('Name is required');
  });

  it('uses a plain-text body, and the fallback for HTML, an empty body or non-API errors', () => {
    expect(errorMessage(reply(500, 'Internal Server Error'), 'fallback')).toBe('Internal Server Error');
    expect(errorMessage(reply(502, '<html>bad gateway</html>', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(errorMessage(reply(502, '', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('Failed to fetch CSRF token'), 'fallback')).toBe('fallback');
    expect(errorMessage('nope', 'fallback')).toBe('fallback');
  });
});

describe('the journal revision (read-your-writes across server instances, issue 48)', () => {
  const written = (revision: string) => () =>
    new Response('{}', {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'x-journal-revision': revision },
    });

  it("sends the largest revision a write's reply named on the next reads of the list, pages included", async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'PATCH /api/tracks/1': written('42'),
      'PATCH /api/tracks/2': written('41'),
      'GET /api/tracks': () => json([]),
      'GET /api/tracks/7': () => json({}),
      'GET /api/collectives': () => json([]),
    });
    await getQueryFn({ on401: 'throw' })(context(['/api/tracks']));
    expect(headersOf(callsTo(fetch, '/api/tracks')[0]?.[1])['x-journal-revision']).toBeUndefined();
    await apiRequest('PATCH', '/api/tracks/1', { name: 'a' });
    await apiRequest('PATCH', '/api/tracks/2', { name: 'b' }); // answered out of order: the larger stays
    await getQueryFn({ on401: 'throw' })(context(['/api/tracks']));
    expect(headersOf(callsTo(fetch, '/api/tracks')[1]?.[1])['x-journal-revision']).toBe('42');
    await apiRequest('GET', '/api/tracks');
    expect(headersOf(callsTo(fetch, '/api/tracks')[2]?.[1])['x-journal-revision']).toBe('42');
    // A page's counts are kept per revision too (decision 0900); a single track or another list is
    // not kept by it: nothing to ask for.
    await apiRequest('GET', '/api/tracks?sort=dateUploaded&q=desk&limit=50');
    expect(headersOf(callsTo(fetch, '/api/tracks')[3]?.[1])['x-journal-revision']).toBe('42');
    await getQueryFn({ on401: 'throw' })(context(['/api/tracks', '7']));
    expect(headersOf(callsTo(fetch, '/api/tracks/7')[0]?.[1])['x-journal-revision']).toBeUndefined();
    await getQueryFn({ on401: 'throw' })(context(['/api/collectives']));
    expect(headersOf(callsTo(fetch, '/api/collectives')[0]?.[1])['x-journal-revision']).toBeUndefined();
    // Signing out (or in as someone else) forgets it.
    resetCsrfToken();
    await getQueryFn({ on401: 'throw' })(context(['/api/tracks']));
    expect(headersOf(callsTo(fetch, '/api/tracks')[4]?.[1])['x-journal-revision']).toBeUndefined();
  });
});
