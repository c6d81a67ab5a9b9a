import { vi } from 'vitest';

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** A JSON reply, as the server sends them. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces global fetch. Keys are "METHOD /path" (query string ignored); anything else answers
 * 404 so an unexpected call shows up as a failed read, not a hang. The mock records every call.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${path}`];
    return handler
      ? handler(init, url)
      : json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The calls made to `path` (any method), for assertions. */
export function callsTo(fn: ReturnType<typeof mockFetch>, path: string) {
  return fn.mock.calls.filter(([input]) => String(input).split('?')[0] === path);
}

/** A reply that never arrives, to observe loading states. */
export const never: Handler = () => new Promise<Response>(() => {});
