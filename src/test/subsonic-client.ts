import type { FastifyInstance } from 'fastify';
import { SubsonicAPI } from 'subsonic-api';
import { collectiveMembers } from '../server/db/schema';
import { TEST_PUBLIC_URL, type TestApp, type TestClient } from './build-test-app';
import { makeWav } from './media-fixtures';

type SubsonicAuth = ConstructorParameters<typeof SubsonicAPI>[0]['auth'];

/**
 * fetch for the third-party client `subsonic-api`, answered by app.inject: the requests it makes
 * (query string or form body, its headers) reach the app as they would over the network.
 */
export function injectFetch(
  app: FastifyInstance,
  remoteAddress?: string,
  extraHeaders: Record<string, string> = {},
): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { ...(init?.headers as Record<string, string> | undefined), ...extraHeaders },
      payload: typeof init?.body === 'string' ? init.body : undefined,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  }) as typeof fetch;
}

/**
 * A `subsonic-api` client of the test app, by API key or by app password (token + salt). `headers`
 * go with every request: the client has no way to send a Range itself.
 */
export function subsonicClient(
  app: FastifyInstance,
  auth: SubsonicAuth,
  options: { post?: boolean; remoteAddress?: string; headers?: Record<string, string> } = {},
): SubsonicAPI {
  return new SubsonicAPI({
    url: TEST_PUBLIC_URL,
    auth,
    post: options.post,
    fetch: injectFetch(app, options.remoteAddress, options.headers),
  });
}

/** A page of search3's sync as players ask it (an empty query, songs only; issue 48). */
export async function syncPage(api: SubsonicAPI, offset: number, count: number) {
  const result = await api.search3({
    query: '""',
    songCount: count,
    songOffset: offset,
    artistCount: 0,
    albumCount: 0,
  });
  return result.searchResult3;
}

/** A one-second WAV uploaded as `name` by `client` (the /rest tests' tracks); its id. */
export async function uploadNamedTrack(client: TestClient, name: string): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  if (res.statusCode !== 201) throw new Error(`upload of ${name} answered ${res.statusCode}: ${res.body}`);
  return res.json().id as number;
}

/** A raw `f=json` call of a /rest method by API key, for errors (the client returns them as they come). */
export async function restJson(app: FastifyInstance, apiKey: string, method: string, query = '') {
  const res = await app.inject({ url: `/rest/${method}?${query}&f=json&apiKey=${apiKey}` });
  return res.json()['subsonic-response'];
}

/**
 * `owner` puts `trackId` in a playlist shared into a collective `member` belongs to: the one way a
 * track of someone else's is browsed over /rest (listedToViewer).
 */
export async function shareWithMember(
  t: TestApp,
  owner: TestClient,
  member: TestClient & { userId: string },
  trackId: number,
  playlistName = 'Set',
): Promise<void> {
  const collectiveId = (await owner.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: member.userId, role: 'member' });
  const playlistId = (await owner.post('/api/playlists', { name: playlistName })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
}
