import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackSort } from '../../../shared/schemas/tracks';
import type { TrackFilter } from '../../../shared/track-filter';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { trackFilterSql } from './track-list.filter';
import { matchWords, rankTiers, textMatch } from './track-list.match';
import { chosenRowsSql, tierChosenSql, trackListSql } from './track-list.query';

// Issue 23: the filtered first page is read through the journal's order indexes (decision 0270),
// on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: 1,500 tracks of
// the owner's among 7,500 of someone else's, analysed.

let t: TestApp;
let owner: string;
let tag: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [a, b] = [await t.signedInClient(), await t.signedInClient()];
  owner = a.userId;
  // The owner holds a sixth of the table, as one person among many would hold less.
  for (const [user, count] of [
    [a.userId, 1500],
    [b.userId, 7500],
  ] as const) {
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, notes, visibility,
        processing_state, created_at, file_created_at)
      select ${user}, 'Take ' || i, 'f.wav', 'tracks/' || ${user} || i,
        (array['audio/wav','audio/mpeg','audio/flac'])[1 + i % 3], 1000 + i,
        case when i % 4 = 0 then 'notes ' || i end,
        case when i % 5 = 0 then 'public' else 'private' end,
        (array['ready','pending','failed'])[1 + i % 3],
        timestamptz '2020-01-01' + i * interval '3 hours',
        case when i % 7 <> 0 then timestamptz '2019-01-01' + i * interval '5 hours' end
      from generate_series(1, ${count}::int) i`);
  }
  const rows = await t.db.execute(
    sql`insert into equipment_tags (name) select 'Synth ' || i from generate_series(1, 40) i returning id`,
  );
  tag = Number((rows as unknown as { rows: { id: number }[] }).rows[0]!.id);
  await t.db.execute(sql`
    insert into track_equipment_tags (track_id, equipment_tag_id)
    select t.id, ${tag} + (t.id % 40) from tracks t`);
  await t.db.execute(sql`analyze`);
});
afterAll(async () => t.close());

async function plan(filter: TrackFilter, sort: TrackSort): Promise<string> {
  const filtered = trackFilterSql(filter);
  const where: SQL = sql`t.user_id = ${owner} and ${filtered ?? sql`true`}`;
  const words = matchWords(filter.q);
  const ranked = words && textMatch(words, 'prefix');
  const result = await t.db.execute(sql`explain ${trackListSql(where, sort, 51, ranked, owner)}`);
  return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
}

/** The date orders each walk an index; the tempo and key orders sort the owner's tracks (issue 47). */
type DateSort = Exclude<TrackSort, 'tempo' | 'key'>;
const ORDER_INDEX: Record<DateSort, string> = {
  dateUploaded: 'tracks_user_uploaded_order_idx',
  dateCreated: 'tracks_user_file_date_order_idx',
};

describe('filtered first pages', () => {
  const walksOrder = (sort: DateSort) => new RegExp(`Index Scan (Backward )?using ${ORDER_INDEX[sort]}`);
  // What each filter's plan must show besides "no Seq Scan on tracks".
  const cases: [string, TrackFilter, (sort: DateSort) => RegExp][] = [
    // Ranked best first (decision 0570): the owner's matches only, found by the owner and the
    // words' trigrams in one index of the kept documents (issue 48), ranked; the page is the top of
    // a sort.
    [
      'text',
      { q: 'take 12' },
      () =>
        /Index Cond: \(\(user_id = .*\) AND \(document ~~ '% take%'::text\) AND \(document ~~ '% 12%'::text\)\)/,
    ],
    ['visibility and state', { visibility: 'public', state: 'failed' }, walksOrder],
    ['format', { format: 'flac' }, walksOrder],
    // The tracks with those tags found by track_equipment_tags_tag_idx, joined to the owner's.
    ['equipment', { equipment: [1, 2] }, () => /Index Cond: \(equipment_tag_id = ANY/],
    // The range is an index condition on an order index.
    ['upload dates', { from: '2020-03-01', to: '2020-03-10' }, () => /Index Cond: .*\(created_at >= /],
    [
      'file dates',
      { dateField: 'created', from: '2019-03-01', to: '2019-03-10' },
      () => /Index Cond: .*\(COALESCE\(file_created_at, .*\) >= /,
    ],
  ];
  for (const [name, filter, uses] of cases) {
    for (const sort of ['dateUploaded', 'dateCreated'] as const) {
      it(`${name}, ${sort}: an index, no scan of every track`, async () => {
        const f = filter.equipment ? { ...filter, equipment: filter.equipment.map((n) => tag + n) } : filter;
        const text = await plan(f, sort);
        expect(text).not.toMatch(/Seq Scan on (tracks|track_match_documents)\b/);
        expect(text).toMatch(uses(sort));
      });
    }
  }
});

describe('tempo and key first pages (issue 47)', () => {
  for (const sort of ['tempo', 'key'] as const) {
    it(`${sort}: the owner's tracks by an index, sorted for the page, no scan of every track`, async () => {
      const text = await plan({}, sort);
      expect(text).not.toMatch(/Seq Scan on tracks/);
      // An index whose condition is the owner: the order index, or since migration 0046 the owner-led
      // GIN of the name's typo keys, which the planner may take for `user_id = $1` on a few rows.
      expect(text).toMatch(
        /(Index Scan (Backward )?(using|on) tracks_user\w*|Bitmap Index Scan on tracks_\w+) .*\n\s+Index Cond: \(user_id = /,
      );
      // The rows' JSON is made after the sort, for the page's rows only.
      expect(text).toMatch(/Limit .*\n\s+->\s+Result .*\n\s+->\s+Sort /);
    });
  }
});

describe('one-word text pages, tier by tier (issue 48)', () => {
  async function tierPlan(word: string, tier: number): Promise<string> {
    const [parsed] = matchWords(word) ?? [];
    if (!parsed) throw new Error(`no word in ${word}`);
    const chosen = tierChosenSql(owner, rankTiers(parsed)[tier]!, 'dateUploaded', 51);
    const result = await t.db.execute(sql`explain ${chosenRowsSql(chosen, 'dateUploaded')}`);
    return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  }

  it('walks the name order index for a word a quarter of the texts hold, and stops after the page', async () => {
    const text = await tierPlan('notes', 1);
    // The tier's first documents, planned for the page's limit without the tracks.
    expect(text).toMatch(
      /CTE first\n\s+->\s+Limit .*\n\s+->\s+Index Scan using track_match_documents_user_name_order_idx/,
    );
    expect(text).not.toMatch(/Seq Scan on (tracks|track_match_documents)\b/);
  });

  it("sorts a name tier's documents found by the names' trigrams, even for a word every name holds", async () => {
    // The word lengthens the name: walking the shortest names first would read the most to find it.
    const text = await tierPlan('take', 0);
    expect(text).toMatch(/CTE first\n\s+->\s+Limit .*\n\s+->\s+Sort /);
    expect(text).not.toMatch(
      /Index Scan using track_match_documents_user_name_order_idx on track_match_documents d_1/,
    );
    expect(text).not.toMatch(/Seq Scan on (tracks|track_match_documents)\b/);
  });

  it("finds a name's rare word through the names' trigrams", async () => {
    const text = await tierPlan('1234', 0);
    expect(text).toMatch(/Bitmap Index Scan on track_match_documents_user_name_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan on (tracks|track_match_documents)\b/);
  });
});
