import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  etagMatches,
  preferredEncoding,
  TrackListCache,
  type TrackListSource,
  trackListEtag,
} from './track-list.cache';
import type { ListedTrack, TrackChange } from './track-list.query';

/** A journal as the database holds it: tracks in list order, each with its revision and JSON. */
class FakeJournal implements TrackListSource {
  tracks: ListedTrack[] = [];
  calls: string[] = [];
  #next = 100;

  put(id: number, json: string, at?: number): number {
    const revision = this.#next++;
    const track = { id, revision, json };
    const index = this.tracks.findIndex((t) => t.id === id);
    if (index >= 0) this.tracks[index] = track;
    else this.tracks.splice(at ?? 0, 0, track);
    return revision;
  }

  remove(id: number) {
    this.tracks = this.tracks.filter((t) => t.id !== id);
  }

  async all() {
    this.calls.push('all');
    return this.tracks.map((t) => ({ ...t }));
  }

  async changes(since: number): Promise<TrackChange[]> {
    this.calls.push(`changes ${since}`);
    return this.tracks.map((t) => ({ ...t, json: t.revision > since ? t.json : null }));
  }

  async byId(ids: number[]) {
    this.calls.push(`byId ${ids.join(',')}`);
    return this.tracks.filter((t) => ids.includes(t.id)).map((t) => ({ ...t }));
  }
}

/** A source that always answers one fixed list of `bytes` bytes of JSON (ids from 1). */
const fixed = (...jsons: string[]): TrackListSource => {
  const tracks = jsons.map((json, i) => ({ id: i + 1, revision: 1, json }));
  return {
    all: async () => tracks,
    changes: async () => tracks,
    byId: async () => tracks,
  };
};
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
        return [{ id: 1, revision: 1, json: text }];
      },
      changes: async () => {
        loads++;
        return [{ id: 1, revision: 2, json: text }];
      },
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

  it('after a change reads only the changed tracks, and the list is the one a full read gives', async () => {
    const cache = new TrackListCache(100_000);
    const journal = new FakeJournal();
    for (let id = 1; id <= 5; id++) journal.put(id, `{"id":${id}}`);
    const full = async () => `[${(await journal.all()).map((t) => t.json).join(',')}]`;
    await cache.list('u', 'dateUploaded', 1, journal);
    expect(journal.calls).toEqual(['all']);

    journal.put(3, '{"id":3,"name":"renamed"}');
    journal.calls = [];
    const edited = await cache.list('u', 'dateUploaded', 2, journal);
    expect(journal.calls).toEqual(['changes 1']);
    expect(edited.body.toString()).toBe(await full());
    expect(edited.body.toString()).toContain('renamed');

    // A new track, a deleted one and a moved one, all in one revision.
    journal.put(6, '{"id":6}');
    journal.remove(2);
    const moved = journal.tracks.splice(
      journal.tracks.findIndex((t) => t.id === 5),
      1,
    );
    journal.tracks.push(...moved);
    journal.calls = [];
    const patched = await cache.list('u', 'dateUploaded', 3, journal);
    expect(journal.calls).toEqual(['changes 2']);
    expect(patched.body.toString()).toBe(await full());
    expect(JSON.parse(patched.body.toString()).map((t: { id: number }) => t.id)).toEqual([6, 4, 3, 1, 5]);
  });

  it('reads by id a track changed below `since` (committed after a later change), and drops one gone meanwhile', async () => {
    const cache = new TrackListCache(100_000);
    const journal = new FakeJournal();
    const early = journal.put(1, '{"id":1}');
    journal.put(2, '{"id":2}');
    journal.put(3, '{"id":3}');
    await cache.list('u', 'dateUploaded', 1_000, journal);
    // Track 1 changed with a revision taken before the list's, committed after it was read.
    journal.tracks[journal.tracks.findIndex((t) => t.id === 1)] = {
      id: 1,
      revision: early - 1,
      json: '{"id":1,"late":true}',
    };
    journal.calls = [];
    const list = await cache.list('u', 'dateUploaded', 1_001, journal);
    expect(journal.calls).toEqual(['changes 1000', 'byId 1']);
    expect(list.body.toString()).toBe('[{"id":3},{"id":2},{"id":1,"late":true}]');

    // Changed below `since` and deleted before it could be read by id: left out, not sent stale.
    journal.tracks[journal.tracks.findIndex((t) => t.id === 2)] = {
      id: 2,
      revision: early - 2,
      json: '{"id":2,"x":1}',
    };
    const source: TrackListSource = {
      all: () => journal.all(),
      changes: (since) => journal.changes(since),
      byId: async (ids) => {
        journal.remove(2);
        return journal.byId(ids);
      },
    };
    const after = await cache.list('u', 'dateUploaded', 1_002, source);
    expect(after.body.toString()).toBe('[{"id":3},{"id":1,"late":true}]');
  });

  it('keeps at most maxBytes, dropping the least recently used first', async () => {
    const unread: TrackListSource = {
      all: async () => {
        throw new Error('not read');
      },
      changes: async () => {
        throw new Error('not read');
      },
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
      cache.list('u', 'dateUploaded', 2, { all: failing, changes: failing, byId: failing }),
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
    await cache.list('u', 'dateUploaded', 2, { ...fixed(), changes: async () => [] });
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
