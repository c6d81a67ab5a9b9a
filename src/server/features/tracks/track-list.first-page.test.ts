import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { TRACK_SORTS, type TrackSort } from '../../../shared/schemas/tracks';
import { FakeJournal } from '../../../test/fake-journal';
import { FirstPageCache } from './track-list.first-page';
import { encodeCursor } from './track-list.order';

// Decision 0909: a journal's unfiltered first page is kept per revision and patched from what
// changed, never answered other than as a fresh read of the whole journal would be.

/** The first page as a read of the whole journal gives it (ownTracksPageJson's reply). */
function expectedPage(journal: FakeJournal, sort: TrackSort, limit: number): string {
  const ordered = journal.ordered(sort);
  const shown = ordered.slice(0, limit);
  const last = shown.at(-1);
  const value =
    sort === 'tempo' ? { value: last?.bpmTenths } : sort === 'key' ? { value: last?.keyIndex } : {};
  const cursor =
    ordered.length > limit && last
      ? encodeCursor({
          sort,
          filter: '',
          createdAt: last.created,
          fileCreatedAt: last.fileCreated,
          id: last.id,
          ...value,
        })
      : null;
  const all = journal.tracks.length;
  return `{"items":[${shown.map((t) => t.json).join(',')}],"nextCursor":${JSON.stringify(cursor)},"total":${all},"all":${all}}`;
}

const dated = (day: number | null) =>
  day === null ? null : `2025-01-${String(day).padStart(2, '0')}T00:00:00.000000Z`;

/** A change to the journal: a track put (new or changed, with its sort values) or removed. */
const change = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    id: fc.integer({ min: 1, max: 14 }),
    day: fc.option(fc.integer({ min: 1, max: 5 })),
    bpm: fc.option(fc.integer({ min: 900, max: 904 })),
    key: fc.option(fc.integer({ min: 0, max: 3 })),
  }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 14 }) }),
);

describe('FirstPageCache', () => {
  it('answers every first page as a fresh read would, through any changes, in every sort and size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TRACK_SORTS),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        async (sort, limit, rounds) => {
          const journal = new FakeJournal();
          for (let id = 1; id <= 8; id++) journal.put(id, `{"id":${id},"v":0}`, dated(id % 3 ? id : null));
          const cache = new FirstPageCache(1024 * 1024);
          const page = async () =>
            (
              await cache.page('u1', sort, limit, journal.revision, journal.firstPageSource(sort))
            ).body.toString();
          expect(await page()).toBe(expectedPage(journal, sort, limit));
          for (const [round, changes] of rounds.entries()) {
            for (const c of changes) {
              if (c.kind === 'remove') journal.remove(c.id);
              else
                journal.put(c.id, `{"id":${c.id},"v":${round + 1}}`, dated(c.day), {
                  bpmTenths: c.bpm,
                  keyIndex: c.key,
                });
            }
            expect(await page()).toBe(expectedPage(journal, sort, limit));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('after an edit reads only what changed; after a removal, or a held track moved past the page, the page again', async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 10; id++) journal.put(id, `{"id":${id}}`, null, { bpmTenths: 1000 + id });
    const cache = new FirstPageCache(1024 * 1024);
    const ask = async (revision: number, sort: TrackSort = 'dateUploaded') => {
      journal.calls = [];
      const body = (await cache.page('u1', sort, 3, revision, journal.firstPageSource(sort))).body.toString();
      expect(body).toBe(expectedPage(journal, sort, 3));
      return journal.calls;
    };
    const start = journal.revision;
    expect(await ask(start)).toEqual(['first 4']);
    expect(await ask(start)).toEqual([]); // the same revision: from memory
    const edited = journal.put(9, '{"id":9,"notes":"new"}');
    expect(await ask(edited)).toEqual([`changedSince ${start}`]);
    const added = journal.put(11, '{"id":11}');
    expect(await ask(added)).toEqual([`changedSince ${edited}`]);
    journal.remove(5); // below the page, but a removal is not among the changes: read again
    expect(await ask(journal.revision)).toEqual([`changedSince ${added}`, 'first 4']);

    // By tempo, slowest first: one of the page's made the fastest leaves a gap at its end.
    const tempoAt = journal.revision;
    expect(await ask(tempoAt, 'tempo')).toEqual(['first 4']);
    const sped = journal.put(2, '{"id":2}', undefined, { bpmTenths: 5000 });
    expect(await ask(sped, 'tempo')).toEqual([`changedSince ${tempoAt}`, 'first 4']);
  });

  it('a read that fails while patching rejects that request, keeps the held page and patches next time', async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 6; id++) journal.put(id, `{"id":${id}}`);
    const cache = new FirstPageCache(1024 * 1024);
    const start = journal.revision;
    await cache.page('u1', 'dateUploaded', 3, start, journal.firstPageSource('dateUploaded'));
    const edited = journal.put(6, '{"id":6,"notes":"new"}');
    const failing = {
      ...journal.firstPageSource('dateUploaded'),
      changedSince: async () => {
        throw new Error('connection lost');
      },
    };
    await expect(cache.page('u1', 'dateUploaded', 3, edited, failing)).rejects.toThrow('connection lost');
    expect(cache.holds('u1', 'dateUploaded', 3, 'page')).toBe(true);
    journal.calls = [];
    const page = await cache.page('u1', 'dateUploaded', 3, edited, journal.firstPageSource('dateUploaded'));
    expect(page.body.toString()).toBe(expectedPage(journal, 'dateUploaded', 3));
    // Patched from the page still held at `start`: only what changed since it is read.
    expect(journal.calls).toEqual([`changedSince ${start}`]);
  });

  it("renews a writer's held pages, every sort, size and shape, and the GET that follows shares that read", async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 8; id++) journal.put(id, `{"id":${id}}`, dated(id), { bpmTenths: 1000 + id });
    const cache = new FirstPageCache(1024 * 1024);
    const start = journal.revision;
    const source = (sort: TrackSort) => journal.firstPageSource(sort);
    await cache.page('u1', 'dateUploaded', 3, start, source('dateUploaded'));
    await cache.page('u1', 'tempo', 2, start, source('tempo'));
    await cache.page('u1', 'dateUploaded', 4, start, source('dateUploaded'), 'array');
    await cache.page('u2', 'dateUploaded', 3, start, source('dateUploaded'));
    const edited = journal.put(7, '{"id":7,"notes":"new"}');
    journal.calls = [];
    const failures: Error[] = [];
    cache.renew('u1', edited, source, (err) => failures.push(err));
    // Started at once, one read each of what changed; u2's page is not u1's to renew.
    expect(journal.calls).toEqual([
      `changedSince ${start}`,
      `changedSince ${start}`,
      `changedSince ${start}`,
    ]);
    const first = await cache.page('u1', 'dateUploaded', 3, edited, source('dateUploaded'));
    const tempo = await cache.page('u1', 'tempo', 2, edited, source('tempo'));
    await cache.page('u1', 'dateUploaded', 4, edited, source('dateUploaded'), 'array');
    expect(journal.calls).toHaveLength(3); // shared, or already made: nothing read again
    expect(first.body.toString()).toBe(expectedPage(journal, 'dateUploaded', 3));
    expect(tempo.body.toString()).toBe(expectedPage(journal, 'tempo', 2));
    // A page being made already is left alone: renewing again at once reads nothing more.
    const again = journal.put(6, '{"id":6,"notes":"new"}');
    cache.renew('u1', again, source, (err) => failures.push(err));
    const calls = journal.calls.length;
    cache.renew('u1', again + 1, source, (err) => failures.push(err));
    expect(journal.calls.length).toBe(calls);
    expect(failures).toEqual([]);
  });

  it("joins a renewed page's body when it is first sent, not when it is made, and once", async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 8; id++) journal.put(id, `{"id":${id}}`);
    const cache = new FirstPageCache(1024 * 1024);
    const source = (sort: TrackSort) => journal.firstPageSource(sort);
    await cache.page('u1', 'dateUploaded', 4, journal.revision, source('dateUploaded'), 'array');
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      // Each edit renews the held page (decision 0940); nobody asks for it between them.
      for (let round = 1; round <= 3; round++) {
        const edited = journal.put(round, `{"id":${round},"v":${round}}`);
        cache.renew('u1', edited, source, (err) => {
          throw err;
        });
        await cache.page('u1', 'dateUploaded', 4, edited, source('dateUploaded'), 'array');
      }
      expect(concat).not.toHaveBeenCalled();
      const page = await cache.page(
        'u1',
        'dateUploaded',
        4,
        journal.revision,
        source('dateUploaded'),
        'array',
      );
      const body = page.body.toString();
      expect(body).toBe(
        `[${journal
          .ordered('dateUploaded')
          .slice(0, 4)
          .map((t) => t.json)
          .join(',')}]`,
      );
      expect(page.body.toString()).toBe(body);
      expect(concat).toHaveBeenCalledTimes(1);
    } finally {
      concat.mockRestore();
    }
  });

  it('compresses a page once per revision as asked, counts the copy, and a new revision anew (decision 0941)', async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 20; id++) journal.put(id, `{"id":${id},"name":"${'take '.repeat(40)}"}`);
    const cache = new FirstPageCache(1024 * 1024);
    const source = journal.firstPageSource('dateUploaded');
    const page = await cache.page('u1', 'dateUploaded', 10, journal.revision, source);
    const before = cache.bytes;
    const br = cache.encoded(page, 'br');
    expect(cache.encoded(page, 'br')).toBe(br); // made once
    expect(brotliDecompressSync(await br).toString()).toBe(page.body.toString());
    expect((await br).length).toBeLessThan(page.body.length);
    expect(cache.bytes).toBe(before + (await br).length);
    expect(gunzipSync(await cache.encoded(page, 'gzip')).toString()).toBe(page.body.toString());
    // The same revision asked again: the same page, its copies with it.
    expect(cache.encoded(await cache.page('u1', 'dateUploaded', 10, journal.revision, source), 'br')).toBe(
      br,
    );
    const edited = journal.put(20, `{"id":20,"name":"renamed"}`);
    const next = await cache.page('u1', 'dateUploaded', 10, edited, source);
    const nextBr = cache.encoded(next, 'br');
    expect(nextBr).not.toBe(br);
    expect(brotliDecompressSync(await nextBr).toString()).toBe(next.body.toString());
    expect(next.body.toString()).toContain('renamed');
  });

  it('a renewal that fails goes to its handler and leaves the page held', async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 6; id++) journal.put(id, `{"id":${id}}`);
    const cache = new FirstPageCache(1024 * 1024);
    await cache.page('u1', 'dateUploaded', 3, journal.revision, journal.firstPageSource('dateUploaded'));
    const edited = journal.put(6, '{"id":6,"notes":"new"}');
    const failing = {
      ...journal.firstPageSource('dateUploaded'),
      changedSince: async () => {
        throw new Error('connection lost');
      },
    };
    const failed = new Promise<Error>((resolve) => cache.renew('u1', edited, () => failing, resolve));
    expect((await failed).message).toBe('connection lost');
    expect(cache.holds('u1', 'dateUploaded', 3, 'page')).toBe(true);
    const page = await cache.page('u1', 'dateUploaded', 3, edited, journal.firstPageSource('dateUploaded'));
    expect(page.body.toString()).toBe(expectedPage(journal, 'dateUploaded', 3));
  });

  it('keeps pages per person, sort and size, within maxBytes', async () => {
    const journal = new FakeJournal();
    for (let id = 1; id <= 20; id++) journal.put(id, `{"id":${id},"name":"${'x'.repeat(100)}"}`);
    const cache = new FirstPageCache(6000);
    await cache.page('u1', 'dateUploaded', 5, 1, journal.firstPageSource('dateUploaded'));
    await cache.page('u1', 'dateUploaded', 10, 1, journal.firstPageSource('dateUploaded'));
    expect(cache.bytes).toBeLessThanOrEqual(6000);
    expect(cache.bytes).toBeGreaterThan(0);
    journal.calls = [];
    await cache.page('u1', 'dateUploaded', 10, 1, journal.firstPageSource('dateUploaded'));
    expect(journal.calls).toEqual([]); // the latest is kept
    await cache.page('u1', 'dateUploaded', 5, 1, journal.firstPageSource('dateUploaded'));
    expect(journal.calls).toEqual(['first 6']); // the older one made room
  });
});
