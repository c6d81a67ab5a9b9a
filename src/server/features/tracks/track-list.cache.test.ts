import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TRACK_SORTS } from '../../../shared/schemas/tracks';
import { FakeJournal } from '../../../test/fake-journal';
import { fixed, row } from '../../../test/listed-tracks';
import { RevisionLru } from './revision-lru';
import {
  type Encodable,
  encodedOnce,
  etagMatches,
  type ListEncoding,
  preferredEncoding,
  TrackListCache,
  type TrackListSource,
  trackListEtag,
} from './track-list.cache';

const json = (bytes: number) => `"${'x'.repeat(bytes - 2)}"`;
/** A one-track list of `bytes` bytes: its body (bytes + 2 brackets) and its row are both counted. */
const sized = (bytes: number) => fixed(json(bytes - 2));
const cost = (bytes: number) => bytes + bytes - 2;

describe('TrackListCache', () => {
  it('answers from memory at the same revision and reads again at any other', async () => {
    const cache = new TrackListCache(10_000);
    let loads = 0;
    const load = (text: string): TrackListSource => ({
      all: async () => {
        loads++;
        return [row(1, text)];
      },
      changedSince: async () => {
        loads++;
        return { removal: 0, changed: [{ ...row(1, text), revision: 2 }] };
      },
      versions: async () => [],
      byId: async () => [],
    });
    expect((await cache.list('u', 'dateUploaded', 5, load('1'))).body.toString()).toBe('[1]');
    expect((await cache.list('u', 'dateUploaded', 5, load('2'))).body.toString()).toBe('[1]');
    expect(loads).toBe(1);
    // Revisions come from one sequence and may be committed out of order: only equality counts.
    expect((await cache.list('u', 'dateUploaded', 4, load('3'))).body.toString()).toBe('[3]');
    expect((await cache.list('u', 'dateCreated', 4, load('4'))).body.toString()).toBe('[4]');
    expect((await cache.list('v', 'dateUploaded', 4, load('5'))).body.toString()).toBe('[5]');
    expect(loads).toBe(4);
  });

  for (const sort of TRACK_SORTS) {
    it(`after a change reads only the changed tracks and places them in order (${sort})`, async () => {
      const cache = new TrackListCache(100_000);
      const journal = new FakeJournal();
      for (let id = 1; id <= 6; id++) {
        // Ties in tempo (1200 for 1 and 4) and key (7 for 2 and 5); 3 and 6 have neither.
        const none = id % 3 === 0;
        journal.put(id, `{"id":${id}}`, none ? null : `2020-0${id}-01T00:00:00.000000Z`, {
          bpmTenths: none ? null : 1200 + (id % 3) * 100,
          keyIndex: none ? null : [5, 7][id % 2]!,
        });
      }
      const source = journal.source(sort);
      const full = async () =>
        `[${journal
          .ordered(sort)
          .map((t) => t.json)
          .join(',')}]`;
      let revision = 1;
      await cache.list('u', sort, revision, source);
      expect(journal.calls).toEqual(['all']);
      const changes: (() => void)[] = [
        () => journal.put(3, '{"id":3,"name":"renamed"}'),
        () => journal.put(7, '{"id":7}', '2019-01-01T00:00:00.000000Z'),
        () => journal.put(2, '{"id":2,"redated":true}', '2021-06-01T00:00:00.000000Z'),
        () => journal.put(4, '{"id":4,"undated":true}', null),
        () => {
          journal.put(8, '{"id":8}', null);
          journal.put(1, '{"id":1,"both":true}');
        },
        // Issue 47: a new tempo or key (the owner's, or measured) re-places the track; so does none.
        () => journal.put(2, '{"id":2,"tempo":true}', undefined, { bpmTenths: 600 }),
        () => journal.put(5, '{"id":5,"key":true}', undefined, { keyIndex: 23 }),
        () => journal.put(3, '{"id":3,"measured":true}', undefined, { bpmTenths: 1300, keyIndex: 0 }),
        () => journal.put(1, '{"id":1,"cleared":true}', undefined, { bpmTenths: null, keyIndex: null }),
        () => journal.put(9, '{"id":9}', null, { bpmTenths: 1300, keyIndex: 7 }),
      ];
      for (const change of changes) {
        const held = (await cache.list('u', sort, revision, source)).revision;
        change();
        journal.calls = [];
        revision += 1;
        const list = await cache.list('u', sort, revision, source);
        expect(journal.calls).toEqual([`changedSince ${held}`]);
        expect(list.body.toString()).toBe(await full());
      }
    });
  }

  it('after a removal reads every id once, by id a track changed below `since`, and leaves out one gone meanwhile', async () => {
    const cache = new TrackListCache(100_000);
    const journal = new FakeJournal();
    const early = journal.put(1, '{"id":1}');
    journal.put(2, '{"id":2}');
    journal.put(3, '{"id":3}');
    journal.put(4, '{"id":4}');
    await cache.list('u', 'dateUploaded', 1_000, journal);
    journal.remove(4, 1_001);
    journal.calls = [];
    expect((await cache.list('u', 'dateUploaded', 1_001, journal)).body.toString()).toBe(
      '[{"id":3},{"id":2},{"id":1}]',
    );
    expect(journal.calls).toEqual(['changedSince 1000', 'versions 1000']);
    // A change committed with a revision below the held list's (never, with the owner's row locked
    // first; the removal path still holds for it): read by id.
    const one = journal.tracks.findIndex((t) => t.id === 1);
    journal.tracks[one] = { ...journal.tracks[one]!, revision: early - 1, json: '{"id":1,"late":true}' };
    journal.remove(2, 1_002);
    journal.calls = [];
    const list = await cache.list('u', 'dateUploaded', 1_002, journal);
    expect(journal.calls).toEqual(['changedSince 1001', 'versions 1001', 'byId 1']);
    expect(list.body.toString()).toBe('[{"id":3},{"id":1,"late":true}]');

    // Changed below `since` and deleted before it could be read by id: left out, not sent stale.
    const three = journal.tracks.findIndex((t) => t.id === 3);
    journal.tracks[three] = { ...journal.tracks[three]!, revision: early - 2, json: '{"id":3,"x":1}' };
    journal.removal += 1_000_000;
    const vanishing: TrackListSource = {
      ...journal.source('dateUploaded'),
      byId: async (ids) => {
        journal.tracks = journal.tracks.filter((t) => t.id !== 3);
        return journal.byId(ids);
      },
    };
    const after = await cache.list('u', 'dateUploaded', 1_003, vanishing);
    expect(after.body.toString()).toBe('[{"id":1,"late":true}]');
  });

  it('keeps at most maxBytes, dropping the least recently used first', async () => {
    const unread: TrackListSource = {
      all: async () => {
        throw new Error('not read');
      },
      changedSince: async () => {
        throw new Error('not read');
      },
      versions: async () => [],
      byId: async () => [],
    };
    const cache = new TrackListCache(cost(100) * 3);
    await cache.list('a', 'dateUploaded', 1, sized(100));
    await cache.list('b', 'dateUploaded', 1, sized(100));
    await cache.list('c', 'dateUploaded', 1, sized(100));
    expect(cache.bytes).toBe(cost(100) * 3);
    await cache.list('a', 'dateUploaded', 1, unread); // a is now the most recent
    await cache.list('d', 'dateUploaded', 1, sized(100)); // b goes
    expect(cache.bytes).toBe(cost(100) * 3);
    expect(cache.size).toBe(3);
    expect((await cache.list('b', 'dateUploaded', 1, fixed('"b again"'))).body.toString()).toBe(
      '["b again"]',
    );
    expect((await cache.list('a', 'dateUploaded', 1, unread)).body.toString()).toBe(`[${json(98)}]`);
    // A replaced list frees its old bytes; one larger than the whole cache is sent but not kept.
    await cache.list('a', 'dateUploaded', 2, sized(50));
    expect(cache.bytes).toBeLessThanOrEqual(cost(100) * 3);
    const huge = await cache.list('e', 'dateUploaded', 1, sized(cost(100) * 3));
    expect(huge.body.length).toBe(cost(100) * 3);
    expect(cache.bytes).toBeLessThanOrEqual(cost(100) * 3);
    let reloaded = false;
    await cache.list('e', 'dateUploaded', 1, {
      ...sized(10),
      all: async () => {
        reloaded = true;
        return [];
      },
    });
    expect(reloaded).toBe(true);
  });

  it('reads a list once for a burst of requests, and not at all after a failed read', async () => {
    const cache = new TrackListCache(1000);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gated: TrackListSource = {
      ...fixed(),
      all: async () => {
        loads++;
        await gate;
        return [];
      },
    };
    const burst = Array.from({ length: 20 }, () => cache.list('u', 'dateUploaded', 1, gated));
    release();
    const answers = await Promise.all(burst);
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    const failing = async () => {
      throw new Error('database down');
    };
    await expect(
      cache.list('u', 'dateUploaded', 2, {
        all: failing,
        changedSince: failing,
        versions: failing,
        byId: failing,
      }),
    ).rejects.toThrow('database down');
    expect((await cache.list('u', 'dateUploaded', 2, fixed('1'))).body.toString()).toBe('[1]');
  });

  it('gives a weak ETag per person, sort and revision, and compares If-None-Match weakly', () => {
    const tag = trackListEtag('u', 'dateUploaded', 7);
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(trackListEtag('u', 'dateUploaded', 7)).toBe(tag);
    for (const other of [
      trackListEtag('v', 'dateUploaded', 7),
      trackListEtag('u', 'dateCreated', 7),
      trackListEtag('u', 'dateUploaded', 8),
    ]) {
      expect(other).not.toBe(tag);
    }
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`"nope", ${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"nope"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });

  it('compresses an entry once per encoding and counts the copies against maxBytes', async () => {
    const cache = new TrackListCache(100_000);
    const rows = Array.from({ length: 500 }, (_, i) => JSON.stringify({ id: i, name: 'Evening sketch' }));
    const text = `[${rows.join(',')}]`;
    const rowBytes = rows.reduce((sum, row) => sum + row.length, 0);
    const entry = await cache.list('u', 'dateUploaded', 1, fixed(...rows));
    expect(entry.body.toString()).toBe(text);
    expect(cache.bytes).toBe(text.length + rowBytes);
    const br = cache.encoded(entry, 'br');
    expect(cache.encoded(entry, 'br')).toBe(br);
    expect(brotliDecompressSync(await br).toString()).toBe(text);
    expect(gunzipSync(await cache.encoded(entry, 'gzip')).toString()).toBe(text);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.bytes).toBe(
      text.length + rowBytes + (await br).length + (await cache.encoded(entry, 'gzip')).length,
    );
    expect(cache.bytes).toBe(entry.bytes);
    // Replaced by a newer read: its bytes, copies included, are given back.
    await cache.list('u', 'dateUploaded', 2, {
      ...fixed(),
      versions: async () => [],
      changedSince: async () => ({ removal: 9, changed: [] }),
    });
    expect(cache.bytes).toBe(2);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, honours q-values and refusals, and sends plain bytes otherwise', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('renew (decision 0908)', () => {
  it('brings held lists only to the revision; a failed read is reported and leaves the list as it was', async () => {
    const journal = new FakeJournal();
    journal.put(1, '"one"');
    const cache = new TrackListCache(1_000_000);
    const first = await cache.list('ana', 'dateUploaded', 1, journal.source('dateUploaded'));
    const failures: string[] = [];
    const changed = journal.put(1, '"one, renamed"');
    journal.calls = [];

    // The database gone mid-read: reported, and the held list stays.
    const gone: TrackListSource = {
      ...journal.source('dateUploaded'),
      changedSince: async () => {
        throw new Error('connection terminated');
      },
    };
    cache.renew(
      'ana',
      changed,
      () => gone,
      (err) => failures.push(err.message),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failures).toEqual(['connection terminated']);
    expect(cache.holds('ana', 'dateUploaded')).toBe(true);
    expect(cache.holds('ana', 'dateCreated')).toBe(false);

    // Back: renewed from the held list (only what changed), and asked for, it is ready.
    cache.renew(
      'ana',
      changed,
      (sort) => journal.source(sort),
      (err) => failures.push(err.message),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(journal.calls).toEqual([`changedSince ${first.revision}`]);
    const renewed = await cache.list('ana', 'dateUploaded', changed, journal.source('dateUploaded'));
    expect(renewed.body.toString()).toBe('["one, renamed"]');
    expect(journal.calls, 'asked for, nothing more is read').toHaveLength(1);
    expect(failures).toHaveLength(1);
  });

  it('leaves a list that is being read alone', async () => {
    const journal = new FakeJournal();
    journal.put(1, '"one"');
    const cache = new TrackListCache(1_000_000);
    await cache.list('ana', 'dateUploaded', 1, journal.source('dateUploaded'));
    const reading = cache.list(
      'ana',
      'dateUploaded',
      journal.put(1, '"two"'),
      journal.source('dateUploaded'),
    );
    journal.calls = [];
    cache.renew(
      'ana',
      journal.put(1, '"three"'),
      (sort) => journal.source(sort),
      () => {},
    );
    await reading;
    expect(journal.calls).toEqual([]);
  });
});

describe('encodedOnce (decision 0941)', () => {
  it('forgets a failed compression, so the next request tries again, and counts only a made one', async () => {
    const kept = new RevisionLru<Encodable & { bytes: number }>(1_000_000);
    const entry = {
      revision: 1,
      bytes: 10,
      body: 42 as unknown as Buffer, // not bytes: zlib refuses it
      encoded: new Map<ListEncoding, Promise<Buffer>>(),
    };
    await kept.get('k', 1, async () => entry);
    const reading = { held: 0, hold: () => reading.held++, release: () => reading.held-- };
    await expect(encodedOnce(kept, 'k', entry, 'gzip', reading)).rejects.toThrow();
    expect(entry.encoded.size).toBe(0);
    expect(reading.held).toBe(0);
    expect(kept.bytes).toBe(10);
    (entry as { body: Buffer }).body = Buffer.from('x'.repeat(2_000));
    const made = await encodedOnce(kept, 'k', entry, 'gzip', reading);
    expect(made.length).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.bytes).toBe(10 + made.length);
    expect(reading.held).toBe(0);
  });
});
