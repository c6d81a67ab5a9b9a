import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store';
import { OutageWatch, watchStore } from './outage-watch';
import { markFromStorage } from './storage-errors';

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const log = {
    warn: (_obj: unknown, msg: string) => lines.push({ level: 'warn', msg }),
    info: (msg: string) => lines.push({ level: 'info', msg }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const unreachable = () => {
  const err = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  markFromStorage(err);
  return err;
};

/** A store whose answers the test decides, one operation at a time. */
function scriptedStore() {
  let next: () => Promise<unknown> = async () => undefined;
  const stream = new PassThrough();
  const store: BlobStore = {
    putFile: () => next() as never,
    stat: () => next() as never,
    delete: () => next() as never,
    createReadStream: async () => {
      await next();
      return stream as Readable;
    },
  };
  return { store, stream, answer: (fn: () => Promise<unknown>) => (next = fn) };
}

describe('watchStore', () => {
  it('logs the first failure of an outage only, and the first success after it once', async () => {
    const { log, lines } = recordingLog();
    const { store, answer } = scriptedStore();
    const watched = watchStore(store, new OutageWatch(log));

    answer(() => Promise.reject(unreachable()));
    for (let i = 0; i < 5; i++) await expect(watched.stat('a')).rejects.toThrow('ECONNREFUSED');
    await expect(watched.delete('a')).rejects.toThrow('ECONNREFUSED');
    expect(lines).toEqual([{ level: 'warn', msg: 'Storage unreachable' }]);

    answer(async () => undefined);
    await watched.stat('a');
    await watched.stat('a');
    expect(lines.map((l) => l.msg)).toEqual(['Storage unreachable', 'Storage reachable again']);

    // A second outage is a new one.
    answer(() => Promise.reject(unreachable()));
    await expect(watched.putFile('a', '/tmp/x')).rejects.toThrow();
    expect(lines.filter((l) => l.msg === 'Storage unreachable')).toHaveLength(2);
  });

  it('a request that began before the outage and succeeds after it does not announce a recovery', async () => {
    const { log, lines } = recordingLog();
    const { store, answer } = scriptedStore();
    const watched = watchStore(store, new OutageWatch(log));
    let finishSlow = () => {};
    answer(() => new Promise<void>((resolve) => (finishSlow = resolve)));
    const slow = watched.stat('slow');
    answer(() => Promise.reject(unreachable()));
    await expect(watched.stat('b')).rejects.toThrow();
    finishSlow();
    await slow;
    expect(lines.map((l) => l.msg)).toEqual(['Storage unreachable']);
  });

  it('failures that say nothing about reachability pass through without a word', async () => {
    const { log, lines } = recordingLog();
    const { store, answer } = scriptedStore();
    const watched = watchStore(store, new OutageWatch(log));
    const missing = Object.assign(new Error('No such blob'), { code: 'ENOENT' });
    answer(() => Promise.reject(missing));
    await expect(watched.stat('a')).rejects.toBe(missing);
    expect(lines).toEqual([]);
  });

  it('a read stream that loses the store after it was handed over notes the outage', async () => {
    const { log, lines } = recordingLog();
    const { store, stream } = scriptedStore();
    const watched = watchStore(store, new OutageWatch(log));
    const body = await watched.createReadStream('a');
    const failed = new Promise((resolve) => body.on('error', resolve));
    stream.destroy(Object.assign(unreachable(), { code: 'ECONNRESET' }));
    await failed;
    expect(lines).toEqual([{ level: 'warn', msg: 'Storage unreachable' }]);
  });

  it('keeps presigning only where the store has it (mediaOffload looks for it)', () => {
    const { log } = recordingLog();
    const { store } = scriptedStore();
    expect(watchStore(store, new OutageWatch(log)).presignedGetUrl).toBeUndefined();
    const presigning = { ...store, presignedGetUrl: async (key: string) => `https://bucket/${key}` };
    expect(watchStore(presigning, new OutageWatch(log)).presignedGetUrl).toBeDefined();
  });
});
