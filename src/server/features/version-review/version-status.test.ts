import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

type Person = TestClient & { userId: string };
let t: TestApp;
let artist: Person; // owns the track, the playlist and the collective Crew (so also a member)
let fan: Person; // a member of Crew
let admin: Person; // an admin of Crew
let outsider: Person; // in no collective of the track
let elsewhere: Person; // a member of Other only, which the track is not shared into
let crew: number;
let other: number;
let trackId: number;

const statusPath = (version = 1, tr = trackId) => `/api/tracks/${tr}/versions/${version}/status`;
type Entry = { collectiveId: number | null; status: string | null; setBy: { username: string } | null };
const entries = (res: { json: () => { statuses: Entry[] } }) =>
  res.json().statuses.map((s) => [s.collectiveId, s.status, s.setBy?.username ?? null]);

async function upload(who: Person) {
  const res = await who.upload(
    '/api/tracks',
    {},
    { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(2) },
  );
  return res.json().id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  artist = await t.signedInClient({ username: 'artist' });
  fan = await t.signedInClient({ username: 'fan' });
  admin = await t.signedInClient({ username: 'admin' });
  outsider = await t.signedInClient({ username: 'outsider' });
  elsewhere = await t.signedInClient({ username: 'elsewhere' });
  crew = (await artist.post('/api/collectives', { name: 'Crew' })).json().id;
  other = (await elsewhere.post('/api/collectives', { name: 'Other' })).json().id;
  await t.db.insert(collectiveMembers).values([
    { collectiveId: crew, userId: fan.userId },
    { collectiveId: crew, userId: admin.userId, role: 'admin' },
  ]);
  trackId = await upload(artist);
  const playlistId = (await artist.post('/api/playlists', { name: 'Demos' })).json().id;
  await artist.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await artist.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [crew] });
});
afterAll(async () => t.close());

describe('status per version', () => {
  it('starts in progress with no verdict; the owner sets In review, with who and when', async () => {
    const first = await artist.get(statusPath());
    expect(first.statusCode).toBe(200);
    expect(entries(first)).toEqual([
      [null, 'in_progress', null],
      [crew, null, null],
    ]);
    const before = Date.now();
    const res = await artist.put(statusPath(), { status: 'in_review' });
    expect(res.statusCode).toBe(200);
    expect(entries(res)).toEqual([
      [null, 'in_review', 'artist'],
      [crew, null, null],
    ]);
    const setAt = Date.parse(res.json().statuses[0].setAt);
    expect(setAt).toBeGreaterThanOrEqual(before - 5000);
    expect(res.json().statuses[1]).toMatchObject({ collectiveName: 'Crew' });
  });

  it('members give their collective a verdict; the last one counts, with its author', async () => {
    const approved = await fan.put(statusPath(), { status: 'approved', collectiveId: crew });
    expect(approved.statusCode).toBe(200);
    expect(entries(approved)).toEqual([
      [null, 'in_review', 'artist'],
      [crew, 'approved', 'fan'],
    ]);
    const changes = await admin.put(statusPath(), { status: 'changes_requested', collectiveId: crew });
    expect(changes.statusCode).toBe(200);
    expect(entries(changes)).toEqual([
      [null, 'in_review', 'artist'],
      [crew, 'changes_requested', 'admin'],
    ]);
    // Everyone who may see the track reads the same statuses.
    expect(entries(await fan.get(statusPath()))).toEqual(entries(changes));
  });

  it('refuses (403) a status the role may not set', async () => {
    const refused: [Person, object, string][] = [
      [artist, { status: 'approved' }, 'verdict'],
      [artist, { status: 'changes_requested' }, 'verdict'],
      // The owner, though a member (here the collective's owner), gives no verdict on their own take.
      [artist, { status: 'approved', collectiveId: crew }, "other members' word"],
      [fan, { status: 'in_review' }, "Only the track's owner"],
      [fan, { status: 'approved' }, "Only the track's owner"],
      [fan, { status: 'in_review', collectiveId: crew }, 'Changes requested or Approved'],
      [admin, { status: 'in_progress', collectiveId: crew }, 'Changes requested or Approved'],
    ];
    for (const [who, body, message] of refused) {
      const res = await who.put(statusPath(), body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 403 });
      expect(res.json().message).toContain(message);
    }
    // Nothing changed.
    expect(entries(await artist.get(statusPath()))).toEqual([
      [null, 'in_review', 'artist'],
      [crew, 'changes_requested', 'admin'],
    ]);
  });

  it('answers 404 to whoever cannot see the track, for a foreign collective and a missing version', async () => {
    for (const who of [outsider, elsewhere]) {
      expect((await who.get(statusPath())).statusCode).toBe(404);
      expect((await who.put(statusPath(), { status: 'in_review' })).statusCode).toBe(404);
    }
    // A member of a collective the track is not shared into.
    expect((await elsewhere.put(statusPath(), { status: 'approved', collectiveId: other })).statusCode).toBe(
      404,
    );
    // A member of Crew naming a collective they are not in.
    expect((await fan.put(statusPath(), { status: 'approved', collectiveId: other })).statusCode).toBe(404);
    // The owner naming a collective the track is not shared into.
    expect((await artist.put(statusPath(), { status: 'approved', collectiveId: other })).statusCode).toBe(
      404,
    );
    expect((await artist.get(statusPath(2))).statusCode).toBe(404);
    expect((await fan.put(statusPath(2), { status: 'approved', collectiveId: crew })).statusCode).toBe(404);
    expect((await artist.get(statusPath(1, 999_999))).statusCode).toBe(404);
    const signedOut = t.client();
    expect((await signedOut.get(statusPath())).statusCode).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { status: 'done' },
      {},
      { status: 'in_review', collectiveId: 0 },
      { status: 'in_review', x: 1 },
    ]) {
      expect((await artist.put(statusPath(), body)).statusCode).toBe(400);
    }
    expect((await artist.get(statusPath(0))).statusCode).toBe(400);
    expect((await artist.get('/api/tracks/1/versions/two/status')).statusCode).toBe(400);
  });

  it('keeps each version its own statuses; the rows show the current one', async () => {
    const res = await artist.upload(
      `/api/tracks/${trackId}/versions`,
      {},
      { field: 'file', name: 'b.wav', type: 'audio/wav', data: makeWav(2) },
    );
    expect(res.statusCode).toBe(201);
    expect(entries(await artist.get(statusPath(2)))).toEqual([
      [null, 'in_progress', null],
      [crew, null, null],
    ]);
    expect(entries(await artist.get(statusPath(1)))[0]).toEqual([null, 'in_review', 'artist']);

    expect((await fan.put(statusPath(2), { status: 'approved', collectiveId: crew })).statusCode).toBe(200);
    const journal = await artist.get('/api/tracks/review');
    expect(journal.statusCode).toBe(200);
    expect(journal.json().items).toEqual([
      {
        trackId,
        version: 2,
        status: 'in_progress',
        verdicts: [{ collectiveId: crew, status: 'approved' }],
        openThreads: 0,
      },
    ]);
    const inCrew = await fan.get(`/api/collectives/${crew}/review`);
    expect(inCrew.json().items).toEqual(journal.json().items);
    expect((await outsider.get(`/api/collectives/${crew}/review`)).statusCode).toBe(404);
    // Someone else's journal summaries are theirs: the fan has no tracks.
    expect((await fan.get('/api/tracks/review')).json().items).toEqual([]);
  });
});

describe('Subsonic', () => {
  it("shows the current version's statuses in the song's comment, the caller's collectives only", async () => {
    const song = async (who: Person) => {
      const { key } = (await who.post('/api/user/api-keys', { name: 'Phone' })).json();
      const res = await t.app.inject({ url: `/rest/getSong.view?f=json&apiKey=${key}&id=${trackId}` });
      return res.json()['subsonic-response'].song;
    };
    expect((await song(fan)).comment).toBe('v2: In progress · Crew: Approved');
    expect((await artist.put(statusPath(2), { status: 'in_review' })).statusCode).toBe(200);
    expect((await song(artist)).comment).toBe('v2: In review · Crew: Approved');
  });
});

describe('activity feed', () => {
  it("shows where a new version stands: the owner's word and this collective's verdict", async () => {
    const feed = await fan.get(`/api/collectives/${crew}/activity`);
    const item = feed.json().items.find((i: { kind: string }) => i.kind === 'version');
    expect(item.version).toEqual({ number: 2, note: null, status: 'in_review', verdict: 'approved' });
  });
});
