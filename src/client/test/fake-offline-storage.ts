import { Blob as NodeBlob } from 'node:buffer';
import { vi } from 'vitest';

// In-memory stand-ins for what jsdom and Node lack: Cache Storage and IndexedDB (through the
// idb-keyval calls the offline feature makes). Test helpers, not tests.

const absolute = (request: RequestInfo | URL) =>
  new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'http://localhost')
    .href;

interface Stored {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
}

/** One cache: keyed by absolute URL; every match is a fresh Response, as the browser's are. */
export class FakeCache {
  readonly entries = new Map<string, Stored>();
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const stored = this.entries.get(absolute(request));
    return stored && new Response(stored.body.slice(0), { status: stored.status, headers: stored.headers });
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(absolute(request), {
      body: await response.arrayBuffer(),
      status: response.status,
      headers: [...response.headers.entries()],
    });
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(absolute(request));
  }
  /** Whether `path` is stored (a test's shorthand). */
  has(path: string): boolean {
    return this.entries.has(absolute(path));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }
}

/**
 * A fresh global `caches`. Also Node's Blob in place of jsdom's: Node's Response (what tests run
 * on) reads and makes Node Blobs, and Workbox checks `instanceof Blob`.
 */
export function installFakeCaches(): FakeCacheStorage {
  vi.stubGlobal('Blob', NodeBlob);
  const storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  return storage;
}

/**
 * idb-keyval's functions over Maps, for `vi.mock('idb-keyval', () => fakeIdbKeyval)`. Values are
 * structured-cloned as IndexedDB does, so a test cannot pass by mutating what it stored.
 */
type FakeStore = Map<string, unknown>;
const stores = new Map<string, FakeStore>();
const defaultStore: FakeStore = new Map();
const pick = (store?: unknown) => (store as FakeStore | undefined) ?? defaultStore;

export const fakeIdbKeyval = {
  createStore: (db: string, name: string) => {
    const key = `${db}/${name}`;
    if (!stores.has(key)) stores.set(key, new Map());
    return stores.get(key);
  },
  get: async (key: string, store?: unknown) => structuredClone(pick(store).get(key)),
  set: async (key: string, value: unknown, store?: unknown) => {
    pick(store).set(key, structuredClone(value));
  },
  del: async (key: string, store?: unknown) => {
    pick(store).delete(key);
  },
  entries: async (store?: unknown) => [...pick(store).entries()].map(([k, v]) => [k, structuredClone(v)]),
  clear: async (store?: unknown) => pick(store).clear(),
};

/** Empties every fake IndexedDB store (between tests). */
export function resetFakeIdb(): void {
  for (const store of stores.values()) store.clear();
  defaultStore.clear();
}
