import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackPage } from '../../../shared/schemas/track-list';
import { TRACK_SORTS, type Track, type TrackSort } from '../../../shared/schemas/tracks';
import type { TrackFilter } from '../../../shared/track-filter';
import { filterTracksByText } from '../../../shared/track-match';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';

// Issue 23: every filter, with both sorts and cursor pages, agrees with a brute-force filter of the
// whole list (decision 0270). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let tagIds: number[];

const NAMES = [
  'Morning take',
  'Loop idea',
  'Bassline 50% swing',
  'under_score jam',
  'Night drive',
  'TAKE two',
];
const NOTES = [null, 'recorded with the juno', 'a LOOP to finish', 'back\\slash note', null, 'sketch'];
const MIMES = ['audio/wav', 'audio/mpeg', 'audio/flac', 'audio/aiff'];
const STATES = ['pending', 'ready', 'failed'] as const;
const DAY_MS = 86_400_000;
const KEYS = ['A minor', 'C major', 'F# minor', 'D# major', 'E minor'];

/** A deterministic journal: day boundaries, equal upload times, undated files, 0–3 tags a track. */
async function seed(userId: string, count: number, salt: number) {
  const base = Date.parse('2024-03-01T00:00:00.000Z');
  const rows = Array.from({ length: count }, (_, i) => {
    const k = i * 7 + salt;
    // Uploads land on exact midnights, the last millisecond of a day and equal times.
    const offsets = [0, DAY_MS - 1, 12 * 3_600_000, 0];
    const created = new Date(base + (k % 9) * DAY_MS + offsets[k % 4]!);
    const file =
      k % 5 === 0 ? null : new Date(Date.parse('2023-06-01T00:00:00Z') + (k % 11) * DAY_MS + (k % 3) * 1000);
    return {
      userId,
      name: `${NAMES[k % NAMES.length]} ${i}`,
      filename: `f-${i}.wav`,
      filepath: `tracks/${userId}-${i}`,
      mimeType: MIMES[k % MIMES.length]!,
      size: 1000 + i,
      notes: NOTES[(k >> 1) % NOTES.length] ?? null,
      visibility: k % 3 === 0 ? ('public' as const) : ('private' as const),
      processingState: STATES[k % STATES.length]!,
      createdAt: created,
      fileCreatedAt: file,
      // Tempo and key (issue 47): unmeasured, measured, and the owner's over the measured.
      bpm: k % 4 === 0 ? null : 60 + ((k * 13) % 120) + (k % 3) * 0.05,
      ownerBpm: i % 7 === 3 ? 90 : null,
      musicalKey: k % 6 === 0 ? null : KEYS[k % KEYS.length]!,
      ownerKey: i % 8 === 5 ? 'A minor' : null,
    };
  });
  const inserted = await t.db.insert(tracks).values(rows).returning({ id: tracks.id });
  const links = inserted.flatMap(({ id }, i) =>
    tagIds
      .filter((_, j) => ((i + salt) * (j + 3)) % 5 === 0)
      .slice(0, 3)
      .map((equipmentTagId) => ({ trackId: id, equipmentTagId })),
  );
  if (links.length) await t.db.insert(trackEquipmentTags).values(links);
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
  const tags = await t.db
    .insert(equipmentTags)
    .values([
      { name: 'Juno-60' },
      { name: 'TR-808' },
      { name: 'Big Muff' },
      { name: 'SP_404' },
      { name: 'Unused' },
    ])
    .returning({ id: equipmentTags.id });
  tagIds = tags.map((tag) => tag.id);
  await seed(alice.userId, 70, 0);
  await seed(bob.userId, 20, 3);
});
afterAll(async () => t.close());

const dayStart = (d: string) => Date.parse(`${d}T00:00:00Z`);
function inRange(value: string | null, from?: string, to?: string): boolean {
  if (value === null) return false;
  const time = Date.parse(value);
  const fromTime = from && (from.length === 10 ? dayStart(from) : Date.parse(from));
  const toOk = !to || (to.length === 10 ? time < dayStart(to) + DAY_MS : time <= Date.parse(to));
  return (!fromTime || time >= fromTime) && toOk;
}

/**
 * The filter's meaning, written plainly over the whole list; the text by the shared matcher, best
 * first, as the Add Tracks dialog ranks it (issue 42, decision 0570).
 */
function bruteForce(list: Track[], f: TrackFilter): Track[] {
  const others = list.filter(
    (track) =>
      (!f.equipment || track.equipment.some((e) => f.equipment!.includes(e.id))) &&
      (!f.visibility || track.visibility === f.visibility) &&
      (!f.state || track.processing.state === f.state) &&
      (!f.format || track.mimeType === `audio/${f.format}`) &&
      (!(f.from || f.to) ||
        inRange(f.dateField === 'created' ? track.fileCreatedAt : track.createdAt, f.from, f.to)) &&
      (f.bpmFrom === undefined || (track.bpm !== null && track.bpm >= f.bpmFrom)) &&
      (f.bpmTo === undefined || (track.bpm !== null && track.bpm <= f.bpmTo)) &&
      (!f.key || track.musicalKey === f.key),
  );
  return f.q ? filterTracksByText(others, f.q) : others;
}

const query = (f: TrackFilter) =>
  Object.entries(f)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`)
    .join('&');

async function pages(client: TestClient, f: TrackFilter, sort: TrackSort, limit: number) {
  const items: Track[] = [];
  let cursor: string | null = null;
  let first: TrackPage | undefined;
  do {
    const url = `/api/tracks?sort=${sort}&limit=${limit}&${query(f)}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await client.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = res.json<TrackPage>();
    first ??= page;
    if (cursor) expect(page.total, 'later pages do not count').toBeUndefined();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { items, first: first! };
}

const FILTERS: TrackFilter[] = [
  { q: 'take' },
  { q: 'LOOP' },
  { q: 'juno' },
  { q: 'muff' },
  { q: '50%' },
  { q: '_' },
  { q: 'back\\' },
  { q: 'nothing like this' },
  // Issue 42: best first ("Take 1" before "Take 10"), a typo only when nothing matches as typed.
  { q: 'take 1' },
  { q: 'jnuo' },
  { q: 'swnig 5', state: 'failed' },
  { equipment: [1, 2] },
  { visibility: 'public' },
  { state: 'failed' },
  { format: 'WAV' },
  { from: '2024-03-02', to: '2024-03-04' },
  { from: '2024-03-05' },
  { to: '2024-03-01' },
  { from: '2024-03-02T12:00:00.000+02:00', to: '2024-03-03T12:00:00.000Z' },
  { dateField: 'created', from: '2023-06-03', to: '2023-06-06' },
  { dateField: 'created', to: '2023-06-04' },
  // "n" begins words ("Night", "note"); "o" begins none since words begin words (issue 42).
  { q: 'n', equipment: [2, 3], state: 'ready', visibility: 'private', from: '2024-03-02' },
  { format: 'aiff', dateField: 'created', from: '2023-06-02' },
];

/** Tempo and key as the track shows them (decision 0822); bounds inclusive, on the tenth shown. */
const TEMPO_KEY_FILTERS: TrackFilter[] = [
  { bpmFrom: 90, bpmTo: 90 },
  { bpmFrom: 100.1 },
  { bpmTo: 73.1 },
  { key: 'A minor' },
  { key: 'F# minor', bpmFrom: 60, bpmTo: 150, q: 'take' },
];

/** Each filter, with each sort, in cursor pages of 7 and 200: how many found anything. */
async function agreeWithBruteForce(filters: TrackFilter[]): Promise<{ nonEmpty: number; whole: Track[] }> {
  const whole = Object.fromEntries(
    await Promise.all(
      TRACK_SORTS.map(
        async (sort) => [sort, (await alice.get(`/api/tracks?sort=${sort}`)).json<Track[]>()] as const,
      ),
    ),
  ) as Record<TrackSort, Track[]>;
  expect(whole.dateUploaded).toHaveLength(70);
  // The seeded tag ids are not 1 and 2 on every database; map the filter onto them.
  const ids = (f: TrackFilter) =>
    f.equipment ? { ...f, equipment: f.equipment.map((n) => tagIds[n - 1]!) } : f;
  let nonEmpty = 0;
  for (const raw of filters) {
    const f = ids(raw);
    const expected = { ...f, format: f.format?.toLowerCase() };
    for (const sort of TRACK_SORTS) {
      const want = bruteForce(whole[sort], expected).map((track) => track.id);
      for (const limit of [7, 200]) {
        const { items, first } = await pages(alice, f, sort, limit);
        expect(
          items.map((track) => track.id),
          `${query(f)} ${sort} ${limit}`,
        ).toEqual(want);
        expect(first.total).toBe(want.length);
        expect(first.all).toBe(70);
      }
      // The items are the list's own, byte for byte as JSON.
      const { items } = await pages(alice, f, sort, 200);
      const byId = new Map(whole[sort].map((track) => [track.id, track]));
      expect(items).toEqual(want.map((id) => byId.get(id)));
    }
    if (bruteForce(whole.dateUploaded, expected).length) nonEmpty += 1;
  }
  return { nonEmpty, whole: whole.dateUploaded };
}

describe('GET /api/tracks filtered', () => {
  it('answers, for each filter and sort, cursor pages equal to a brute-force filter of the list', async () => {
    const { nonEmpty } = await agreeWithBruteForce(FILTERS);
    // The data exercises the filters: all but the deliberate no-match and "_" (a separator, no word
    // of any track since issue 42) find something.
    expect(nonEmpty).toBe(FILTERS.length - 2);
  });

  it('filters by the tempo and key shown, equal to a brute-force filter of the list', async () => {
    const { nonEmpty, whole } = await agreeWithBruteForce(TEMPO_KEY_FILTERS);
    expect(nonEmpty).toBe(TEMPO_KEY_FILTERS.length);
    // The owner's tempo counts, not the measured one under it.
    const edited = whole.filter((track) => track.bpmEdited);
    expect(edited.length).toBeGreaterThan(0);
    expect(edited.every((track) => track.bpm === 90)).toBe(true);
  });

  it('gives a first page of 100 with counts when filtered without limit; the plain list stays an array', async () => {
    const res = await alice.get('/api/tracks?q=take');
    const page = res.json<TrackPage>();
    expect(page.items.length).toBe(page.total);
    expect(page.all).toBe(70);
    expect(page.nextCursor).toBeNull();
    expect(Array.isArray((await alice.get('/api/tracks')).json())).toBe(true);
    expect(Array.isArray((await alice.get('/api/tracks?sort=dateCreated&dateField=created&q=')).json())).toBe(
      true,
    );
  });

  it("never shows another person's tracks, whatever the filter", async () => {
    const page = (await bob.get(`/api/tracks?q=o&limit=200`)).json<TrackPage>();
    expect(page.all).toBe(20);
    expect(page.items.every((track) => track.userId === bob.userId)).toBe(true);
  });

  it('refuses a cursor given for another filter, or for none, with 400', async () => {
    const a = (await alice.get('/api/tracks?limit=2&q=take')).json<TrackPage>();
    const plain = (await alice.get('/api/tracks?limit=2')).json<TrackPage>();
    expect(a.nextCursor).not.toBeNull();
    for (const url of [
      `/api/tracks?limit=2&q=loop&cursor=${a.nextCursor}`,
      `/api/tracks?limit=2&cursor=${a.nextCursor}`,
      `/api/tracks?limit=2&q=take&cursor=${plain.nextCursor}`,
      `/api/tracks?limit=2&q=take&sort=dateCreated&cursor=${a.nextCursor}`,
    ]) {
      const res = await alice.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/cursor is not one this server gave/);
    }
    // The same filter written differently (ids reordered, format case) is the same filter.
    const b = (
      await alice.get(`/api/tracks?limit=1&equipment=${tagIds[1]},${tagIds[0]}&format=WAV`)
    ).json<TrackPage>();
    const next = await alice.get(
      `/api/tracks?limit=1&equipment=${tagIds[0]},${tagIds[1]}&format=wav&cursor=${b.nextCursor}`,
    );
    expect(next.statusCode).toBe(200);
  });

  it('explains what is wrong with a filter (400)', async () => {
    const cases: [string, RegExp][] = [
      ['equipment=a,b', /equipment must be up to 20 ids/],
      ['equipment=1,,2', /equipment must be up to 20 ids/],
      [
        `equipment=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`,
        /equipment must be up to 20 ids/,
      ],
      ['equipment=0', /equipment ids must be from 1/],
      ['visibility=secret', /visibility must be "private" or "public"/],
      ['state=done', /state must be one of pending, ready, failed/],
      ['format=../x', /format must be a mime subtype/],
      ['from=2024-02-30', /from must be a date/],
      ['to=yesterday', /to must be a date/],
      ['from=2024-03-01T10:00:00', /from must be a date/],
      ['from=2024-03-05&to=2024-03-04', /from must not be after to/],
      ['dateField=modified', /dateField must be "uploaded" or "created"/],
      [`q=${'x'.repeat(101)}`, /q must be at most 100 characters/],
      ['q=a%00b', /q must not contain control characters/],
      ['bpmFrom=fast', /bpmFrom must be a number from 0 to 400/],
      ['bpmTo=401', /bpmTo must be a number from 0 to 400/],
      ['bpmFrom=-1', /bpmFrom must be a number from 0 to 400/],
      ['bpmFrom=130&bpmTo=120', /bpmFrom must not be above bpmTo/],
      ['key=H%20minor', /key must be a key such as "A minor"/],
      ['key=A%20dorian', /key must be a key such as "A minor"/],
    ];
    for (const [params, message] of cases) {
      const res = await alice.get(`/api/tracks?${params}`);
      expect(res.statusCode, params).toBe(400);
      expect(res.json().message, params).toMatch(message);
    }
    // A key in any usual spelling is the key: "Am" finds what "A minor" finds.
    const am = (await alice.get('/api/tracks?key=Am&limit=200')).json<TrackPage>();
    const aMinor = (await alice.get('/api/tracks?key=A%20minor&limit=200')).json<TrackPage>();
    expect(am.items.length).toBeGreaterThan(0);
    expect(am.items).toEqual(aMinor.items);
    // One day is a valid range.
    expect((await alice.get('/api/tracks?from=2024-03-04&to=2024-03-04')).statusCode).toBe(200);
  });

  it('follows edits at once (filtered pages are not kept by the list cache)', async () => {
    const target = (await alice.get('/api/tracks?limit=1')).json<TrackPage>().items[0]!;
    await alice.get('/api/tracks'); // the whole list is now cached
    expect((await alice.get('/api/tracks?q=zebra')).json<TrackPage>().total).toBe(0);
    expect((await alice.patch(`/api/tracks/${target.id}`, { name: 'Zebra crossing' })).statusCode).toBe(200);
    const page = (await alice.get('/api/tracks?q=zebra')).json<TrackPage>();
    expect(page.items.map((track) => track.id)).toEqual([target.id]);
  });
});
