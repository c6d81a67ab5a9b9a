import type { TrackSort } from '../../../shared/schemas/tracks';
import { RevisionLru } from './revision-lru';
import { encodedOnce, type ListEncoding } from './track-list.cache';
import type { ChangesSince, ListedTrack } from './track-list.changes';
import { cursorAfterKey } from './track-list.order';
import { type HeldPrefix, held, patchPrefix } from './track-list.patch';

/**
 * The journal's unfiltered first pages (GET /api/tracks?limit=N, no cursor), kept per owner, sort
 * and size at the journal revision they were read at (decision 0909), as the whole list is (0084):
 * a big journal's client reads pages, and right after a change its first page was read again whole
 * (3.7 ms of 50 rows' JSON on the scale seed's 100,000 tracks) where the list held whole reads only
 * what changed. Here too: the tracks changed since the held page, with the owner's count in the same
 * statement, and the page patched (patchPrefix) unless a track left the journal or a held one went
 * past the page's end, which read the page anew.
 *
 * Fresh by the same rule as the list and the counts (TrackListCache, TrackCountCache): answered only
 * at the very revision asked, which the caller takes before anything is read.
 */
export class FirstPageCache {
  readonly #kept: RevisionLru<HeldPage>;

  constructor(readonly maxBytes: number) {
    this.#kept = new RevisionLru(maxBytes);
  }

  get bytes(): number {
    return this.#kept.bytes;
  }

  /**
   * The first `limit` tracks of `userId`'s journal in `sort` at `revision`, as the reply of
   * `shape`: kept, patched from the page held at another revision, or read. Concurrent callers of
   * one revision share one read.
   */
  async page(
    userId: string,
    sort: TrackSort,
    limit: number,
    revision: number,
    source: FirstPageSource,
    shape: PageShape = 'page',
  ): Promise<FirstPage> {
    const size = limit + 1; // one more than shown: whether it exists says there is a next page
    const key = pageKey(userId, sort, limit, shape);
    return this.#kept.get(key, revision, async (previous) => {
      const patched = previous && (await patchedPage(previous, source, sort, size));
      if (patched) return heldPage(key, revision, patched.prefix, patched.all, sort, limit, shape);
      const read = await source.first(size);
      const rows = read.rows.map(held);
      return heldPage(key, revision, { rows, complete: rows.length < size }, read.all, sort, limit, shape);
    });
  }

  /**
   * Brings the first pages held for `userId` to `revision` in the background, as the whole list's
   * cache does after its owner's own write (TrackListCache.renew, decision 0908): the page their
   * client asks for at once is then patched while the write's reply travels, and that GET shares the
   * read (decision 0916). A page already being made is left alone, as there.
   */
  renew(
    userId: string,
    revision: number,
    source: (sort: TrackSort) => FirstPageSource,
    failed: (err: Error) => void,
  ): void {
    for (const key of [...this.#kept.keysStartingWith(`${userId}\0`)]) {
      const kept = this.#kept.peek(key);
      if (!kept || this.#kept.making(key)) continue;
      const { sort, limit, shape } = kept;
      this.page(userId, sort, limit, revision, source(sort), shape).catch(failed);
    }
  }

  /**
   * The page compressed with `encoding`: made once per page (revision), then kept with it and
   * counted (decision 0941). @fastify/compress made it again for every request: a big journal's
   * 891 kB first page took ~5 ms of brotli each time, 200 req/s against 4,300 sent as it is.
   */
  encoded(page: FirstPage, encoding: ListEncoding): Promise<Buffer> {
    const held = page as HeldPage;
    return encodedOnce(this.#kept, held.key, held, encoding);
  }

  /** Whether a first page of this shape is held for `userId` in `sort`, at any revision. */
  holds(userId: string, sort: TrackSort, limit: number, shape: PageShape): boolean {
    return this.#kept.has(pageKey(userId, sort, limit, shape));
  }

  forget(userId: string, sort: TrackSort, limit: number, shape: PageShape): void {
    this.#kept.forget(pageKey(userId, sort, limit, shape));
  }
}

/**
 * `page`: a page of `limit` (trackPageSchema, with the counts). `array`: a journal too big for one
 * reply, its first tracks as the array GET /api/tracks sends without `limit` (track-list.big.ts).
 */
export type PageShape = 'page' | 'array';

const pageKey = (userId: string, sort: TrackSort, limit: number, shape: PageShape) =>
  `${userId}\0${sort}\0${limit}\0${shape}`;

/** A first page as sent: its body, the next page's cursor, and the owner's tracks at its revision. */
export interface FirstPage {
  readonly body: Buffer;
  readonly nextCursor: string | null;
  readonly all: number;
}

/** Where first pages are read from (track-list.changes.ts and the page's own query; tests give theirs). */
export interface FirstPageSource {
  /** The journal's first `size` tracks in order, and how many it has. */
  first(size: number): Promise<{ rows: ListedTrack[]; all: number }>;
  /** The tracks changed after `since`, the removal revision and the count; undefined: gone. */
  changedSince(since: number): Promise<ChangesSince | undefined>;
}

interface HeldPage extends HeldPrefix, FirstPage {
  revision: number;
  bytes: number;
  /** Where the cache keeps it (pageKey), and its body compressed, made when first asked for. */
  readonly key: string;
  readonly encoded: Map<ListEncoding, Promise<Buffer>>;
  /** What the page is of, as its key says: renew makes each held page again from these. */
  readonly sort: TrackSort;
  readonly limit: number;
  readonly shape: PageShape;
}

/** The held page brought to now, unless a track left the journal or the page cannot tell. */
async function patchedPage(previous: HeldPage, source: FirstPageSource, sort: TrackSort, size: number) {
  const since = await source.changedSince(previous.revision);
  if (!since || since.all === undefined || since.removal > previous.revision) return undefined;
  const prefix = patchPrefix(previous, since.changed, sort, size);
  return prefix && { prefix, all: since.all };
}

/** The page as sent: ownTracksPageJson's reply, or firstJournalPage's array. */
function heldPage(
  key: string,
  revision: number,
  prefix: HeldPrefix,
  all: number,
  sort: TrackSort,
  limit: number,
  shape: PageShape,
): HeldPage {
  const shown = prefix.rows.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor = prefix.rows.length > limit && last ? cursorAfterKey(last, sort, '') : null;
  const parts: Buffer[] = [shape === 'page' ? ITEMS_START : ARRAY_START];
  for (const [i, row] of shown.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(row.json);
  }
  parts.push(
    shape === 'page'
      ? Buffer.from(`],"nextCursor":${JSON.stringify(nextCursor)},"total":${all},"all":${all}}`)
      : ARRAY_END,
  );
  let length = 0;
  for (const part of parts) length += part.length;
  // The body and the rows' JSON, each row's sort keys (~200 bytes), the entry and the Map's slot.
  const bytes = 2 * length + prefix.rows.length * 200 + 512;
  // Joined when first sent, not when made (decision 0940): renew (write-behind) makes every held
  // page of a writer again after each of their writes, and a big journal's first 1,000 tracks
  // joined at each edit were ~900 KB outside V8's heap a write, which set off a full collection
  // every ~100 ms while the writer's client asked for another page.
  let body: Buffer | undefined;
  return {
    key,
    encoded: new Map(),
    revision,
    ...prefix,
    all,
    get body() {
      body ??= Buffer.concat(parts, length);
      return body;
    },
    nextCursor,
    bytes,
    sort,
    limit,
    shape,
  };
}

const ITEMS_START = Buffer.from('{"items":[');
const ARRAY_START = Buffer.from('[');
const ARRAY_END = Buffer.from(']');
const COMMA = Buffer.from(',');

/**
 * At most 16 MiB of first pages per instance: about 150 pages of 50 tracks (~50 KB, reckoned twice),
 * or six big journals' first 1,000 (~1 MB each).
 */
export const FIRST_PAGE_CACHE_BYTES = 16 * 1024 * 1024;
