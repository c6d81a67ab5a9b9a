import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

type Person = TestClient & { userId: string };
let t: TestApp;
let artist: Person; // owns the collective, the playlist and the 20-second track
let fan: Person; // a member
let outsider: Person;
let crew: number;
let trackId: number;

const path = (tr = trackId) => `/api/collectives/${crew}/tracks/${tr}/comments`;
type Thread = {
  id: number;
  content: string;
  trackVersion: number;
  carriedFrom: number | null;
  resolved: boolean;
  resolvedBy: { username: string } | null;
  resolutionNote: string | null;
};

async function upload(who: Person, seconds: number) {
  const res = await who.upload(
    '/api/tracks',
    {},
    { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(seconds) },
  );
  return res.json().id as number;
}

// Open on version 2 at the end of setup: fan's moment at 1.234, artist's range 2.5–4.0005, fan's
// moment at 10.0015 with a comma, quotes and a line break. Resolved on v2: 3.3. On v1: 5.
const OPEN = [
  { who: 'fan', atSeconds: 1.234, endSeconds: null, content: 'Hats too loud' },
  { who: 'artist', atSeconds: 2.5, endSeconds: 4.0005, content: 'Intro drags' },
  { who: 'fan', atSeconds: 10.0015, endSeconds: null, content: 'Bass, "boomy"\nhere' },
];
let resolvedId: number;
let v1Id: number;

beforeAll(async () => {
  t = await buildTestApp();
  artist = await t.signedInClient({ username: 'artist' });
  fan = await t.signedInClient({ username: 'fan' });
  outsider = await t.signedInClient({ username: 'outsider' });
  crew = (await artist.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId: crew, userId: fan.userId });
  trackId = await upload(artist, 20);
  const playlistId = (await artist.post('/api/playlists', { name: 'Demos' })).json().id;
  await artist.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await artist.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [crew] });
  v1Id = (await fan.post(path(), { content: 'On the first take', atSeconds: 5 })).json().id;
  const v2 = await artist.upload(
    `/api/tracks/${trackId}/versions`,
    {},
    { field: 'file', name: 'b.wav', type: 'audio/wav', data: makeWav(20) },
  );
  expect(v2.statusCode).toBe(201);
  for (const c of OPEN) {
    const who = c.who === 'fan' ? fan : artist;
    const res = await who.post(path(), {
      content: c.content,
      atSeconds: c.atSeconds,
      endSeconds: c.endSeconds,
    });
    expect(res.statusCode).toBe(201);
    // A reply is part of its thread, never a marker of its own.
    await artist.post(path(), { content: 'A reply', parentId: res.json().id });
  }
  resolvedId = (await fan.post(path(), { content: 'Fixed already', atSeconds: 3.3 })).json().id;
  expect((await artist.post(`${path()}/${resolvedId}/resolve`, { resolved: true })).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe("a version's comments", () => {
  it('lists one version with ?version=, every version with all, the current one without it; carriedFrom is null', async () => {
    const v1 = (await fan.get(`${path()}?version=1`)).json() as Thread[];
    expect(v1.map((c) => c.content)).toEqual(['On the first take']);
    const v2 = (await fan.get(`${path()}?version=2`)).json() as Thread[];
    expect(v2.map((c) => c.content)).toEqual([
      'Hats too loud',
      'Intro drags',
      'Fixed already',
      'Bass, "boomy"\nhere',
    ]);
    expect(v2.every((c) => c.trackVersion === 2 && c.carriedFrom === null)).toBe(true);
    const all = (await fan.get(`${path()}?version=all`)).json() as Thread[];
    expect(all).toHaveLength(5);
    // Left out: the current version's (issue 44's contract, decision 0675).
    expect((await fan.get(path())).json()).toEqual(v2);
    expect((await fan.get(`${path()}?version=3`)).json()).toEqual([]);
    for (const bad of ['0', 'x', '1.5'])
      expect((await fan.get(`${path()}?version=${bad}`)).statusCode).toBe(400);
    expect((await outsider.get(`${path()}?version=1`)).statusCode).toBe(404);
  });
});

describe('resolve with a note', () => {
  it('keeps who resolved and the note; reopening clears them', async () => {
    const url = `${path()}/${v1Id}/resolve`;
    const res = await artist.post(url, { resolved: true, note: '  fixed in v2: lowered the hats ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      resolved: true,
      resolvedBy: expect.objectContaining({ username: 'artist' }),
      resolutionNote: 'fixed in v2: lowered the hats',
    });
    const listed = ((await fan.get(`${path()}?version=1`)).json() as Thread[])[0]!;
    expect(listed).toMatchObject({ resolutionNote: 'fixed in v2: lowered the hats', resolved: true });
    expect(listed.resolvedBy?.username).toBe('artist');

    const reopened = await artist.post(url, { resolved: false });
    expect(reopened.json()).toMatchObject({ resolved: false, resolvedBy: null, resolutionNote: null });
    // Resolving without a note is still fine, and an empty note is no note.
    const plain = await artist.post(url, { resolved: true, note: '' });
    expect(plain.json()).toMatchObject({ resolved: true, resolutionNote: null });
    await artist.post(url, { resolved: false });
  });

  it('refuses a note with a reopen, a note too long, and anyone but the owner', async () => {
    const url = `${path()}/${v1Id}/resolve`;
    expect((await artist.post(url, { resolved: false, note: 'x' })).statusCode).toBe(400);
    const long = await artist.post(url, { resolved: true, note: 'y'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 2000');
    expect((await artist.post(url, { resolved: true, note: 5 })).statusCode).toBe(400);
    expect((await fan.post(url, { resolved: true, note: 'mine' })).statusCode).toBe(403);
    expect((await outsider.post(url, { resolved: true })).statusCode).toBe(404);
  });
});

const markers = (format: string, who: Person = fan, query = '') =>
  who.get(`${path()}/markers?format=${format}${query}`);
const near = (a: number, b: number) => Math.abs(a - b) <= 0.001;
const expected = OPEN.map((c) => ({ ...c, text: `${c.who}: ${c.content.replace(/\n/g, ' ')}` }));

describe('markers for the DAW', () => {
  it('Audacity: a label per open thread, start = end for a moment', async () => {
    const res = await markers('audacity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="a v2 comments\.txt"/);
    const labels = res.body
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(labels).toHaveLength(expected.length);
    labels.forEach(([start, end, text], i) => {
      const c = expected[i]!;
      expect(near(Number(start), c.atSeconds)).toBe(true);
      expect(near(Number(end), c.endSeconds ?? c.atSeconds)).toBe(true);
      expect(text).toBe(c.text);
    });
  });

  it('REAPER: markers for moments, regions for ranges, a quoted name when it needs it', async () => {
    const res = await markers('reaper');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('.csv');
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('#,Name,Start,End,Length');
    const parsed = rows.map(parseCsvRow);
    expect(parsed.map((r) => r[0])).toEqual(['M1', 'R1', 'M2']);
    parsed.forEach(([, name, start, end, length], i) => {
      const c = expected[i]!;
      expect(name).toBe(c.text);
      expect(near(Number(start), c.atSeconds)).toBe(true);
      if (c.endSeconds === null) expect([end, length]).toEqual(['', '']);
      else {
        expect(near(Number(end), c.endSeconds)).toBe(true);
        expect(near(Number(length), c.endSeconds - c.atSeconds)).toBe(true);
      }
    });
  });

  it('CUE: a track per open thread at its frame, the milliseconds in REM lines', async () => {
    const res = await markers('cue');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.cue');
    const tracks = res.body.split(/\r\n\s*TRACK \d+ AUDIO\r\n/).slice(1);
    expect(tracks).toHaveLength(expected.length);
    tracks.forEach((block, i) => {
      const c = expected[i]!;
      expect(block).toContain(`TITLE "${c.text.replace(/"/g, "'")}"`);
      const start = Number(/REM START ([\d.]+)/.exec(block)![1]);
      expect(near(start, c.atSeconds)).toBe(true);
      const end = /REM END ([\d.]+)/.exec(block)?.[1];
      if (c.endSeconds === null) expect(end).toBeUndefined();
      else expect(near(Number(end), c.endSeconds)).toBe(true);
      const [mm, ss, ff] = /INDEX 01 (\d+):(\d\d):(\d\d)/.exec(block)!.slice(1).map(Number);
      expect(Math.abs(mm! * 60 + ss! + ff! / 75 - c.atSeconds)).toBeLessThanOrEqual(1 / 150 + 1e-9);
    });
  });

  it('takes another version, and answers 404 to non-members and 400 to a bad format', async () => {
    const v1 = await markers('audacity', artist, '&version=1');
    expect(v1.body).toBe('5.000\t5.000\tfan: On the first take\n');
    expect(v1.headers['content-disposition']).toContain('a v1 comments.txt');
    expect((await markers('audacity', outsider)).statusCode).toBe(404);
    expect((await markers('midi')).statusCode).toBe(400);
    expect((await fan.get(`${path()}/markers`)).statusCode).toBe(400);
  });
});

describe('open threads on the rows', () => {
  it("counts the current version's open threads, in two queries whatever the number of tracks", async () => {
    const count = async () => {
      t.queries.length = 0;
      const res = await artist.get('/api/tracks/review');
      return {
        items: res.json().items,
        queries: t.queries.filter((q) => /track_comments|track_open_threads|track_version_statuses/.test(q))
          .length,
      };
    };
    const one = await count();
    expect(one.items).toEqual([{ trackId, version: 2, status: 'in_progress', verdicts: [], openThreads: 3 }]);
    const more = [await upload(artist, 4), await upload(artist, 4)];
    const playlistId = (await artist.post('/api/playlists', { name: 'More' })).json().id;
    for (const id of more) {
      await artist.post(`/api/playlists/${playlistId}/tracks`, { trackId: id });
    }
    await artist.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [crew] });
    for (const id of more) await fan.post(path(id), { content: 'x', atSeconds: 1 });
    const three = await count();
    expect(three.items.map((s: { openThreads: number }) => s.openThreads)).toEqual([3, 1, 1]);
    expect(three.queries).toBe(one.queries);
    expect(one.queries).toBe(2);

    // Resolving one changes the count at once (nothing cached).
    const first = ((await fan.get(`${path(more[0])}?version=1`)).json() as Thread[])[0]!;
    await artist.post(`${path(more[0])}/${first.id}/resolve`, { resolved: true });
    const inCrew = (await fan.get(`/api/collectives/${crew}/review`)).json().items;
    expect(inCrew.map((s: { trackId: number; openThreads: number }) => [s.trackId, s.openThreads])).toEqual([
      [trackId, 3],
      [more[1], 1],
    ]);
  });
});

/** One CSV row (RFC 4180 quoting). */
function parseCsvRow(row: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]!;
    if (quoted) {
      if (ch === '"' && row[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}
