import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../shared/schemas/activity';
import type { Notification } from '../../../shared/schemas/notifications';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { type EventStreamClient, withEventStreams } from '../../../test/event-stream';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

// What collectives see of a new version (issue 14, decisions 0223-0224): comments remember the
// version they were made on, and the activity feed says a new version was uploaded.
type Person = TestClient & { userId: string };
let t: TestApp;
let owner: Person;
let member: Person;
let outsider: Person;
let band: number; // the track's playlist is shared here
let other: number; // the owner's second collective, where it is not
let trackId: number;
let playlistId: number;

const comments = (c = band) => `/api/collectives/${c}/tracks/${trackId}/comments`;
const activity = (c: number) => `/api/collectives/${c}/activity`;
const newVersion = (who: Person, fields: Record<string, string> = {}) =>
  who.upload(`/api/tracks/${trackId}/versions`, fields, {
    field: 'file',
    name: 'mix-2.wav',
    type: 'audio/wav',
    data: makeWav(4),
  });

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'owner' });
  member = await t.signedInClient({ username: 'member' });
  outsider = await t.signedInClient({ username: 'outsider' });
  band = (await owner.post('/api/collectives', { name: 'Band' })).json().id;
  other = (await owner.post('/api/collectives', { name: 'Other' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId: band, userId: member.userId });
  const upload = await owner.upload(
    '/api/tracks',
    { name: 'Harbour' },
    { field: 'audio', name: 'mix.wav', type: 'audio/wav', data: makeWav(4) },
  );
  trackId = upload.json().id;
  playlistId = (await owner.post('/api/playlists', { name: 'Demos' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [band] });
});
afterAll(async () => t?.close());

describe('a new version in collectives', () => {
  it('comments carry the version they were made on', async () => {
    const early = await member.post(comments(), { content: 'Snare too loud', atSeconds: 1 });
    expect(early.statusCode).toBe(201);
    expect(early.json().trackVersion).toBe(1);

    expect((await newVersion(owner, { note: 'Quieter snare' })).statusCode).toBe(201);
    const late = await member.post(comments(), { content: 'Better now', atSeconds: 2 });
    expect(late.json().trackVersion).toBe(2);
    const reply = await owner.post(comments(), { content: 'Thanks', parentId: early.json().id });
    expect(reply.json().trackVersion).toBe(2);

    // The whole history (`all`) keeps each comment's own version: the first stays on version 1.
    const threads = (await member.get(`${comments()}?version=all`)).json();
    expect(
      threads.map((c: { content: string; trackVersion: number }) => [c.content, c.trackVersion]),
    ).toEqual([
      ['Snare too loud', 1],
      ['Better now', 2],
    ]);
  });

  it('tells the people who commented on the track, unless they switched it off', async () => {
    const inbox = async (who: Person) =>
      (await who.get('/api/notifications')).json<{ items: Notification[] }>().items;
    const [entry] = (await inbox(member)).filter((n) => n.kind === 'new_version');
    expect(entry).toMatchObject({
      actor: expect.objectContaining({ id: owner.userId }),
      collective: { id: band, name: 'Band' },
      track: { id: trackId, name: 'Harbour' },
      trackVersion: 2,
      read: false,
      url: `/collective/${band}/playlist/${playlistId}?track=${trackId}`,
    });
    // The owner, who uploaded it, hears nothing; nor does a member who never commented.
    expect((await inbox(owner)).some((n) => n.kind === 'new_version')).toBe(false);
    expect((await member.get('/api/notifications/preferences')).json()).toMatchObject({ new_version: true });

    const res = await member.patch('/api/notifications/preferences', { new_version: false });
    expect(res.statusCode).toBe(200);
    await newVersion(owner);
    expect((await inbox(member)).filter((n) => n.kind === 'new_version')).toHaveLength(1);
    await member.patch('/api/notifications/preferences', { new_version: true });
  });

  it('shows in the activity of the collectives the track is shared into, and nowhere else', async () => {
    const feed = await member.get(activity(band));
    expect(feed.statusCode).toBe(200);
    const items = feed.json<{ items: ActivityItem[] }>().items;
    const versions = items.filter((i) => i.kind === 'version');
    expect(versions.map((i) => i.version?.number)).toEqual([3, 2]);
    expect(versions[1]).toMatchObject({
      actor: expect.objectContaining({ id: owner.userId, username: 'owner' }),
      track: { id: trackId, name: 'Harbour' },
      version: { number: 2, note: 'Quieter snare' },
      comment: null,
      playlist: null,
      url: `/collective/${band}/playlist/${playlistId}?track=${trackId}`,
    });
    // Newest first: version 2 came after the first comment and before the later ones.
    expect(items.map((i) => i.kind).slice(0, 5)).toEqual([
      'version',
      'comment',
      'comment',
      'version',
      'comment',
    ]);

    const elsewhere = (await owner.get(activity(other))).json<{ items: ActivityItem[] }>().items;
    expect(elsewhere.some((i) => i.kind === 'version')).toBe(false);
  });

  it('pages through version items with the cursor, and the feed stays members only', async () => {
    expect((await newVersion(owner)).json().version).toBe(4);
    const all = (await member.get(activity(band))).json<{ items: ActivityItem[] }>().items;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `?limit=1&before=${encodeURIComponent(cursor)}` : '?limit=1';
      const page = (await member.get(`${activity(band)}${q}`)).json();
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((i) => i.id));
    expect(all[0]).toMatchObject({ kind: 'version', version: { number: 4, note: null } });

    expect((await outsider.get(activity(band))).statusCode).toBe(404);
    expect((await t.client().get(activity(band))).statusCode).toBe(401);
  });

  it('is announced live to the members of the collectives it is shared into, and no one else', async () => {
    await withEventStreams(t.app, async (open) => {
      const [memberStream, ownerStream, outsiderStream] = [
        await open(member),
        await open(owner),
        await open(outsider),
      ];
      const { version } = (await newVersion(owner)).json();
      expect(await memberStream.next('version', (d) => d.version === version)).toEqual({
        collectiveId: band,
        trackId,
        version,
      });
      await ownerStream.next('version', (d) => d.version === version && d.collectiveId === band);
      await t.app.liveEvents.delivery.settled();
      // Not for the owner's other collective, where the track is not shared, nor for an outsider.
      const versionEvents = (s: EventStreamClient) => s.events().filter((e) => e.event === 'version');
      expect(versionEvents(ownerStream)).toHaveLength(1);
      expect(versionEvents(outsiderStream)).toEqual([]);
    });
  });

  it('leaves the feed once the playlist is no longer shared there', async () => {
    await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [] });
    const items = (await owner.get(activity(band))).json<{ items: ActivityItem[] }>().items;
    expect(items.some((i) => i.kind === 'version')).toBe(false);
  });
});
