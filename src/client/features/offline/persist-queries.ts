import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { version } from '../../../../package.json';

// The journal and playlists "as last seen" (issue 25): the queries a signed-in shell needs to draw
// without a network are kept in IndexedDB, and read back only when the app starts offline (online,
// the server's answer is always fresher, and reading IndexedDB first would delay the first paint).

/** 30 days: older than that, a journal "as last seen" is more misleading than useful. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A new build may change the shape of replies: what an older build kept is dropped. */
const BUSTER = `journal-${version}-1`;

/** The signed-in user, the journal's track list, the playlists list and each playlist's details. */
export function isPersistedQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success') return false;
  const [root, ...rest] = query.queryKey;
  if (root === '/api/auth/user' || root === '/api/playlists') return true;
  return root === '/api/tracks' && rest.length === 0;
}

let store: ReturnType<typeof createStore> | undefined;
const db = () => {
  store ??= createStore('journal-queries', 'cache');
  return store;
};

const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, db()).then((v) => v ?? null),
    setItem: (key, value) => set(key, value, db()),
    removeItem: (key) => del(key, db()),
  },
  throttleTime: 2000,
});

/**
 * Kept queries must outlive the default five minutes of garbage collection, or leaving the journal
 * for a while would drop it from what is persisted.
 */
function keepLonger(queryClient: QueryClient) {
  for (const key of [['/api/auth/user'], ['/api/playlists'], ['/api/tracks']]) {
    queryClient.setQueryDefaults(key, { gcTime: MAX_AGE_MS });
  }
}

/** Offline start: the last persisted state into the cache, before the first render asks the server. */
export async function restoreQueries(queryClient: QueryClient): Promise<void> {
  keepLonger(queryClient);
  await persistQueryClientRestore({
    queryClient: asPersistClient(queryClient),
    persister,
    maxAge: MAX_AGE_MS,
    buster: BUSTER,
  });
}

/**
 * The persister packages pin query-core 5.104 while the app runs 5.108: the same QueryClient at
 * run time (they only call its public methods), two declarations of its private fields for tsc.
 */
type PersistClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
const asPersistClient = (queryClient: QueryClient) => queryClient as unknown as PersistClient;

let unsubscribe: (() => void) | null = null;

/** From now on, every change of a kept query is written (throttled) to IndexedDB. */
export function persistQueries(queryClient: QueryClient): void {
  if (unsubscribe) return;
  keepLonger(queryClient);
  unsubscribe = persistQueryClientSubscribe({
    queryClient: asPersistClient(queryClient),
    persister,
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isPersistedQuery },
  });
}

/** Sign-out: nothing of this user stays on the device. */
export async function clearPersistedQueries(): Promise<void> {
  await persister.removeClient();
}
