import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackPage } from '../../../shared/schemas/track-list';
import { TRACK_NAME_MAX, type Track } from '../../../shared/schemas/tracks';
import { filterTracksByText } from '../../../shared/track-match';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';

// Issue 42 (decision 0570): the journal filter finds and orders tracks as the shared matcher does,
// on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let tagIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  const tags = await t.db
    .insert(equipmentTags)
    .values([{ name: 'Juno-60' }, { name: 'TR-808' }, { name: 'Célesta' }])
    .returning({ id: equipmentTags.id });
  tagIds = tags.map((tag) => tag.id);
});
afterAll(async () => t.close());

/** Every page of the filtered journal, ids in order, and the first page's total. */
async function filtered(client: TestClient, q: string, limit = 7) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  do {
    const url = `/api/tracks?limit=${limit}&q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await client.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = res.json<TrackPage>();
    total ??= page.total;
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, total };
}

const journal = async (client: TestClient) => (await client.get('/api/tracks')).json<Track[]>();

describe('the journal filter ranks as the shared matcher', () => {
  it('lists "Take 07" first, then Take 070 … 079, on Take 001 … Take 1000 with typos', async () => {
    const me = await t.signedInClient();
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, created_at)
      select ${me.userId}, 'Take ' || lpad(i::text, 3, '0'), 'f.wav', 'tracks/' || i, 'audio/wav', 1000,
        timestamptz '2024-01-01' + i * interval '1 minute'
      from generate_series(1, 1000) i`);
    await t.db.insert(tracks).values(
      ['Take 07', 'Tkae 071', 'Teka 07'].map((name, i) => ({
        userId: me.userId,
        name,
        filename: 'f.wav',
        filepath: `tracks/typo-${i}`,
        mimeType: 'audio/wav',
        size: 1000,
      })),
    );
    const all = await journal(me);
    const nameOf = new Map(all.map((track) => [track.id, track.name]));
    const started = performance.now();
    const { ids, total } = await filtered(me, 'Take 07', 100);
    const took = performance.now() - started;
    expect(ids.map((id) => nameOf.get(id))).toEqual([
      'Take 07',
      ...Array.from({ length: 10 }, (_, i) => `Take 07${i}`),
    ]);
    expect(total).toBe(11);
    expect((await filtered(me, 'Take 099')).ids.map((id) => nameOf.get(id))).toEqual(['Take 099']);
    // Nothing begins "taek": then one swap finds "take" (and "Tkae", "Teka" stay out: two off).
    const typo = await filtered(me, 'taek 07');
    expect(typo.ids).toEqual(filterTracksByText(all, 'taek 07').map((track) => track.id));
    expect(typo.ids.map((id) => nameOf.get(id))).toContain('Take 070');
    expect(typo.ids.map((id) => nameOf.get(id))).not.toContain('Tkae 071');
    // A thousand tracks folded and ranked in one request; generous for two shared cores.
    expect(took).toBeLessThan(2000);
  });

  it('reads a one-word filter tier by tier: whole word in the name, in the text, then a longer word', async () => {
    // Issue 48 (rankTiers): each tier in name order, equal names in upload order, pages of one and
    // two crossing every tier and every tie.
    const me = await t.signedInClient();
    const rows: [name: string, notes: string | null][] = [
      ['Jam', 'desktop sound'], // a longer word, not in the name: last tier
      ['Desk', null], // the whole word in the name: first
      ['Desktop', null], // a longer word in the name: third
      ['Take', 'through the desk'], // the whole word, not in the name: second
      ['Desk', 'again'],
      ['Take', 'desk'],
      ['Desktops', 'desk too'], // the whole word, and a longer one in the name: first
      ['Jam', 'desktops'],
      ['Loop', 'a bench'], // no match
      ['Take', 'DESK!'],
    ];
    const inserted = await t.db
      .insert(tracks)
      .values(
        rows.map(([name, notes], i) => ({
          userId: me.userId,
          name,
          notes,
          filename: 'f.wav',
          filepath: `tracks/tier-${i}`,
          mimeType: 'audio/wav',
          size: 1000,
          // Later rows uploaded later: equal names list newest first, the reverse of the index's.
          createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
        })),
      )
      .returning({ id: tracks.id, name: tracks.name });
    const all = await journal(me);
    const want = filterTracksByText(all, 'desk').map((track) => track.id);
    const nameOf = new Map(inserted.map((row) => [row.id, row.name]));
    expect(want.map((id) => nameOf.get(id))).toEqual([
      'Desk',
      'Desk',
      'Desktops',
      'Take',
      'Take',
      'Take',
      'Desktop',
      'Jam',
      'Jam',
    ]);
    for (const limit of [1, 2, 3, 50]) {
      const got = await filtered(me, 'desk', limit);
      expect(got.ids, `pages of ${limit}`).toEqual(want);
      expect(got.total).toBe(9);
    }
  });

  it('counts a common word past the cap and a rare one exactly, and pages a rare one through tiers', async () => {
    // 4,100 tracks: half hold "desk" (counted to the cap), three "cello", one of them last in the
    // name order index.
    const me = await t.signedInClient();
    await t.db.execute(sql`
      insert into tracks (user_id, name, notes, filename, filepath, mime_type, size, created_at)
      select ${me.userId}, 'Take ' || i,
        case when i % 2 = 0 then 'through the desk' when i in (1, 1501, 4051) then 'rare cello' end,
        'f.wav', 'tracks/count-' || i, 'audio/wav', 1000, timestamptz '2024-01-01' + i * interval '1 minute'
      from generate_series(1, 4100) i`);
    const first = async (q: string) =>
      (await me.get(`/api/tracks?limit=2&q=${q}`)).json<TrackPage & { totalCapped?: boolean }>();
    const common = await first('desk');
    expect([common.total, common.totalCapped, common.all]).toEqual([1000, true, 4100]);
    const rare = await first('cello');
    expect([rare.total, rare.totalCapped, rare.all]).toEqual([3, undefined, 4100]);
    expect(rare.items.map((item) => item.name)).toEqual(['Take 1', 'Take 1501']);
  });

  it('pages through tracks with the longest names the API takes, in any script', async () => {
    const me = await t.signedInClient();
    // The cursor carries the last folded name: "ß" folds to two letters, "漢" is three bytes.
    const names = ['Ω', '漢', 'ß'].map((ch, i) => `${ch.repeat(TRACK_NAME_MAX - 6)} take${i}`);
    await t.db.insert(tracks).values(
      names.map((name, i) => ({
        userId: me.userId,
        name,
        filename: 'f.wav',
        filepath: `tracks/${me.userId}-long-${i}`,
        mimeType: 'audio/wav',
        size: 1000,
      })),
    );
    const want = filterTracksByText(await journal(me), 'take').map((track) => track.id);
    expect(want).toHaveLength(3);
    expect((await filtered(me, 'take', 1)).ids).toEqual(want);
  });

  it('finds the same tracks in the same order as filterTracksByText on random journals', async () => {
    const WORDS = [
      'Take',
      'take',
      '07',
      '070',
      '0907',
      '1',
      '10',
      'Célesta',
      'CAFÉ',
      'Straße',
      'kick',
      'Kicks',
    ];
    const MORE = ['loop', 'jüno', 'JUNO', 'ΟΔΟΣ', 'tr-808', '50%', 'a_b', 'Łódź', 'œuvre', 'e\u0301te'];
    const word = fc.constantFrom(...WORDS, ...MORE);
    const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const trackArb = fc.record({
      name: text,
      notes: fc.option(text, { nil: null }),
      tags: fc.subarray([0, 1, 2]),
    });
    const QUERIES = ['kcik', 'jnuo', 'tkae 07', 'cafe', 'strasse', 'celest', 'ete', 'lodz', 'oeuvre', 'οδος'];
    const query = fc.oneof(
      fc.constantFrom(...QUERIES),
      fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(trackArb, { minLength: 1, maxLength: 12 }), query, async (list, q) => {
        const me = await t.signedInClient();
        const inserted = await t.db
          .insert(tracks)
          .values(
            list.map((track, i) => ({
              userId: me.userId,
              name: track.name,
              notes: track.notes,
              filename: 'f.wav',
              filepath: `tracks/${me.userId}-${i}`,
              mimeType: 'audio/wav',
              size: 1000,
              // Equal upload times: ties go by id, as the journal orders them.
              createdAt: new Date(Date.UTC(2024, 0, 1 + (i % 3))),
            })),
          )
          .returning({ id: tracks.id });
        const links = inserted.flatMap(({ id }, i) =>
          list[i]!.tags.map((n) => ({ trackId: id, equipmentTagId: tagIds[n]! })),
        );
        if (links.length) await t.db.insert(trackEquipmentTags).values(links);
        const want = filterTracksByText(await journal(me), q).map((track) => track.id);
        const got = await filtered(me, q, 3);
        expect(got.ids, q).toEqual(want);
        expect(got.total).toBe(want.length);
      }),
      { numRuns: 40 },
    );
  });
});
