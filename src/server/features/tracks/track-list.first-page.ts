import type { TrackSort } from '../../../shared/schemas/tracks';
import { RevisionLru } from './revision-lru';
import type { ChangesSince, ListedTrack } from './track-list.changes';
import { encodeCursor } from './track-list.order';
import { type HeldPrefix, type HeldTrack, held, patchPrefix } from './track-list.patch';

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
   * The first `limit` tracks of `userId`'s journal in `sort` at `revision` as the reply's JSON
   * (trackPageSchema, with the counts): kept, patched from the page held at another revision, or
   * read. Concurrent callers of one revision share one read.
   */
  async page(
    userId: string,
    sort: TrackSort,
    limit: number,
    revision: number,
    source: FirstPageSource,
  ): Promise<Buffer> {
    const key = `${userId}\0${sort}\0${limit}`;
    const size = limit + 1; // one more than shown: whether it exists says there is a next page
    const page = await this.#kept.get(key, revision, async (previous) => {
      const patched = previous && (await patchedPage(previous, source, sort, size));
      if (patched) return heldPage(revision, patched.prefix, patched.all, sort, limit);
      const read = await source.first(size);
      const rows = read.rows.map(held);
      return heldPage(revision, { rows, complete: rows.length < size }, read.all, sort, limit);
    });
    return page.body;
  }
}

/** Where first pages are read from (track-list.changes.ts and the page's own query; tests give theirs). */
export interface FirstPageSource {
  /** The journal's first `size` tracks in order, and how many it has. */
  first(size: number): Promise<{ rows: ListedTrack[]; all: number }>;
  /** The tracks changed after `since`, the removal revision and the count; undefined: gone. */
  changedSince(since: number): Promise<ChangesSince | undefined>;
}

interface HeldPage extends HeldPrefix {
  revision: number;
  all: number;
  /** The reply, as ownTracksPageJson writes it. */
  body: Buffer;
  bytes: number;
}

/** The held page brought to now, unless a track left the journal or the page cannot tell. */
async function patchedPage(previous: HeldPage, source: FirstPageSource, sort: TrackSort, size: number) {
  const since = await source.changedSince(previous.revision);
  if (!since || since.all === undefined || since.removal > previous.revision) return undefined;
  const prefix = patchPrefix(previous, since.changed, sort, size);
  return prefix && { prefix, all: since.all };
}

function heldPage(
  revision: number,
  prefix: HeldPrefix,
  all: number,
  sort: TrackSort,
  limit: number,
): HeldPage {
  const shown = prefix.rows.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor = prefix.rows.length > limit && last ? JSON.stringify(cursorAfter(last, sort)) : 'null';
  const parts: Buffer[] = [ITEMS_START];
  for (const [i, row] of shown.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(row.json);
  }
  parts.push(Buffer.from(`],"nextCursor":${nextCursor},"total":${all},"all":${all}}`));
  const body = Buffer.concat(parts);
  // The body and the rows' JSON, each row's sort keys (~200 bytes), the entry and the Map's slot.
  return { revision, ...prefix, all, body, bytes: 2 * body.length + prefix.rows.length * 200 + 512 };
}

const ITEMS_START = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/** The next page's cursor after `last`, unfiltered (cursorAfter's, from a held row). */
const cursorAfter = (last: HeldTrack, sort: TrackSort): string =>
  encodeCursor({
    sort,
    filter: '',
    createdAt: last.created,
    fileCreatedAt: last.fileCreated,
    id: last.id,
    ...(sort === 'tempo' ? { value: last.bpmTenths } : sort === 'key' ? { value: last.keyIndex } : {}),
  });

/** At most 8 MiB of first pages per instance: about 80 pages of 50 tracks (~50 KB each, reckoned twice). */
export const FIRST_PAGE_CACHE_BYTES = 8 * 1024 * 1024;
