import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { withEventStreams } from '../../../test/event-stream';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

type Person = TestClient & { userId: string };
let t: TestApp;
let artist: Person; // owns the collective, the playlist and the 4-second track
let fan: Person; // a member
let outsider: Person;
let collectiveId: number;
let trackId: number;
let playlistId: number;
let unsharedTrackId: number;

const path = (c = collectiveId, tr = trackId) => `/api/collectives/${c}/tracks/${tr}/comments`;

async function upload(who: Person, seconds: number) {
  const res = await who.upload(
    '/api/tracks',
    {},
    { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(seconds) },
  );
  return res.json().id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  artist = await t.signedInClient({ username: 'artist' });
  fan = await t.signedInClient({ username: 'Fan.One' });
  outsider = await t.signedInClient({ username: 'outsider' });
  collectiveId = (await artist.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: fan.userId });
  trackId = await upload(artist, 4);
  unsharedTrackId = await upload(artist, 4);
  playlistId = (await artist.post('/api/playlists', { name: 'Demos' })).json().id;
  await artist.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await artist.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
});
afterAll(async () => t.close());

describe('timed comments', () => {
  it('posts at a moment and on a range, lists by position with one level of replies', async () => {
    const late = await fan.post(path(), { content: 'Snare too loud', atSeconds: 3 });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({
      content: 'Snare too loud',
      atSeconds: 3,
      endSeconds: null,
      parentId: null,
      resolved: false,
      collectiveId,
      trackId,
      user: expect.objectContaining({ username: 'Fan.One' }),
    });
    const range = await artist.post(path(), { content: 'Intro drags', atSeconds: 0.5, endSeconds: 2.25 });
    expect(range.statusCode).toBe(201);
    expect(range.json()).toMatchObject({ atSeconds: 0.5, endSeconds: 2.25 });
    const reply = await artist.post(path(), { content: 'Fixed', parentId: late.json().id });
    expect(reply.statusCode).toBe(201);
    // A reply sits at its thread's moment.
    expect(reply.json()).toMatchObject({ parentId: late.json().id, atSeconds: 3 });

    const list = await fan.get(path());
    expect(list.statusCode).toBe(200);
    const threads = list.json();
    expect(threads.map((c: { content: string }) => c.content)).toEqual(['Intro drags', 'Snare too loud']);
    expect(threads[1].replies.map((c: { content: string }) => c.content)).toEqual(['Fixed']);
    expect(threads[0].replies).toEqual([]);
  });

  it('keeps positions within the track and a range end after its start', async () => {
    const bad: [object, number, string][] = [
      [{ content: 'x', atSeconds: 4.5 }, 400, 'within the track'],
      [{ content: 'x', atSeconds: 1, endSeconds: 5 }, 400, 'within the track'],
      [{ content: 'x', atSeconds: 2, endSeconds: 2 }, 400, 'endSeconds must be after atSeconds'],
      [{ content: 'x', atSeconds: 3, endSeconds: 1 }, 400, 'endSeconds must be after atSeconds'],
      [{ content: 'x', atSeconds: -1 }, 400, 'must not be negative'],
      [{ content: 'x' }, 400, 'atSeconds is required'],
      [{ content: 'x', atSeconds: '1' }, 400, 'atSeconds'],
      [{ content: '   ', atSeconds: 1 }, 400, 'A comment cannot be empty'],
      [{ content: 'y'.repeat(2001), atSeconds: 1 }, 400, 'at most 2000'],
      [{ content: 'x', atSeconds: 1, extra: true }, 400, ''],
      [{ content: 'x', atSeconds: 1, parentId: 999_999 }, 400, 'parentId'],
      [{ content: 'x', atSeconds: 1e9 }, 400, 'past the end'],
    ];
    for (const [body, status, message] of bad) {
      const res = await fan.post(path(), body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().message).toContain(message);
    }
    // The very end is a moment of the track.
    expect((await fan.post(path(), { content: 'End', atSeconds: 4 })).statusCode).toBe(201);
    expect((await fan.post(path(), { content: 'x', atSeconds: 1 })).statusCode).toBe(201);
  });

  it('answers 404 for a track not shared into the collective, 400 for a reply to a reply or another track', async () => {
    expect(
      (await artist.post(path(collectiveId, unsharedTrackId), { content: 'x', atSeconds: 1 })).statusCode,
    ).toBe(404);
    expect((await artist.get(path(collectiveId, unsharedTrackId))).statusCode).toBe(404);
    const top = (await fan.post(path(), { content: 'Top', atSeconds: 1 })).json();
    const reply = (await artist.post(path(), { content: 'Re', parentId: top.id })).json();
    const nested = await fan.post(path(), { content: 'Re re', parentId: reply.id });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toContain('one level');
    // A second playlist shares the other track: a parent from the first track is refused there.
    const other = (await artist.post('/api/playlists', { name: 'B-sides' })).json().id;
    await artist.post(`/api/playlists/${other}/tracks`, { trackId: unsharedTrackId });
    await artist.post(`/api/playlists/${other}/share`, { collectiveIds: [collectiveId] });
    const cross = await fan.post(path(collectiveId, unsharedTrackId), { content: 'x', parentId: top.id });
    expect(cross.statusCode).toBe(400);
  });

  it('lets the author edit, the author/owner/admin delete and the track owner resolve', async () => {
    const c = (await fan.post(path(), { content: 'Typo', atSeconds: 2 })).json();
    expect((await artist.patch(`${path()}/${c.id}`, { content: 'Not mine' })).statusCode).toBe(403);
    const edited = await fan.patch(`${path()}/${c.id}`, { content: 'Fixed typo' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'Fixed typo', editedAt: expect.any(String) });

    expect((await fan.post(`${path()}/${c.id}/resolve`, { resolved: true })).statusCode).toBe(403);
    const resolved = await artist.post(`${path()}/${c.id}/resolve`, { resolved: true });
    expect(resolved.json()).toMatchObject({ resolved: true, resolvedAt: expect.any(String) });
    expect((await artist.post(`${path()}/${c.id}/resolve`, { resolved: false })).json().resolved).toBe(false);

    const reply = (await artist.post(path(), { content: 'Gone soon', parentId: c.id })).json();
    expect((await fan.delete(`${path()}/${reply.id}`)).statusCode).toBe(403);
    expect((await fan.delete(`${path()}/${c.id}`)).statusCode).toBe(204);
    // The thread went with its replies.
    const ids = (await fan.get(path()))
      .json()
      .flatMap((th: { id: number; replies: { id: number }[] }) => [th.id, ...th.replies.map((r) => r.id)]);
    expect(ids).not.toContain(c.id);
    expect(ids).not.toContain(reply.id);
    expect((await fan.delete(`${path()}/${c.id}`)).statusCode).toBe(404);
  });

  it('shows nothing to someone outside the collective', async () => {
    expect((await outsider.get(path())).statusCode).toBe(404);
    expect((await outsider.post(path(), { content: 'Hi', atSeconds: 1 })).statusCode).toBe(404);
    expect((await t.client().get(path())).statusCode).toBe(401);
    const notes = (await outsider.get('/api/notifications')).json();
    expect(notes).toEqual({ items: [], unread: 0 });
  });
});

describe('notifications', () => {
  it('tells the track owner, the person replied to and whoever is @mentioned, each once, linking to the moment', async () => {
    await artist.post('/api/notifications/read', {});
    await fan.post('/api/notifications/read', {});
    const c = (await fan.post(path(), { content: 'Kick at 0:03 @artist', atSeconds: 3.2 })).json();
    const box = (await artist.get('/api/notifications')).json();
    expect(box.unread).toBe(1);
    expect(box.items[0]).toMatchObject({
      kind: 'mention',
      actor: expect.objectContaining({ id: fan.userId }),
      collective: { id: collectiveId, name: 'Crew' },
      track: { id: trackId, name: expect.any(String) },
      commentId: c.id,
      atSeconds: 3.2,
      excerpt: 'Kick at 0:03 @artist',
      read: false,
      url: `/collective/${collectiveId}/playlist/${playlistId}?track=${trackId}&t=3.2&comment=${c.id}`,
    });
    await artist.post(path(), { content: 'Thanks @fan.one', parentId: c.id });
    const fanBox = (await fan.get('/api/notifications')).json();
    expect(fanBox.unread).toBe(1);
    expect(fanBox.items[0]).toMatchObject({
      kind: 'mention',
      actor: expect.objectContaining({ id: artist.userId }),
    });
    await artist.post(path(), { content: 'And a plain reply', parentId: c.id });
    expect((await fan.get('/api/notifications')).json().items[0].kind).toBe('reply');
    // The author is never told of their own comment; an outsider named is not told either.
    await artist.post(path(), { content: 'Note to self @outsider', atSeconds: 1 });
    expect((await outsider.get('/api/notifications')).json().unread).toBe(0);
  });

  it('marks some or all read, only the caller’s own', async () => {
    await fan.post(path(), { content: 'one', atSeconds: 1 });
    await fan.post(path(), { content: 'two', atSeconds: 2 });
    const box = (await artist.get('/api/notifications')).json();
    expect(box.unread).toBeGreaterThanOrEqual(2);
    const first = box.items[0].id;
    const after = (await artist.post('/api/notifications/read', { ids: [first] })).json();
    expect(after.unread).toBe(box.unread - 1);
    expect(after.items.find((i: { id: number }) => i.id === first).read).toBe(true);
    // Someone else's id changes nothing of theirs.
    await fan.post('/api/notifications/read', { ids: [box.items[1].id] });
    expect((await artist.get('/api/notifications')).json().unread).toBe(box.unread - 1);
    expect((await artist.post('/api/notifications/read', {})).json().unread).toBe(0);
    expect((await artist.post('/api/notifications/read', { ids: ['x'] })).statusCode).toBe(400);
    expect((await artist.post('/api/notifications/read', { all: true })).statusCode).toBe(400);
    expect((await t.client().get('/api/notifications')).statusCode).toBe(401);
  });

  it('honours the in-app preference per kind', async () => {
    expect((await artist.get('/api/notifications/preferences')).json()).toEqual({
      comment: true,
      reply: true,
      mention: true,
      share: true,
      join: true,
      new_version: true,
      playlist_comment: true,
      version_answers: true,
      guest_comment: true,
      guest_upload: true,
    });
    const prefs = await artist.patch('/api/notifications/preferences', { comment: false });
    expect(prefs.json()).toMatchObject({ comment: false, mention: true });
    await artist.post('/api/notifications/read', {});
    await fan.post(path(), { content: 'quiet', atSeconds: 1 });
    expect((await artist.get('/api/notifications')).json().unread).toBe(0);
    await artist.patch('/api/notifications/preferences', { comment: true });
    await fan.post(path(), { content: 'loud', atSeconds: 1 });
    expect((await artist.get('/api/notifications')).json().unread).toBe(1);
    expect((await artist.patch('/api/notifications/preferences', { email: true })).statusCode).toBe(400);
  });

  it('tells members of a new share and an inviter of someone joining through their link', async () => {
    await fan.post('/api/notifications/read', {});
    const p = (await artist.post('/api/playlists', { name: 'New set' })).json().id;
    await artist.post(`/api/playlists/${p}/share`, { collectiveIds: [collectiveId] });
    const fanBox = (await fan.get('/api/notifications')).json();
    expect(fanBox.items[0]).toMatchObject({
      kind: 'share',
      playlistId: p,
      url: `/collective/${collectiveId}/playlist/${p}`,
    });
    // Sending the same shares again is no news.
    await artist.post(`/api/playlists/${p}/share`, { collectiveIds: [collectiveId] });
    expect((await fan.get('/api/notifications')).json().unread).toBe(1);

    const code = (
      await artist.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'multi' })
    ).json().code;
    await artist.post('/api/notifications/read', {});
    const joiner = await t.signedInClient({ username: 'joiner' });
    expect((await joiner.post(`/api/invite/${code}/join`, {})).statusCode).toBe(200);
    const box = (await artist.get('/api/notifications')).json();
    expect(box.items[0]).toMatchObject({
      kind: 'join',
      actor: expect.objectContaining({ id: joiner.userId }),
      url: `/collective/${collectiveId}`,
    });
  });

  it('delivers comments and inbox entries live, to members only', async () => {
    await withEventStreams(t.app, async (open) => {
      const [artistStream, fanStream, outsiderStream] = [
        await open(artist),
        await open(fan),
        await open(outsider),
      ];
      const c = (await fan.post(path(), { content: 'Live one', atSeconds: 1.5 })).json();
      const seen = await artistStream.next('trackComment', (d) => d.commentId === c.id);
      expect(seen).toMatchObject({
        collectiveId,
        trackId,
        change: 'added',
        comment: { content: 'Live one', atSeconds: 1.5 },
      });
      const note = await artistStream.next('notification', (d) => d.notification.commentId === c.id);
      expect(note.notification).toMatchObject({ kind: 'comment', read: false });
      await fanStream.next('trackComment', (d) => d.commentId === c.id);
      await fan.patch(`${path()}/${c.id}`, { content: 'Live edit' });
      await artistStream.next('trackComment', (d) => d.commentId === c.id && d.change === 'edited');
      await fan.delete(`${path()}/${c.id}`);
      expect(
        await artistStream.next('trackComment', (d) => d.commentId === c.id && d.change === 'deleted'),
      ).toMatchObject({
        comment: null,
      });
      await t.app.liveEvents.delivery.settled();
      expect(
        outsiderStream.events().filter((e) => e.event === 'trackComment' || e.event === 'notification'),
      ).toEqual([]);
    });
  });
});

describe('activity feed', () => {
  it('lists shares, joins and comments newest first, a page at a time, to members only', async () => {
    const id = (await artist.post('/api/collectives', { name: 'Feed' })).json().id as number;
    await t.db.insert(collectiveMembers).values({ collectiveId: id, userId: fan.userId });
    const p = (await artist.post('/api/playlists', { name: 'Feed set' })).json().id as number;
    await artist.post(`/api/playlists/${p}/tracks`, { trackId });
    await artist.post(`/api/playlists/${p}/share`, { collectiveIds: [id] });
    const c = (await fan.post(path(id), { content: 'Feed comment', atSeconds: 2 })).json();
    await artist.post(path(id), { content: 'Feed reply', parentId: c.id });

    const all = (await fan.get(`/api/collectives/${id}/activity`)).json();
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((i: { kind: string }) => i.kind)).toEqual([
      'comment',
      'comment',
      'share',
      'join',
      'join',
    ]);
    expect(all.items[0]).toMatchObject({
      actor: expect.objectContaining({ id: artist.userId }),
      comment: { excerpt: 'Feed reply', isReply: true, atSeconds: 2 },
      track: { id: trackId, name: expect.any(String) },
      url: `/collective/${id}/playlist/${p}?track=${trackId}&t=2&comment=${all.items[0].comment.id}`,
    });
    expect(all.items[2]).toMatchObject({
      playlist: { id: p, name: 'Feed set' },
      url: `/collective/${id}/playlist/${p}`,
    });

    // Pages of two follow on without repeating or skipping anything.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `?limit=2&before=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = (await fan.get(`/api/collectives/${id}/activity${q}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i: { id: string }) => i.id));

    expect((await outsider.get(`/api/collectives/${id}/activity`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/collectives/${id}/activity`)).statusCode).toBe(401);
    expect((await fan.get(`/api/collectives/${id}/activity?before=yesterday`)).statusCode).toBe(400);
    expect((await fan.get(`/api/collectives/${id}/activity?limit=0`)).statusCode).toBe(400);
  });
});
