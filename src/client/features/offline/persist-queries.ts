import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { version } from '../../../../package.json';

// The journal and playlists "as last seen" (issue 25): the queries a signed-in shell needs to draw
// without a network are kept in IndexedDB, and read back only when the app starts offline (online,
// the server's answer is always fresher, and reading IndexedDB first would delay the first paint).
// Written with the app's own dehydrate/hydrate rather than @tanstack/query-persist-client: those
// packages pin another query-core (5.104 against the app's 5.108), whose hydrate did not restore
// reliably into this client; and this store merges page loads, which theirs does not.

/** 30 days: older than that, a journal "as last seen" is more misleading than useful. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A new build may change the shape of replies: what an older build kept is dropped. */
const BUSTER = `journal-${version}-1`;
const KEY = 'queries';
/** Writes wait this long for the burst of a page's reads to settle. */
const WRITE_DELAY_MS = 1000;

interface Persisted {
  buster: string;
  timestamp: number;
  /** Whose journal it is: another user's sign-in never sees it. */
  userId: string | null;
  state: DehydratedState;
}

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

const userIdOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ id?: string } | null>(['/api/auth/user'])?.id ?? null;

/** Offline start: the last written state into the cache, before the first render asks the server. */
export async function restoreQueries(queryClient: QueryClient): Promise<void> {
  const saved = await get<Persisted>(KEY, db());
  if (!saved || saved.buster !== BUSTER || Date.now() - saved.timestamp > MAX_AGE_MS) return;
  hydrate(queryClient, saved.state);
}

/**
 * The current kept queries, plus those an earlier page load kept that this one has not read (a
 * playlist opened yesterday) or has let go of (garbage collection after five minutes unseen), as
 * long as the same user is signed in. So no query needs a longer gcTime (which, past setTimeout's
 * 24.8 days, would even collect at once).
 */
async function save(queryClient: QueryClient): Promise<void> {
  const userId = userIdOf(queryClient);
  if (!userId) return;
  const state = dehydrate(queryClient, { shouldDehydrateQuery: isPersistedQuery });
  const saved = await get<Persisted>(KEY, db());
  if (saved && saved.buster === BUSTER && saved.userId === userId) {
    const now = new Set(state.queries.map((q) => q.queryHash));
    const fresh = (q: DehydratedState['queries'][number]) => Date.now() - q.state.dataUpdatedAt < MAX_AGE_MS;
    state.queries.push(...saved.state.queries.filter((q) => !now.has(q.queryHash) && fresh(q)));
  }
  await set(KEY, { buster: BUSTER, timestamp: Date.now(), userId, state } satisfies Persisted, db());
}

let unsubscribe: (() => void) | null = null;

/** From now on, each settled change of a kept query is written to IndexedDB. */
export function persistQueries(queryClient: QueryClient): void {
  if (unsubscribe) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    save(queryClient).catch((err: unknown) =>
      console.warn('Could not keep the journal for offline use', err),
    );
  };
  unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isPersistedQuery(event.query)) return;
    if (timer === undefined) timer = setTimeout(write, WRITE_DELAY_MS);
  });
  // What this page load already read.
  timer = setTimeout(write, WRITE_DELAY_MS);
}

/** Sign-out: nothing of this user stays on the device. */
export async function clearPersistedQueries(): Promise<void> {
  await del(KEY, db());
}
