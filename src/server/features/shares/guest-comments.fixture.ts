import { afterAll, beforeAll, expect } from 'vitest';
import type { GuestCommentsPage } from '../../../shared/schemas/guest-comments';
import type { ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';

/**
 * The world of the guest-comment tests (issue 45, decisions 0710-0719): an owner with two tracks,
 * two review links and a listen link to the first; a stranger; signed-out guest browsers, each from
 * an address of its own. Registers its own beforeAll/afterAll; the test files copy what they use.
 */
export interface GuestCommentsWorld {
  t: TestApp;
  owner: TestClient & { userId: string };
  stranger: TestClient & { userId: string };
  trackId: number;
  otherTrackId: number;
  review: ShareLink;
  otherReview: ShareLink;
  listen: ShareLink;
  share(body: Record<string, unknown>, by?: TestClient): Promise<ShareLink>;
  guestBrowser(): GuestBrowser;
  /** An address no guest has used yet. */
  nextAddress(): string;
  ownerList(client?: TestClient, id?: number): ReturnType<TestClient['get']>;
}

export type GuestBrowser = ReturnType<typeof makeGuestBrowser>;

/** A WAV of `seconds` uploaded by `client` as `name`; its id. */
export async function upload(client: TestClient, name: string, seconds = 20): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(seconds) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A signed-out browser: its own cookies and CSRF token, one address. */
function makeGuestBrowser(t: TestApp, ip: string) {
  const client = t.client();
  return {
    client,
    post: (token: string, body: Record<string, unknown>, options: { csrf?: boolean } = {}) =>
      client.request('POST', `/api/shares/by-token/${token}/comments`, {
        body,
        remoteAddress: ip,
        ...options,
      }),
    read: (token: string, query = '') =>
      client.request('GET', `/api/shares/by-token/${token}/comments${query}`, { remoteAddress: ip }),
  };
}

/** A guest's page of comments, after checking it was answered. */
export const pageOf = async (res: Awaited<ReturnType<GuestBrowser['read']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GuestCommentsPage;
};

export function guestCommentsWorld(): GuestCommentsWorld {
  const world = {} as GuestCommentsWorld;
  let address = 0;
  world.share = async (body, by = world.owner) => {
    const res = await by.post('/api/shares', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  // Each guest from an address of its own, so the per-address limit is met only where tested.
  world.nextAddress = () => {
    address += 1;
    return `10.2.${address >> 8}.${address & 255}`;
  };
  world.guestBrowser = () => makeGuestBrowser(world.t, world.nextAddress());
  world.ownerList = (client = world.owner, id = world.trackId) =>
    client.get(`/api/tracks/${id}/guest-comments`);
  beforeAll(async () => {
    const t = await buildTestApp();
    world.t = t;
    world.owner = await t.signedInClient({ username: 'producer', firstName: 'Ada', lastName: 'Lovelace' });
    world.stranger = await t.signedInClient({ username: 'stranger' });
    world.trackId = await upload(world.owner, 'Mix 3');
    world.otherTrackId = await upload(world.owner, 'Other song');
    world.review = await world.share({
      trackId: world.trackId,
      kind: 'review',
      recipient: 'mastering engineer',
    });
    world.otherReview = await world.share({ trackId: world.trackId, kind: 'review', recipient: 'label' });
    world.listen = await world.share({ trackId: world.trackId });
  }, 60_000);
  afterAll(async () => world.t?.close());
  return world;
}
