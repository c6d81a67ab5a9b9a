import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_INVITE_MESSAGE } from '../../../shared/schemas/collectives';
import { CANNOT_BLOCK_SELF, USER_NOT_FOUND } from '../../../shared/schemas/moderation';
import { PROFILE_NOT_FOUND } from '../../../shared/schemas/users';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers, notifications } from '../../db/schema';

// Blocking (issue 28, decision 0450): Bella blocks Troll; both are members of Bella's collective,
// where her playlist with her track is shared, as is a playlist of Troll's and one of Carl's.

type Person = TestClient & { userId: string };
let t: TestApp;
let bella: Person; // blocks
let troll: Person; // is blocked
let carl: Person; // a third member, blocks nobody
let collectiveId: number;
let bellaTrack: number;
let bellaList: number;
let trollTrack: number;
let trollList: number;
let carlTrack: number;

const trackComments = (trackId: number) => `/api/collectives/${collectiveId}/tracks/${trackId}/comments`;
const listComments = (listId: number) => `/api/collectives/${collectiveId}/playlists/${listId}/comments`;

async function sharedTrack(who: Person) {
  const trackId = (
    await who.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(2) },
    )
  ).json().id as number;
  const listId = (await who.post('/api/playlists', { name: 'Takes' })).json().id as number;
  await who.post(`/api/playlists/${listId}/tracks`, { trackId });
  expect(
    (await who.post(`/api/playlists/${listId}/share`, { collectiveIds: [collectiveId] })).statusCode,
  ).toBe(200);
  return { trackId, listId };
}

beforeAll(async () => {
  t = await buildTestApp();
  bella = await t.signedInClient({ username: 'Bella', isPublic: true, firstName: 'Bella' });
  troll = await t.signedInClient({ username: 'troll', isPublic: true });
  carl = await t.signedInClient({ username: 'carl', isPublic: true });
  collectiveId = (await bella.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values([
    { collectiveId, userId: troll.userId },
    { collectiveId, userId: carl.userId },
  ]);
  ({ trackId: bellaTrack, listId: bellaList } = await sharedTrack(bella));
  ({ trackId: trollTrack, listId: trollList } = await sharedTrack(troll));
  ({ trackId: carlTrack } = await sharedTrack(carl));
});
afterAll(async () => t.close());

const block = (who: Person, name: string) => who.put(`/api/users/${encodeURIComponent(name)}/block`);
const unblock = (who: Person, name: string) => who.delete(`/api/users/${encodeURIComponent(name)}/block`);

describe('blocking and unblocking', () => {
  it('blocks by username (any case) or id, lists the blocked, unblocks; twice is fine', async () => {
    expect((await block(bella, 'TROLL')).statusCode).toBe(204);
    expect((await block(bella, troll.userId)).statusCode).toBe(204);
    const list = await bella.get('/api/user/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        user: expect.objectContaining({ id: troll.userId, username: 'troll' }),
        blockedAt: expect.any(String),
      },
    ]);
    // Nobody else sees Bella's list, and Troll's own is empty.
    expect((await troll.get('/api/user/blocks')).json()).toEqual([]);
    expect((await unblock(bella, 'troll')).statusCode).toBe(204);
    expect((await unblock(bella, 'troll')).statusCode).toBe(204);
    expect((await bella.get('/api/user/blocks')).json()).toEqual([]);
  });

  it('refuses oneself (400), an unknown person (404), the signed out (401) and a missing CSRF token (403)', async () => {
    const self = await block(bella, 'bella');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(CANNOT_BLOCK_SELF);
    const unknown = await block(bella, 'nobody_here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(USER_NOT_FOUND);
    expect((await unblock(bella, 'nobody_here')).statusCode).toBe(404);
    const anonymous = t.client();
    expect((await anonymous.put('/api/users/troll/block')).statusCode).toBe(401);
    expect((await anonymous.delete('/api/users/troll/block')).statusCode).toBe(401);
    expect((await anonymous.get('/api/user/blocks')).statusCode).toBe(401);
    for (const method of ['PUT', 'DELETE'] as const) {
      const forged = await bella.request(method, '/api/users/troll/block', { csrf: false });
      expect(forged.statusCode).toBe(403);
    }
    expect((await bella.get('/api/user/blocks')).json()).toEqual([]);
  });

  it('lets a demo account block', async () => {
    const demo = await t.signedInClient({ isDemo: true });
    expect((await block(demo, 'troll')).statusCode).toBe(204);
    expect((await demo.get('/api/user/blocks')).json()).toHaveLength(1);
  });
});

describe('what a block cuts', () => {
  it('the blocked one: no comments on the tracks or playlists, no replies, no mentions; content kept', async () => {
    const before = await troll.post(trackComments(bellaTrack), { content: 'first!', atSeconds: 1 });
    expect(before.statusCode).toBe(201);
    const bellaThread = await bella.post(trackComments(carlTrack), { content: 'nice', atSeconds: 1 });
    await block(bella, 'troll');

    const comment = await troll.post(trackComments(bellaTrack), { content: 'again', atSeconds: 1 });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().message).toBe("You cannot comment on this person's tracks");
    const onList = await troll.post(listComments(bellaList), { content: 'meh' });
    expect(onList.statusCode).toBe(403);
    expect(onList.json().message).toBe("You cannot comment on this person's playlists");
    const reply = await troll.post(trackComments(carlTrack), {
      content: 'no',
      parentId: bellaThread.json().id,
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe("You cannot reply to this person's comments");
    // A mention anywhere, in any case, on someone else's track, playlist, or in an edit.
    const mention = await troll.post(trackComments(carlTrack), { content: 'hey @BELLA.', atSeconds: 1 });
    expect(mention.statusCode).toBe(403);
    expect(mention.json().message).toBe('You cannot mention @Bella');
    expect((await troll.post(listComments(trollList), { content: 'cc @bella' })).statusCode).toBe(403);
    const own = await troll.post(trackComments(carlTrack), { content: 'plain', atSeconds: 1 });
    expect(own.statusCode).toBe(201);
    const edited = await troll.patch(`${trackComments(carlTrack)}/${own.json().id}`, { content: '@bella' });
    expect(edited.statusCode).toBe(403);
    // Bella heard of none of it; the comment made before the block stays.
    const mentions = (await t.db.select().from(notifications)).filter(
      (n) => n.userId === bella.userId && n.actorId === troll.userId && n.kind === 'mention',
    );
    expect(mentions).toEqual([]);
    const threads = (await bella.get(trackComments(bellaTrack))).json();
    expect(threads.map((c: { content: string }) => c.content)).toContain('first!');
    // Others are untouched: Troll still comments on Carl's track, and Carl mentions Bella.
    expect(
      (await carl.post(trackComments(bellaTrack), { content: '@bella yes', atSeconds: 1 })).statusCode,
    ).toBe(201);
    await unblock(bella, 'troll');
  });

  it('works both ways for comments and mentions: the one who blocked is told to unblock', async () => {
    await block(bella, 'troll');
    const comment = await bella.post(trackComments(trollTrack), { content: 'hm', atSeconds: 1 });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().message).toBe(
      'You have blocked this person: unblock them to comment on their tracks',
    );
    expect((await bella.post(listComments(trollList), { content: 'hm' })).statusCode).toBe(403);
    const mention = await bella.post(trackComments(carlTrack), { content: 'ask @troll', atSeconds: 1 });
    expect(mention.statusCode).toBe(403);
    expect(mention.json().message).toBe('You have blocked @troll: unblock them to mention them');
    await unblock(bella, 'troll');
  });

  it('unblocking restores comments and mentions, which notify again', async () => {
    await block(bella, 'troll');
    await unblock(bella, 'troll');
    expect((await troll.post(trackComments(bellaTrack), { content: 'back', atSeconds: 1 })).statusCode).toBe(
      201,
    );
    expect((await troll.post(listComments(bellaList), { content: 'back' })).statusCode).toBe(201);
    expect(
      (await troll.post(trackComments(carlTrack), { content: 'hi @bella', atSeconds: 1 })).statusCode,
    ).toBe(201);
    const mentions = (await t.db.select().from(notifications)).filter(
      (n) => n.userId === bella.userId && n.actorId === troll.userId && n.kind === 'mention',
    );
    expect(mentions).toHaveLength(1);
  });

  it('the public profile: 404 to the blocked one signed in, 200 signed out and to everyone else', async () => {
    await block(bella, 'troll');
    const hidden = await troll.get('/api/public/users/bella');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(PROFILE_NOT_FOUND);
    expect((await troll.get(`/api/public/users/${bella.userId}`)).statusCode).toBe(404);
    expect((await t.client().get('/api/public/users/bella')).statusCode).toBe(200);
    expect((await carl.get('/api/public/users/bella')).statusCode).toBe(200);
    // Bella still sees Troll's profile (to unblock from there).
    expect((await bella.get('/api/public/users/troll')).statusCode).toBe(200);
    await unblock(bella, 'troll');
    expect((await troll.get('/api/public/users/bella')).statusCode).toBe(200);
  });

  it("invite links: the blocked one finds the blocker's link invalid; the blocker is told to unblock", async () => {
    const newLink = async (who: Person, id: number) =>
      (await who.post(`/api/collectives/${id}/invite-links`, { type: 'multi' })).json().code as string;
    const bellaBand = (await bella.post('/api/collectives', { name: 'Bella band' })).json().id as number;
    const trollBand = (await troll.post('/api/collectives', { name: 'Troll band' })).json().id as number;
    const bellaCode = await newLink(bella, bellaBand);
    const trollCode = await newLink(troll, trollBand);
    await block(bella, 'troll');

    for (const res of [
      await troll.get(`/api/invite/${bellaCode}`),
      await troll.post(`/api/invite/${bellaCode}/join`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVALID_INVITE_MESSAGE);
    }
    const join = await bella.post(`/api/invite/${trollCode}/join`);
    expect(join.statusCode).toBe(403);
    expect(join.json().message).toBe(
      'You have blocked the person who made this invite link: unblock them to join through it',
    );
    expect((await bella.get(`/api/invite/${trollCode}`)).statusCode).toBe(403);
    expect((await bella.get(`/api/collectives/${trollBand}`)).statusCode).toBe(404);
    // Carl joins through either.
    expect((await carl.post(`/api/invite/${bellaCode}/join`)).statusCode).toBe(200);
    expect((await carl.post(`/api/invite/${trollCode}/join`)).statusCode).toBe(200);

    await unblock(bella, 'troll');
    expect((await troll.post(`/api/invite/${bellaCode}/join`)).statusCode).toBe(200);
    expect((await bella.post(`/api/invite/${trollCode}/join`)).statusCode).toBe(200);
  });

  it('goes with either account', async () => {
    const gone = await t.signedInClient({ username: 'gone' });
    await block(gone, 'carl');
    await block(carl, 'gone');
    expect((await carl.get('/api/user/blocks')).json()).toHaveLength(1);
    expect((await gone.request('DELETE', '/api/user', { body: { confirm: 'delete' } })).statusCode).toBe(204);
    expect((await carl.get('/api/user/blocks')).json()).toEqual([]);
  });
});
