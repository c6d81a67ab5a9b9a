import type { QueryFunction } from '@tanstack/react-query';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
import { apiRequest } from '../../lib/api-client';

/**
 * How the journal's one list is read (issue 48). A journal up to the server's bound comes whole in
 * one reply, as always; a bigger one comes as its first page with a `Link` to the rest, read here
 * page after page. On a first load each page shows as it arrives (the first rows of a 100,000-track
 * journal within a second); a read again (after a change) swaps the whole list in at its end, so
 * the journal never shrinks to a page meanwhile.
 */

/** The address of the `rel="next"` link of a Link header (RFC 8288), or null. */
export function nextLink(header: string | null): string | null {
  for (const part of header?.split(',') ?? []) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

/** The page after `url`: the same address with the next cursor. */
const withCursor = (url: string, cursor: string) => {
  const next = new URL(url, window.location.origin);
  next.searchParams.set('cursor', cursor);
  return `${next.pathname}${next.search}`;
};

/** The journal's pages in order: the first reply's array, then the linked pages' items. */
export async function* journalPages(signal?: AbortSignal): AsyncGenerator<Track[]> {
  const first = await apiRequest('GET', '/api/tracks');
  yield (await first.json()) as Track[];
  let next = nextLink(first.headers.get('Link'));
  while (next && !signal?.aborted) {
    const page = (await (await apiRequest('GET', next)).json()) as TrackPage;
    yield page.items;
    next = page.nextCursor ? withCursor(next, page.nextCursor) : null;
  }
}

/**
 * The query function of the journal's list (TRACKS_KEY). A first load shows the first page at
 * once, then the list each time it has doubled: every showing sorts and renders the whole list, so
 * showing each of a 100,000-track journal's hundred pages cost minutes; doubling costs about twice
 * one showing of the whole.
 */
export const readJournal: QueryFunction<Track[]> = async ({ client, queryKey, signal }) => {
  const showAsItComes = client.getQueryData(queryKey) === undefined;
  const list: Track[] = [];
  let shown = 0;
  for await (const page of journalPages(signal)) {
    list.push(...page);
    if (showAsItComes && !signal.aborted && (shown === 0 || list.length >= shown * 2)) {
      client.setQueryData(queryKey, [...list]);
      shown = list.length;
    }
  }
  return list;
};
