import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagMatches, preferredEncoding, TrackListCache, trackListEtag } from './track-list.cache';

const json = (bytes: number) => `"${'x'.repeat(bytes - 2)}"`;

describe('TrackListCache', () => {
  it('answers from memory at the same revision and reads again at any other', async () => {
    const cache = new TrackListCache(1000);
    let loads = 0;
    const load = (text: string) => async () => {
      loads++;
      return text;
    };
    expect((await cache.list('u', 'dateUploaded', 5, load('[1]'))).body.toString()).toBe('[1]');
    expect((await cache.list('u', 'dateUploaded', 5, load('[2]'))).body.toString()).toBe('[1]');
    expect(loads).toBe(1);
    // Revisions come from one sequence and may be committed out of order: only equality counts.
    expect((await cache.list('u', 'dateUploaded', 4, load('[3]'))).body.toString()).toBe('[3]');
    expect((await cache.list('u', 'dateCreated', 4, load('[4]'))).body.toString()).toBe('[4]');
    expect((await cache.list('v', 'dateUploaded', 4, load('[5]'))).body.toString()).toBe('[5]');
    expect(loads).toBe(4);
  });

  it('keeps at most maxBytes, dropping the least recently used first', async () => {
    const cache = new TrackListCache(300);
    await cache.list('a', 'dateUploaded', 1, async () => json(100));
    await cache.list('b', 'dateUploaded', 1, async () => json(100));
    await cache.list('c', 'dateUploaded', 1, async () => json(100));
    expect(cache.bytes).toBe(300);
    await cache.list('a', 'dateUploaded', 1, async () => 'reloaded'); // a is now the most recent
    await cache.list('d', 'dateUploaded', 1, async () => json(100)); // b goes
    expect(cache.bytes).toBe(300);
    expect(cache.size).toBe(3);
    expect((await cache.list('b', 'dateUploaded', 1, async () => '"b again"')).body.toString()).toBe(
      '"b again"',
    );
    expect((await cache.list('a', 'dateUploaded', 1, async () => 'not read')).body.toString()).toBe(
      json(100),
    );
    // A replaced list frees its old bytes; one larger than the whole cache is sent but not kept.
    await cache.list('a', 'dateUploaded', 2, async () => json(50));
    expect(cache.bytes).toBeLessThanOrEqual(300);
    const huge = await cache.list('e', 'dateUploaded', 1, async () => json(301));
    expect(huge.body.length).toBe(301);
    expect(cache.bytes).toBeLessThanOrEqual(300);
    let reloaded = false;
    await cache.list('e', 'dateUploaded', 1, async () => {
      reloaded = true;
      return json(301);
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
    const load = async () => {
      loads++;
      await gate;
      return '[]';
    };
    const burst = Array.from({ length: 20 }, () => cache.list('u', 'dateUploaded', 1, load));
    release();
    const answers = await Promise.all(burst);
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await expect(
      cache.list('u', 'dateUploaded', 2, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await cache.list('u', 'dateUploaded', 2, async () => '[1]')).body.toString()).toBe('[1]');
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
    const text = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: 'Evening sketch' })));
    const entry = await cache.list('u', 'dateUploaded', 1, async () => text);
    expect(cache.bytes).toBe(text.length);
    const br = cache.encoded(entry, 'br');
    expect(cache.encoded(entry, 'br')).toBe(br);
    expect(brotliDecompressSync(await br).toString()).toBe(text);
    expect(gunzipSync(await cache.encoded(entry, 'gzip')).toString()).toBe(text);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.bytes).toBe(text.length + (await br).length + (await cache.encoded(entry, 'gzip')).length);
    expect(cache.bytes).toBe(entry.bytes);
    // Replaced by a newer read: its bytes, copies included, are given back.
    await cache.list('u', 'dateUploaded', 2, async () => '[]');
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
