import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import type { NotificationList } from '../../../shared/schemas/notifications';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { guestComments, shareLinks } from '../../db/schema';
import { guestCommentsWorld, pageOf, upload } from './guest-comments.fixture';
import { GUEST_COOKIE } from './link-cookies';

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let trackId: number;
let otherTrackId: number;
let review: ShareLink;
let otherReview: ShareLink;
let listen: ShareLink;

const w = guestCommentsWorld();
const share = w.share;
const guestBrowser = () => w.guestBrowser();
const nextAddress = () => w.nextAddress();
const ownerList = (client?: TestClient, id?: number) => w.ownerList(client, id);
beforeAll(() => {
  ({ t, owner, stranger, trackId, otherTrackId, review, otherReview, listen } = w);
});

// Guests' timed comments through review links (issue 45, decisions 0710-0719), on both databases:
// writing, forged writes, limits. Who reads what, and playlist links: guest-comments.owner.test.ts.

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
