import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
import { TRACK_COUNT_CAP } from '../../../shared/track-filter';
import { matchDoc } from '../../../shared/track-match';
import { FOLD_TABLE, matchFold, SEPARATORS } from '../../../shared/track-match-fold';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';

// Issue 48: the journal's text filter reads each track's MatchDoc as the database keeps it
// (track_match_documents, migration 0048), and a first page's counts read neither the whole journal
// nor all of its matches: `all` is kept (user_track_counts), `total` counted up to TRACK_COUNT_CAP.
// On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

type Client = TestClient & { userId: string };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

async function addTracks(me: Client, names: string[]) {
  return t.db
    .insert(tracks)
    .values(
      names.map((name, i) => ({
        userId: me.userId,
        name,
        filename: 'f.wav',
        filepath: `tracks/${me.userId}-${name}-${i}`,
        mimeType: 'audio/wav',
        size: 1000,
      })),
    )
    .returning({ id: tracks.id });
}

/** The names of the tracks a filter finds, best first, and the first page's counts. */
async function find(me: Client, q: string) {
  const res = await me.get(`/api/tracks?limit=50&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json<TrackPage>();
  return { names: page.items.map((item) => item.name), page };
}

describe('the kept match documents', () => {
  it('fold as the shared matcher folds: every character of its table, separators and mixed text', async () => {
    const samples = [
      ...FOLD_TABLE.keys(),
      ...SEPARATORS,
      'Crème BRÛLÉE (take 2)',
      'Straße Œuvre ÆON þorn',
      'ΟΔΟΣ ς Łódź e\u0301te',
      'Take 07 — “night” … drive',
      'plain ascii, with: punctuation!',
      '漢字 mixed ß',
    ];
    const [row] = await rowsOf<{ folded: string[] }>(
      sql`select array(select track_match_fold(s) from jsonb_array_elements_text(${JSON.stringify(samples)}::jsonb)
        with ordinality u(s, n) order by n) as folded`,
    );
    expect(row!.folded).toEqual(samples.map(matchFold));
  });

  it('follow a track: upload, rename and notes (through the API), tags, renamed and deleted equipment', async () => {
    const me = await t.signedInClient();
    const [take] = await addTracks(me, ['Evening sketch']);
    const [juno, drum] = await t.db
      .insert(equipmentTags)
      .values([{ name: 'Juno-60' }, { name: 'Drumbrute' }])
      .returning({ id: equipmentTags.id });
    const docOf = async () => {
      const [row] = await rowsOf<{ name: string; document: string }>(
        sql`select name, document from track_match_documents where track_id = ${take!.id}`,
      );
      return row;
    };
    /** The document equals the shared matcher's MatchDoc of the track as the journal lists it. */
    const matchesJournal = async () => {
      const list = (await me.get('/api/tracks')).json<Track[]>();
      const track = list.find((x) => x.id === take!.id)!;
      const want = matchDoc(track);
      expect(await docOf()).toEqual({ name: want.name, document: want.all });
    };

    await matchesJournal();
    expect((await find(me, 'evening')).names).toEqual(['Evening sketch']);

    const patched = await me.patch(`/api/tracks/${take!.id}`, { name: 'Nachtfahrt', notes: 'Mit Bandecho' });
    expect(patched.statusCode, patched.body).toBe(200);
    await matchesJournal();
    expect((await find(me, 'evening')).names).toEqual([]);
    expect((await find(me, 'nacht band')).names).toEqual(['Nachtfahrt']);

    await t.db.insert(trackEquipmentTags).values([
      { trackId: take!.id, equipmentTagId: juno!.id },
      { trackId: take!.id, equipmentTagId: drum!.id },
    ]);
    await matchesJournal();
    expect((await find(me, 'juno 60')).names).toEqual(['Nachtfahrt']);

    await t.db.update(equipmentTags).set({ name: 'Jupiter-8' }).where(eq(equipmentTags.id, juno!.id));
    await matchesJournal();
    expect((await find(me, 'juno')).names).toEqual([]);
    expect((await find(me, 'jupiter')).names).toEqual(['Nachtfahrt']);

    await t.db.delete(trackEquipmentTags).where(eq(trackEquipmentTags.equipmentTagId, juno!.id));
    await matchesJournal();
    expect((await find(me, 'jupiter')).names).toEqual([]);

    await t.db.delete(equipmentTags).where(eq(equipmentTags.id, drum!.id));
    await matchesJournal();
    expect((await find(me, 'drumbrute')).names).toEqual([]);

    await t.db.delete(tracks).where(eq(tracks.id, take!.id));
    expect(await docOf()).toBeUndefined();
  });
});

describe('first-page counts', () => {
  it('keep the owner’s number of tracks through inserts and deletions of any size', async () => {
    const me = await t.signedInClient();
    const other = await t.signedInClient();
    await addTracks(other, ['Elsewhere']);
    const all = async () => (await me.get('/api/tracks?limit=1')).json<TrackPage>().all;
    expect(await all()).toBe(0);
    await addTracks(me, ['One']);
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size)
      select ${me.userId}, 'Bulk ' || i, 'f.wav', 'tracks/bulk-' || ${me.userId} || i, 'audio/wav', 1000
      from generate_series(1, 30) i`);
    expect(await all()).toBe(31);
    await t.db.execute(sql`delete from tracks where user_id = ${me.userId} and name like 'Bulk 1%'`);
    const [left] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from tracks where user_id = ${me.userId}`,
    );
    expect(left!.n).toBe(20);
    expect(await all()).toBe(20);
    const unfiltered = (await me.get('/api/tracks?limit=5')).json<TrackPage>();
    expect([unfiltered.total, unfiltered.all, unfiltered.totalCapped]).toEqual([20, 20, undefined]);
  });

  it(`count matches exactly up to ${TRACK_COUNT_CAP}, then say "at least" that many`, async () => {
    const me = await t.signedInClient();
    // TRACK_COUNT_CAP "Night" takes and one "Day" (a tag on every tenth night and the day).
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, created_at)
      select ${me.userId}, case when i = 0 then 'Day' else 'Night ' || i end, 'f.wav',
        'tracks/cap-' || ${me.userId} || i, 'audio/wav', 1000, timestamptz '2024-01-01' + i * interval '1 minute'
      from generate_series(0, ${TRACK_COUNT_CAP}) i`);
    const [tag] = await t.db
      .insert(equipmentTags)
      .values({ name: 'Cap synth' })
      .returning({ id: equipmentTags.id });
    await t.db.execute(sql`
      insert into track_equipment_tags (track_id, equipment_tag_id)
      select id, ${tag!.id} from tracks where user_id = ${me.userId} and (name = 'Day' or id % 10 = 0)`);
    const counts = async (query: string) => {
      const page = (await me.get(`/api/tracks?limit=10&${query}`)).json<TrackPage>();
      return [page.total, page.all, page.totalCapped];
    };
    const everything = TRACK_COUNT_CAP + 1;
    // At the cap: exact.
    expect(await counts('q=night')).toEqual([TRACK_COUNT_CAP, everything, undefined]);
    expect(await counts('q=nigth')).toEqual([TRACK_COUNT_CAP, everything, undefined]);
    const [tagged] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from track_equipment_tags where equipment_tag_id = ${tag!.id}`,
    );
    expect(await counts(`equipment=${tag!.id}`)).toEqual([tagged!.n, everything, undefined]);
    // One more: the cap, and a flag; the pages still hold every match.
    await addTracks(me, ['Night owl']);
    expect(await counts('q=night')).toEqual([TRACK_COUNT_CAP, everything + 1, true]);
    expect(await counts('q=nigth')).toEqual([TRACK_COUNT_CAP, everything + 1, true]);
    expect(await counts('q=day')).toEqual([1, everything + 1, undefined]);
    expect(await counts('visibility=private')).toEqual([TRACK_COUNT_CAP, everything + 1, true]);
    let cursor: string | null = null;
    let seen = 0;
    do {
      const url: string = `/api/tracks?limit=200&q=night${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await me.get(url)).json<TrackPage>();
      if (cursor) expect([page.total, page.all, page.totalCapped]).toEqual([undefined, undefined, undefined]);
      seen += page.items.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toBe(TRACK_COUNT_CAP + 1);
  });
});
