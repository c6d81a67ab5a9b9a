import { EventEmitter } from 'node:events';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FakeJournal } from '../../../test/fake-journal';
import { type CachedTrackList, TrackListCache, type TrackListSource } from './track-list.cache';
import { REUSED_BODY_MIN_BYTES } from './track-list.memory';

// Decision 0914: a list patched after a change is written into the memory of an earlier list of
// the same person and sort once nothing reads that one any more. These lists are big enough for it.

const ROWS = 150;
const SORT = 'dateUploaded';
const text = (id: number, edit: number) => JSON.stringify({ id, edit, notes: 'n'.repeat(1000 + edit) });

function bigJournal() {
  const journal = new FakeJournal();
  for (let id = 1; id <= ROWS; id++) journal.put(id, text(id, 0));
  return journal;
}

/** The list as the database would answer it now. */
const expected = (journal: FakeJournal) =>
  `[${journal
    .ordered(SORT)
    .map((t) => t.json)
    .join(',')}]`;

/** Changes a track (a different one each edit) and asks for the list at the new revision. */
async function edited(cache: TrackListCache, journal: FakeJournal, edit: number, source?: TrackListSource) {
  const revision = journal.put((edit % ROWS) + 1, text((edit % ROWS) + 1, edit));
  return cache.list('ana', SORT, revision, source ?? journal.source(SORT));
}

const memoryOf = (entry: CachedTrackList) => entry.readers.memory;

describe('reused list memory (decision 0914)', () => {
  it('writes each patched list into the memory of the list two changes back, bytes as read afresh', async () => {
    const journal = bigJournal();
    const cache = new TrackListCache(100_000_000);
    const first = await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    expect(first.body.length).toBeGreaterThan(REUSED_BODY_MIN_BYTES);
    const second = await edited(cache, journal, 1);
    expect(memoryOf(second)).not.toBe(memoryOf(first));
    expect(first.readers.given).toBe(true);
    expect(cache.spares).toBe(1);
    // The spare is reckoned with the list kept.
    expect(cache.bytes).toBe(second.bytes);
    expect(second.bytes).toBeGreaterThanOrEqual(memoryOf(first).length + memoryOf(second).length);

    const entries = [first, second];
    for (let edit = 2; edit <= 8; edit++) {
      const entry = await edited(cache, journal, edit);
      expect(entry.body.toString()).toBe(expected(journal));
      expect(memoryOf(entry)).toBe(memoryOf(entries.at(-2)!));
      entries.push(entry);
    }
    expect(cache.spares).toBe(1);
  });

  it('does not write over a body that a reply is still sending', async () => {
    const journal = bigJournal();
    const cache = new TrackListCache(100_000_000);
    const first = await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    const sent = Buffer.from(first.body);
    const response = new EventEmitter();
    cache.lend(first, response);
    const second = await edited(cache, journal, 1);
    for (let edit = 2; edit <= 6; edit++) {
      const entry = await edited(cache, journal, edit);
      expect(memoryOf(entry)).not.toBe(memoryOf(first));
      expect(entry.body.toString()).toBe(expected(journal));
    }
    expect(first.body.equals(sent)).toBe(true);
    expect(first.readers.given).toBe(false);
    response.emit('close');
    expect(first.readers.given).toBe(true);
    expect(second.readers.given).toBe(true);
  });

  it('does not write over a body being compressed', async () => {
    const journal = bigJournal();
    const cache = new TrackListCache(100_000_000);
    const first = await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    const before = first.body.toString();
    const compressing = cache.encoded(first, 'gzip');
    // Two more lists, made at once (the journal answers without I/O), while the thread pool reads.
    await edited(cache, journal, 1);
    await edited(cache, journal, 2);
    expect(gunzipSync(await compressing).toString()).toBe(before);
  });

  it('does not write a list over the one it is patched from, made twice at once', async () => {
    const journal = bigJournal();
    const cache = new TrackListCache(100_000_000);
    await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    await edited(cache, journal, 1); // its first list's memory is now the spare
    const held = await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    // Two revisions read at once, both patched from `held`: the first to finish replaces it.
    const gates: (() => void)[] = [];
    const gated = (): TrackListSource => {
      const source = journal.source(SORT);
      return {
        ...source,
        changedSince: async (since) => {
          await new Promise<void>((resolve) => gates.push(resolve));
          return source.changedSince(since);
        },
      };
    };
    const slower = edited(cache, journal, 2, gated());
    const faster = edited(cache, journal, 3, gated());
    gates[1]!();
    const fast = await faster;
    expect(held.readers.given).toBe(false); // the slower make still copies from it
    gates[0]!();
    const slow = await slower;
    expect(memoryOf(slow)).not.toBe(memoryOf(held));
    expect(memoryOf(slow)).not.toBe(memoryOf(fast));
    // The slower read saw every change up to its own revision (both edits are in the journal).
    expect(slow.body.toString()).toBe(expected(journal));
    expect(held.readers.given).toBe(true);
  });

  it('gives back the memory of a list patched from by a read that failed (the database gone)', async () => {
    const journal = bigJournal();
    const cache = new TrackListCache(100_000_000);
    const first = await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    const gone: TrackListSource = {
      ...journal.source(SORT),
      changedSince: async () => {
        throw new Error('connection terminated');
      },
    };
    await expect(edited(cache, journal, 1, gone)).rejects.toThrow('connection terminated');
    expect(cache.holds('ana', SORT)).toBe(true);
    expect(first.readers.given).toBe(false); // still the list kept
    const second = await edited(cache, journal, 2);
    expect(second.body.toString()).toBe(expected(journal));
    expect(first.readers.given).toBe(true);
    expect(memoryOf(await edited(cache, journal, 3))).toBe(memoryOf(first));
  });

  it('keeps no spare for a list no longer kept', async () => {
    const journal = bigJournal();
    const cache = new TrackListCache(100_000_000);
    await cache.list('ana', SORT, journal.revision, journal.source(SORT));
    await edited(cache, journal, 1);
    expect(cache.spares).toBe(1);
    cache.forget('ana', SORT);
    expect(cache.spares).toBe(0);

    // Evicted: room for one big list only; another person's list pushes Ana's out.
    const one = (await cache.list('bo', SORT, journal.revision, journal.source(SORT))).bytes;
    const small = new TrackListCache(Math.floor(one * 2.5));
    await small.list('ana', SORT, journal.revision, journal.source(SORT));
    await edited(small, journal, 2);
    expect(small.spares).toBe(1);
    await small.list('bo', SORT, journal.revision, journal.source(SORT));
    expect(small.holds('ana', SORT)).toBe(false);
    expect(small.spares).toBe(0);
  });
});
