import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blob-store';
import { isStorageUnavailable } from './storage-errors';

/**
 * Logs an outage once: a warning at its first failure, then nothing while it lasts (every
 * listener's request fails the same way, and a log line per request would bury the one that
 * matters), then an info line at the first success of an operation that began after it.
 * Operations that began before the outage and finish after its first failure do not count, so a
 * slow request that was already under way cannot announce a recovery that did not happen.
 */
export class OutageWatch {
  private started = 0;
  /** The `started` count when the outage was noted; undefined while the store answers. */
  private downAt: number | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly messages = { down: 'Storage unreachable', up: 'Storage reachable again' },
  ) {}

  get isDown(): boolean {
    return this.downAt !== undefined;
  }

  /** Call as an operation begins; pass what it returns to succeeded(). */
  begin(): number {
    return ++this.started;
  }

  failed(err: unknown): void {
    if (this.downAt !== undefined) return;
    this.downAt = this.started;
    this.log.warn({ err }, this.messages.down);
  }

  succeeded(operation: number): void {
    if (this.downAt === undefined || operation <= this.downAt) return;
    this.downAt = undefined;
    this.log.info(this.messages.up);
  }
}

/**
 * The store, reporting to the watch: an operation that fails because the store cannot be reached
 * (isStorageUnavailable) notes an outage, one that succeeds ends it. Other failures (a missing
 * blob, a bug) say nothing about reachability and pass through untouched.
 */
export function watchStore(store: BlobStore, watch: OutageWatch): BlobStore {
  async function watched<T>(operation: () => Promise<T>): Promise<T> {
    const started = watch.begin();
    try {
      const result = await operation();
      watch.succeeded(started);
      return result;
    } catch (err) {
      if (isStorageUnavailable(err)) watch.failed(err);
      throw err;
    }
  }
  const watchedStore: BlobStore = {
    putFile: (key, localFile) => watched(() => store.putFile(key, localFile)),
    stat: (key) => watched(() => store.stat(key)),
    delete: (key) => watched(() => store.delete(key)),
    createReadStream: (key, range) =>
      watched(async () => {
        const stream: Readable = await store.createReadStream(key, range);
        // The connection can also be lost after the stream was handed over.
        stream.on('error', (err) => {
          if (isStorageUnavailable(err)) watch.failed(err);
        });
        return stream;
      }),
  };
  // Presigning makes no request (it cannot fail for want of the store); only object stores have it,
  // and mediaOffload looks for it.
  const presign = store.presignedGetUrl?.bind(store);
  if (presign) watchedStore.presignedGetUrl = presign;
  // A path is only a name: nothing to watch.
  const localPath = store.localPath?.bind(store);
  if (localPath) watchedStore.localPath = localPath;
  return watchedStore;
}
