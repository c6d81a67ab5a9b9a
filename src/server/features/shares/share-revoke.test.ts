import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import type { ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { guestComments, shareLinks, shareListens, tracks } from '../../db/schema';

// Revoking a link that gathered guests' feedback (decision 0750): its token opens nothing from then
// on, on every by-token route, yet the comments and listens it gathered stay the owner's. A link
// that gathered none is deleted, as before. Both databases.

let t: TestApp;
let owner: TestClient & { userId: string };
let trackId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'revoker' });
  const res = await owner.upload(
    '/api/tracks',
    { name: 'Bounce 4' },
    { field: 'audio', name: 'bounce.wav', type: 'audio/wav', data: makeWav(2) },
  );
  expect(res.statusCode, res.body).toBe(201);
  trackId = res.json().id;
  // Listens are checked against the track's length: measured by hand, as processing would.
  await t.db.update(tracks).set({ duration: 20 }).where(eq(tracks.id, trackId));
}, 60_000);
afterAll(async () => t?.close());

async function share(body: Record<string, unknown>): Promise<ShareLink> {
  const res = await owner.post('/api/shares', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('revoking a link', () => {
  it('that gathered a guest comment and a listen: the token opens nothing, the feedback stays', async () => {
    const link = await share({ trackId, kind: 'review', recipient: 'mastering engineer' });
    const guest = t.client();
    const base = `/api/shares/by-token/${link.token}`;
    const comment = await guest.request('POST', `${base}/comments`, {
      body: { name: 'Mia', content: 'Hats too bright', atSeconds: 12 },
      remoteAddress: '10.75.0.1',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const listened = await guest.request('POST', `${base}/listens`, {
      body: { listenerId: 'listener-revoke-1', fromSeconds: 0, toSeconds: 5 },
      remoteAddress: '10.75.0.1',
    });
    expect(listened.statusCode, listened.body).toBe(204);

    expect((await owner.request('DELETE', `/api/shares/${link.id}`)).statusCode).toBe(204);

    // Every way in by the token is a 404, as for a link never made.
    const media = `${base}/tracks/${trackId}`;
    for (const [method, url, body] of [
      ['GET', base],
      ['GET', `${base}/comments`],
      ['GET', `${media}/stream`],
      ['GET', `${media}/waveform`],
      ['POST', `${base}/comments`, { name: 'Mia', content: 'Again', atSeconds: 1 }],
      ['POST', `${base}/listens`, { listenerId: 'listener-revoke-1', fromSeconds: 5, toSeconds: 9 }],
      ['POST', `${base}/unlock`, { password: 'anything' }],
    ] as const) {
      const res = await guest.request(method, url, { body, remoteAddress: '10.75.0.1' });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Gone from the owner's links and their changes, and revoking it again is a 404.
    const listed = (await owner.get(`/api/shares?trackId=${trackId}`)).json() as ShareLink[];
    expect(listed.map((l) => l.id)).not.toContain(link.id);
    expect((await owner.patch(`/api/shares/${link.id}`, { recipient: 'x' })).statusCode).toBe(404);
    expect((await owner.request('DELETE', `/api/shares/${link.id}`)).statusCode).toBe(404);

    // The feedback stays the owner's: the comment, marked as from a revoked link, and the listen.
    const comments = (await owner.get(`/api/tracks/${trackId}/guest-comments`)).json() as OwnerGuestComment[];
    expect(comments).toEqual([
      expect.objectContaining({ shareId: link.id, content: 'Hats too bright', linkRevoked: true }),
    ]);
    const heat = (await owner.get(`/api/tracks/${trackId}/listen-heat`)).json();
    expect(heat.listeners).toBe(1);
    expect(await t.db.select().from(shareListens).where(eq(shareListens.shareId, link.id))).toHaveLength(1);
  });

  it('that gathered nothing: the row goes', async () => {
    const link = await share({ trackId, kind: 'review' });
    expect((await owner.request('DELETE', `/api/shares/${link.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.id))).toEqual([]);
    expect((await t.client().get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(404);
  });

  it('deleting the track still takes a revoked link’s feedback with it', async () => {
    const link = await share({ trackId, kind: 'review' });
    const posted = await t.client().request('POST', `/api/shares/by-token/${link.token}/comments`, {
      body: { name: 'Kim', content: 'Lovely', atSeconds: 3 },
      remoteAddress: '10.75.0.2',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await owner.request('DELETE', `/api/shares/${link.id}`)).statusCode).toBe(204);
    expect((await owner.request('DELETE', `/api/tracks/${trackId}`)).statusCode).toBe(200);
    expect(await t.db.select().from(guestComments).where(eq(guestComments.shareId, link.id))).toEqual([]);
  });
});
