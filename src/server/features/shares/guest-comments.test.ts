import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestCommentsPage, OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import type { NotificationList } from '../../../shared/schemas/notifications';
import type { ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { makeWav } from '../../../test/media-fixtures';
import { guestComments, shareLinks } from '../../db/schema';
import { GUEST_COOKIE } from './link-cookies';

// Guests' timed comments through review links (issue 45, decisions 0710-0719), on both databases.

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let trackId: number;
let otherTrackId: number;
let review: ShareLink;
let otherReview: ShareLink;
let listen: ShareLink;

async function upload(client: TestClient, name: string, seconds = 20): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(seconds) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function share(body: Record<string, unknown>, by: TestClient = owner): Promise<ShareLink> {
  const res = await by.post('/api/shares', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let address = 0;
/** Each guest from an address of its own, so the per-address limit is met only where tested. */
const nextAddress = () => {
  address += 1;
  return `10.2.${address >> 8}.${address & 255}`;
};

/** A signed-out browser: its own cookies and CSRF token, one address. */
function guestBrowser() {
  const client = t.client();
  const ip = nextAddress();
  return {
    client,
    post: (token: string, body: Record<string, unknown>, options: { csrf?: boolean } = {}) =>
      client.request('POST', `/api/shares/by-token/${token}/comments`, {
        body,
        remoteAddress: ip,
        ...options,
      }),
    read: async (token: string, query = '') => {
      const res = await client.request('GET', `/api/shares/by-token/${token}/comments${query}`, {
        remoteAddress: ip,
      });
      return res;
    },
  };
}
const pageOf = async (res: Awaited<ReturnType<ReturnType<typeof guestBrowser>['read']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GuestCommentsPage;
};
const ownerList = async (client: TestClient = owner, id = trackId) => {
  const res = await client.get(`/api/tracks/${id}/guest-comments`);
  return res;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'producer', firstName: 'Ada', lastName: 'Lovelace' });
  stranger = await t.signedInClient({ username: 'stranger' });
  trackId = await upload(owner, 'Mix 3');
  otherTrackId = await upload(owner, 'Other song');
  review = await share({ trackId, kind: 'review', recipient: 'mastering engineer' });
  otherReview = await share({ trackId, kind: 'review', recipient: 'label' });
  listen = await share({ trackId });
}, 60_000);
afterAll(async () => t?.close());

describe('a guest comment end to end', () => {
  it('is taken with a CSRF token, listed for the owner, in their inbox and live', async () => {
    const stream = await openEventStream(t.app, { cookie: owner.cookieHeader() });
    try {
      await stream.next('ready');
      const guest = guestBrowser();
      const before = await pageOf(await guest.read(review.token));
      expect(before.guest).toBeNull();
      expect(before.commentsOpen).toBe(true);

      const res = await guest.post(review.token, { name: 'Mia', content: 'Kick too loud', atSeconds: 12 });
      expect(res.statusCode, res.body).toBe(201);
      const comment = res.json();
      expect(comment).toMatchObject({ name: 'Mia', content: 'Kick too loud', atSeconds: 12, mine: true });
      expect(res.cookies.find((c) => c.name === GUEST_COOKIE)?.path).toBe(
        `/api/shares/by-token/${review.token}`,
      );

      // The name is remembered by the link's cookie: the page says who this browser is.
      const after = await pageOf(await guest.read(review.token));
      expect(after.guest).toEqual({ name: 'Mia' });
      expect(after.threads.map((c) => c.content)).toEqual(['Kick too loud']);

      const listed = (await ownerList()).json() as OwnerGuestComment[];
      expect(listed).toContainEqual(
        expect.objectContaining({
          id: comment.id,
          shareId: review.id,
          recipient: 'mastering engineer',
          name: 'Mia',
          content: 'Kick too loud',
          atSeconds: 12,
          endSeconds: null,
          fromOwner: false,
          hidden: false,
        }),
      );

      const live = await stream.next('guestComment', (d) => d.commentId === comment.id);
      expect(live).toEqual({ trackId, shareId: review.id, commentId: comment.id, change: 'added' });

      const inbox = (await owner.get('/api/notifications')).json() as NotificationList;
      expect(inbox.items[0]).toMatchObject({
        kind: 'guest_comment',
        notice: 'Mia',
        excerpt: 'Kick too loud',
        atSeconds: 12,
        shareId: review.id,
        track: { id: trackId, name: 'Mix 3' },
        url: `/track/${trackId}?t=12`,
      });
      await stream.next('notification', (d) => d.notification.kind === 'guest_comment');
    } finally {
      await stream.close();
    }
  });

  it('takes a range, and replies at their thread moment; the owner replies under their name', async () => {
    const guest = guestBrowser();
    const top = await guest.post(review.token, {
      name: 'Ben',
      content: 'Hats',
      atSeconds: 3,
      endSeconds: 5.5,
    });
    expect(top.statusCode, top.body).toBe(201);
    const reply = await guest.post(review.token, { name: 'Ben', content: 'also', parentId: top.json().id });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ atSeconds: 3, endSeconds: 5.5, parentId: top.json().id });

    const own = await owner.post(`/api/tracks/${trackId}/guest-comments`, {
      parentId: top.json().id,
      content: 'Fixed in v2',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ fromOwner: true, name: 'Ada Lovelace', shareId: review.id });
    // A reply to a reply is refused: one level deep.
    const deep = await owner.post(`/api/tracks/${trackId}/guest-comments`, {
      parentId: reply.json().id,
      content: 'x',
    });
    expect(deep.statusCode).toBe(400);

    const page = await pageOf(await guest.read(review.token));
    const thread = page.threads.find((c) => c.id === top.json().id)!;
    expect(thread.replies.map((r) => [r.name, r.fromOwner, r.content])).toEqual([
      ['Ben', false, 'also'],
      ['Ada Lovelace', true, 'Fixed in v2'],
    ]);
  });

  it('leaves the inbox alone when the owner switched guest comments off', async () => {
    const quiet = await t.signedInClient();
    const track = await upload(quiet, 'Quiet', 2);
    const link = await share({ trackId: track, kind: 'review' }, quiet);
    expect((await quiet.patch('/api/notifications/preferences', { guest_comment: false })).statusCode).toBe(
      200,
    );
    expect(
      (await guestBrowser().post(link.token, { name: 'A', content: 'b', atSeconds: 1 })).statusCode,
    ).toBe(201);
    expect(((await quiet.get('/api/notifications')).json() as NotificationList).items).toEqual([]);
    expect(((await quiet.get(`/api/tracks/${track}/guest-comments`)).json() as unknown[]).length).toBe(1);
  });
});

describe('forged and cross-link writes', () => {
  it('refuses a guest write without a CSRF token', async () => {
    const guest = guestBrowser();
    const res = await guest.post(
      review.token,
      { name: 'X', content: 'no token', atSeconds: 1 },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
    const rows = await t.db.select().from(guestComments).where(eq(guestComments.content, 'no token'));
    expect(rows).toEqual([]);
  });

  it("does not take link A's guest cookie as a guest of link B, nor a forged cookie", async () => {
    const guest = guestBrowser();
    expect((await guest.post(review.token, { name: 'Cara', content: 'on A', atSeconds: 2 })).statusCode).toBe(
      201,
    );
    // The test client sends every cookie to every path: as if A's cookie were replayed on B's path.
    expect((await pageOf(await guest.read(otherReview.token))).guest).toBeNull();
    // A tampered cookie is nobody.
    const value = guest.client.cookies.get(GUEST_COOKIE)!;
    guest.client.cookies.set(GUEST_COOKIE, `${value.slice(0, -2)}xx`);
    expect((await pageOf(await guest.read(review.token))).guest).toBeNull();
  });

  it("answers 404 to a reply to another link's comment, and to another track's", async () => {
    const a = guestBrowser();
    const onA = (await a.post(review.token, { name: 'Dee', content: 'A thread', atSeconds: 4 })).json();
    const b = guestBrowser();
    const res = await b.post(otherReview.token, { name: 'Eve', content: 'sneaky', parentId: onA.id });
    expect(res.statusCode).toBe(404);
    const wrongTrack = await b.post(otherReview.token, {
      name: 'Eve',
      content: 'x',
      atSeconds: 1,
      trackId: otherTrackId,
    });
    expect(wrongTrack.statusCode).toBe(404);
  });

  it('refuses a listen link (403; its reads 404), a closed link (403) and an unknown token (404)', async () => {
    const guest = guestBrowser();
    const onListen = await guest.post(listen.token, { name: 'F', content: 'hi', atSeconds: 1 });
    expect(onListen.statusCode).toBe(403);
    // Reading: no comments under a listen link, as before review links (shares.test.ts).
    expect((await guest.read(listen.token)).statusCode).toBe(404);

    const closed = await share({ trackId, kind: 'review' });
    await t.db.update(shareLinks).set({ commentsClosedAt: new Date() }).where(eq(shareLinks.id, closed.id));
    const res = await guest.post(closed.token, { name: 'F', content: 'late', atSeconds: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The owner closed commenting on this link');
    expect((await pageOf(await guest.read(closed.token))).commentsOpen).toBe(false);

    expect((await guest.post('A'.repeat(43), { name: 'F', content: 'x', atSeconds: 1 })).statusCode).toBe(
      404,
    );
  });

  it('refuses a signed-in person blocked by the owner, or blocking them (403)', async () => {
    expect((await owner.put('/api/users/stranger/block')).statusCode).toBe(204);
    const res = await stranger.request('POST', `/api/shares/by-token/${review.token}/comments`, {
      body: { name: 'S', content: 'let me in', atSeconds: 1 },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(403);
    expect((await owner.delete('/api/users/stranger/block')).statusCode).toBe(204);
    expect((await stranger.put('/api/users/producer/block')).statusCode).toBe(204);
    const theirs = await stranger.request('POST', `/api/shares/by-token/${review.token}/comments`, {
      body: { name: 'S', content: 'let me in', atSeconds: 1 },
      remoteAddress: nextAddress(),
    });
    expect(theirs.statusCode).toBe(403);
    expect((await stranger.delete('/api/users/producer/block')).statusCode).toBe(204);
  });
});

describe('limits', () => {
  it('answers 400 to text past the limits, a missing name, and moments outside the track', async () => {
    const guest = guestBrowser();
    const cases: Record<string, unknown>[] = [
      { name: 'G', content: 'x'.repeat(2001), atSeconds: 1 },
      { name: 'G', content: '   ', atSeconds: 1 },
      { name: '', content: 'x', atSeconds: 1 },
      { name: 'G'.repeat(51), content: 'x', atSeconds: 1 },
      { name: 'G\u0007', content: 'x', atSeconds: 1 },
      { content: 'x', atSeconds: 1 },
      { name: 'G', content: 'x', atSeconds: 25 },
      { name: 'G', content: 'x', atSeconds: 5, endSeconds: 4 },
      { name: 'G', content: 'x', atSeconds: 5, endSeconds: 21 },
      { name: 'G', content: 'x', atSeconds: -1 },
      { name: 'G', content: 'x' },
      { name: 'G', content: 'x', atSeconds: 1, extra: true },
    ];
    for (const body of cases) {
      const res = await guest.post(review.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('takes 10 comments a minute per link and address, then 429; another link is not held up', async () => {
    const guest = guestBrowser();
    for (let i = 0; i < 10; i++) {
      const res = await guest.post(otherReview.token, { name: 'H', content: `n${i}`, atSeconds: 1 });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await guest.post(otherReview.token, { name: 'H', content: 'one more', atSeconds: 1 });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const elsewhere = await guest.post(review.token, { name: 'H', content: 'other link', atSeconds: 1 });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('who reads what', () => {
  it("shows a guest their own link's thread only, and a hidden comment to its writer alone", async () => {
    const fresh = await share({ trackId, kind: 'review' });
    const writer = guestBrowser();
    const other = guestBrowser();
    const hiddenOne = (await writer.post(fresh.token, { name: 'I', content: 'rude', atSeconds: 6 })).json();
    expect((await other.post(fresh.token, { name: 'J', content: 'fine', atSeconds: 7 })).statusCode).toBe(
      201,
    );
    const onOtherLink = await guestBrowser().post(otherReview.token, {
      name: 'K',
      content: 'elsewhere',
      atSeconds: 1,
    });
    expect(onOtherLink.statusCode).toBe(201);

    const hide = await owner.patch(`/api/tracks/${trackId}/guest-comments/${hiddenOne.id}`, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().hidden).toBe(true);

    const theirs = await pageOf(await writer.read(fresh.token));
    expect(theirs.threads.map((c) => [c.content, c.hidden, c.mine])).toEqual([
      ['rude', true, true],
      ['fine', false, false],
    ]);
    const others = await pageOf(await other.read(fresh.token));
    expect(others.threads.map((c) => c.content)).toEqual(['fine']);
    // Another link's guests are not on this link's page.
    expect(others.threads.some((c) => c.content === 'elsewhere')).toBe(false);
    // A hidden comment cannot be replied to by anyone but its writer.
    expect(
      (await other.post(fresh.token, { name: 'J', content: 'r', parentId: hiddenOne.id })).statusCode,
    ).toBe(404);

    const unhide = await owner.patch(`/api/tracks/${trackId}/guest-comments/${hiddenOne.id}`, {
      hidden: false,
    });
    expect(unhide.json().hidden).toBe(false);
    expect((await pageOf(await other.read(fresh.token))).threads.map((c) => c.content)).toEqual([
      'rude',
      'fine',
    ]);
  });

  it("lets the owner delete (with the thread's replies); others get 404 on every owner route", async () => {
    const guest = guestBrowser();
    const top = (await guest.post(review.token, { name: 'L', content: 'to delete', atSeconds: 8 })).json();
    await guest.post(review.token, { name: 'L', content: 'its reply', parentId: top.id });

    const url = `/api/tracks/${trackId}/guest-comments`;
    expect((await ownerList(stranger)).statusCode).toBe(404);
    expect((await stranger.post(url, { parentId: top.id, content: 'x' })).statusCode).toBe(404);
    expect((await stranger.patch(`${url}/${top.id}`, { hidden: true })).statusCode).toBe(404);
    expect((await stranger.delete(`${url}/${top.id}`)).statusCode).toBe(404);
    expect((await t.client().get(url)).statusCode).toBe(401);
    // The owner's other track: not this comment's.
    expect((await owner.delete(`/api/tracks/${otherTrackId}/guest-comments/${top.id}`)).statusCode).toBe(404);

    expect((await owner.delete(`${url}/${top.id}`)).statusCode).toBe(204);
    const left = (await ownerList()).json() as OwnerGuestComment[];
    expect(left.some((c) => c.content === 'to delete' || c.content === 'its reply')).toBe(false);
    expect((await owner.delete(`${url}/${top.id}`)).statusCode).toBe(404);
  });

  it('groups the owner list by link, each thread followed by its replies', async () => {
    const listed = (await ownerList()).json() as OwnerGuestComment[];
    const links = [...new Set(listed.map((c) => c.shareId))];
    // Each link's comments together.
    for (const id of links) {
      const at = listed.map((c, i) => (c.shareId === id ? i : -1)).filter((i) => i >= 0);
      expect(at.at(-1)! - at[0]!).toBe(at.length - 1);
    }
    for (const [i, c] of listed.entries()) {
      if (c.parentId !== null) expect(listed.slice(0, i).some((p) => p.id === c.parentId)).toBe(true);
    }
  });

  it('outlives the link: a revoked link closes its thread to guests, the owner keeps it (decision 0750)', async () => {
    const gone = await share({ trackId, kind: 'review' });
    const guest = guestBrowser();
    expect((await guest.post(gone.token, { name: 'M', content: 'bye', atSeconds: 1 })).statusCode).toBe(201);
    expect((await owner.delete(`/api/shares/${gone.id}`)).statusCode).toBe(204);
    expect((await guest.read(gone.token)).statusCode).toBe(404);
    const listed = (await ownerList()).json() as OwnerGuestComment[];
    expect(listed.filter((c) => c.shareId === gone.id)).toEqual([
      expect.objectContaining({ content: 'bye', linkRevoked: true }),
    ]);
  });
});

describe('a playlist review link', () => {
  it('takes comments on its tracks by trackId, and asks for one', async () => {
    const playlistId = (await owner.post('/api/playlists', { name: 'EP' })).json().id;
    await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId: otherTrackId });
    const link = await share({ playlistId, kind: 'review' });
    const guest = guestBrowser();
    expect((await guest.post(link.token, { name: 'N', content: 'x', atSeconds: 1 })).statusCode).toBe(400);
    const res = await guest.post(link.token, {
      name: 'N',
      content: 'on EP',
      atSeconds: 1,
      trackId: otherTrackId,
    });
    expect(res.statusCode, res.body).toBe(201);
    // A track not in the playlist: 404.
    expect(
      (await guest.post(link.token, { name: 'N', content: 'x', atSeconds: 1, trackId })).statusCode,
    ).toBe(404);
    const page = await pageOf(await guest.read(link.token, `?trackId=${otherTrackId}`));
    expect(page.threads.map((c) => c.content)).toEqual(['on EP']);
    const listed = (await ownerList(owner, otherTrackId)).json() as OwnerGuestComment[];
    expect(listed.map((c) => c.content)).toEqual(['on EP']);
  });
});
