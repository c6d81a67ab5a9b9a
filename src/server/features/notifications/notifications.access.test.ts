import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { withEventStreams } from '../../../test/event-stream';
import { collectiveMembers } from '../../db/schema';

// Issue 41 (review, item 7): an inbox entry kept a playlist's name, and the words said in it, after
// the reader lost access to the playlist. It now says the playlist is no longer shared.
type Person = TestClient & { userId: string };
let t: TestApp;
let lead: Person; // owns the collective
let maker: Person; // owns the playlist
let fan: Person; // a member who will lose access

const inbox = async (who: Person) =>
  (await who.get('/api/notifications')).json<{ items: Notification[]; unread: number }>().items;

async function collective(name: string, members: Person[]) {
  const id = (await lead.post('/api/collectives', { name })).json<{ id: number }>().id;
  await t.db.insert(collectiveMembers).values(members.map((m) => ({ collectiveId: id, userId: m.userId })));
  return id;
}

async function sharedPlaylist(name: string, collectiveId: number) {
  const id = (await maker.post('/api/playlists', { name })).json<{ id: number }>().id;
  const res = await maker.post(`/api/playlists/${id}/share`, { collectiveIds: [collectiveId] });
  expect(res.statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  lead = await t.signedInClient({ username: 'lead' });
  maker = await t.signedInClient({ username: 'maker' });
  fan = await t.signedInClient({ username: 'fan' });
});
afterAll(async () => t?.close());

describe('an entry about a playlist the reader can no longer open', () => {
  it('once unshared: no name, no words, marked no longer shared, leading to the collective', async () => {
    const crew = await collective('Crew', [maker, fan]);
    const playlistId = await sharedPlaylist('Secret Demos', crew);
    const comment = await lead.post(`/api/collectives/${crew}/playlists/${playlistId}/comments`, {
      content: '@fan the bridge on Secret Demos is wild',
    });
    expect(comment.statusCode).toBe(201);
    const before = (await inbox(fan)).filter((n) => n.playlistId === playlistId);
    expect(before.map((n) => n.kind).sort()).toEqual(['mention', 'share']);
    for (const n of before) expect(n).toMatchObject({ playlistAvailable: true });
    expect(before.find((n) => n.kind === 'mention')).toMatchObject({
      playlistName: 'Secret Demos',
      excerpt: '@fan the bridge on Secret Demos is wild',
    });

    expect((await maker.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [] })).statusCode).toBe(
      200,
    );
    const after = (await inbox(fan)).filter((n) => n.playlistId === playlistId);
    expect(after).toHaveLength(2);
    for (const n of after) {
      expect(n).toMatchObject({
        playlistAvailable: false,
        playlistName: null,
        excerpt: null,
        url: `/collective/${crew}`,
        collective: { id: crew, name: 'Crew' },
      });
      expect(JSON.stringify(n)).not.toContain('Secret Demos');
    }
    // The owner still reads their own entries whole: the playlist is theirs wherever it is shared.
    const own = (await inbox(maker)).find(
      (n) => n.kind === 'playlist_comment' && n.playlistId === playlistId,
    );
    expect(own).toMatchObject({ playlistName: 'Secret Demos', playlistAvailable: true });
  });

  it('once the reader left the collective, and in the entry a live event carries afterwards', async () => {
    const band = await collective('Band', [maker, fan]);
    const playlistId = await sharedPlaylist('Rough Mixes', band);
    const [entry] = (await inbox(fan)).filter((n) => n.playlistId === playlistId);
    expect(entry).toMatchObject({ kind: 'share', playlistName: 'Rough Mixes', playlistAvailable: true });

    expect((await fan.delete(`/api/collectives/${band}/members/${fan.userId}`)).statusCode).toBeLessThan(300);
    const [gone] = (await inbox(fan)).filter((n) => n.playlistId === playlistId);
    expect(gone).toMatchObject({ kind: 'share', playlistName: null, playlistAvailable: false });

    // A live entry is worked out the same way (findNotification shares selectItems).
    await withEventStreams(t.app, async (open) => {
      const stream = await open(maker);
      const other = await collective('Other', [maker]);
      const otherPlaylist = await sharedPlaylist('Open Set', other);
      await lead.post(`/api/collectives/${other}/playlists/${otherPlaylist}/comments`, { content: 'nice' });
      const seen = await stream.next('notification', (d) => d.notification.playlistId === otherPlaylist);
      expect(seen.notification).toMatchObject({ playlistName: 'Open Set', playlistAvailable: true });
    });
  });
});
