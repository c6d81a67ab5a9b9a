import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { guestCommentsWorld, pageOf } from './guest-comments.fixture';

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let trackId: number;
let otherTrackId: number;
let review: ShareLink;
let otherReview: ShareLink;

const w = guestCommentsWorld();
const share = w.share;
const guestBrowser = () => w.guestBrowser();
const ownerList = (client?: TestClient, id?: number) => w.ownerList(client, id);
beforeAll(() => {
  ({ t, owner, stranger, trackId, otherTrackId, review, otherReview } = w);
});

// Guests' comments (issue 45, decisions 0710-0719): who reads what (guests, the owner, others) and
// playlist review links. Writing, forged writes and limits: guest-comments.test.ts.

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
