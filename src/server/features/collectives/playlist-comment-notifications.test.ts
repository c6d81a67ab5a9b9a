import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { withEventStreams } from '../../../test/event-stream';
import { collectiveMembers, collectivePlaylistComments } from '../../db/schema';

// Issue 23, decision 0300: a comment on a playlist shared into a collective tells the playlist's
// owner (kind `playlist_comment`, with its preference); @mentions there work as on tracks.
type Person = TestClient & { userId: string };
let t: TestApp;
let lead: Person; // owns the collective
let maker: Person; // a member; owns the playlist shared into it
let fan: Person; // a member
let outsider: Person;
let collectiveId: number;
let playlistId: number;

const url = () => `/api/collectives/${collectiveId}/playlists/${playlistId}/comments`;
const inbox = async (who: Person) =>
  (await who.get('/api/notifications')).json<{ items: Notification[]; unread: number }>();
/** The entries one comment made in this person's inbox. */
const entriesFor = async (who: Person, commentId: number) =>
  (await inbox(who)).items.filter((n) => n.playlistCommentId === commentId);
const comment = async (who: Person, content: string) => {
  const res = await who.post(url(), { content });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
};

beforeAll(async () => {
  t = await buildTestApp();
  lead = await t.signedInClient({ username: 'lead' });
  maker = await t.signedInClient({ username: 'Maker' });
  fan = await t.signedInClient({ username: 'fan.one' });
  outsider = await t.signedInClient({ username: 'outsider' });
  collectiveId = (await lead.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values([
    { collectiveId, userId: maker.userId },
    { collectiveId, userId: fan.userId },
  ]);
  playlistId = (await maker.post('/api/playlists', { name: 'Night Set' })).json().id;
  await maker.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  for (const who of [lead, maker, fan, outsider]) await who.post('/api/notifications/read', {});
});

describe('a comment on a shared playlist', () => {
  it("tells the playlist's owner, once, naming the playlist and linking to it", async () => {
    const id = await comment(fan, 'Lovely transitions in the second half');
    const box = await inbox(maker);
    expect(box.unread).toBe(1);
    expect(box.items[0]).toMatchObject({
      kind: 'playlist_comment',
      actor: expect.objectContaining({ id: fan.userId, username: 'fan.one' }),
      collective: { id: collectiveId, name: 'Crew' },
      playlistId,
      playlistName: 'Night Set',
      playlistCommentId: id,
      excerpt: 'Lovely transitions in the second half',
      track: null,
      commentId: null,
      atSeconds: null,
      read: false,
      url: `/collective/${collectiveId}/playlist/${playlistId}`,
    });
    // Nobody else is told: not the author, not the collective's owner, not an outsider.
    for (const who of [fan, lead, outsider]) expect((await inbox(who)).unread).toBe(0);
  });

  it('never tells the owner of their own comment', async () => {
    await comment(maker, 'Track 3 is a rough mix');
    expect((await inbox(maker)).unread).toBe(0);
  });

  it('a mention of the owner is one entry, the mention; other members named are told, outsiders not', async () => {
    const id = await comment(fan, '@maker @LEAD and @outsider: listen to this');
    expect(await entriesFor(maker, id)).toEqual([
      expect.objectContaining({ kind: 'mention', playlistName: 'Night Set', track: null }),
    ]);
    expect(await entriesFor(lead, id)).toEqual([
      expect.objectContaining({
        kind: 'mention',
        actor: expect.objectContaining({ id: fan.userId }),
        url: `/collective/${collectiveId}/playlist/${playlistId}`,
      }),
    ]);
    expect((await inbox(outsider)).unread).toBe(0);
    // The author naming themselves is no news either.
    const own = await comment(fan, 'note to self @fan.one');
    expect(await entriesFor(fan, own)).toEqual([]);
  });

  it('honours the owner’s preference, on unless switched off, falling back as decision 0164 does', async () => {
    expect((await maker.get('/api/notifications/preferences')).json()).toMatchObject({
      playlist_comment: true,
      mention: true,
    });
    const off = await maker.patch('/api/notifications/preferences', { playlist_comment: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ playlist_comment: false, comment: true });
    expect(await entriesFor(maker, await comment(fan, 'quiet'))).toEqual([]);
    // A mention is still a mention.
    expect((await entriesFor(maker, await comment(fan, '@maker hello'))).map((n) => n.kind)).toEqual([
      'mention',
    ]);
    // Mentions off, playlist comments on: the owner named hears of it as a comment on their playlist.
    await maker.patch('/api/notifications/preferences', { playlist_comment: true, mention: false });
    expect((await entriesFor(maker, await comment(fan, '@maker again'))).map((n) => n.kind)).toEqual([
      'playlist_comment',
    ]);
    await maker.patch('/api/notifications/preferences', { playlist_comment: false });
    expect(await entriesFor(maker, await comment(lead, '@maker both off'))).toEqual([]);
    await maker.patch('/api/notifications/preferences', { playlist_comment: true, mention: true });
    expect((await entriesFor(maker, await comment(lead, 'loud'))).map((n) => n.kind)).toEqual([
      'playlist_comment',
    ]);
    expect(
      (await maker.patch('/api/notifications/preferences', { playlist_comment: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('delivers the entry live, to the owner only', async () => {
    await withEventStreams(t.app, async (open) => {
      const [makerStream, leadStream, outsiderStream] = [
        await open(maker),
        await open(lead),
        await open(outsider),
      ];
      const id = await comment(fan, 'Live from the rehearsal');
      const seen = await makerStream.next('notification', (d) => d.notification.playlistCommentId === id);
      expect(seen.notification).toMatchObject({
        kind: 'playlist_comment',
        playlistName: 'Night Set',
        excerpt: 'Live from the rehearsal',
        read: false,
      });
      await t.app.liveEvents.delivery.settled();
      for (const stream of [leadStream, outsiderStream]) {
        expect(stream.events().filter((e) => e.event === 'notification')).toEqual([]);
      }
    });
  });

  it('goes with the comment it is about', async () => {
    const id = await comment(fan, 'soon gone');
    expect(await entriesFor(maker, id)).toHaveLength(1);
    await t.db.delete(collectivePlaylistComments).where(eq(collectivePlaylistComments.id, id));
    expect(await entriesFor(maker, id)).toEqual([]);
  });

  it('does not tell an owner who is no longer a member (and so cannot see it)', async () => {
    // Leaving through the API takes the owner's playlists out of the collective with them, so a
    // comment could no longer be made; the rule is checked on its own here.
    const membership = and(
      eq(collectiveMembers.collectiveId, collectiveId),
      eq(collectiveMembers.userId, maker.userId),
    );
    await t.db.delete(collectiveMembers).where(membership);
    try {
      await comment(fan, 'anyone there?');
      expect((await inbox(maker)).unread).toBe(0);
    } finally {
      await t.db.insert(collectiveMembers).values({ collectiveId, userId: maker.userId });
    }
  });
});
