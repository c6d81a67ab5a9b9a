import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useSearch as useQueryString } from 'wouter';
import { SEARCH } from '../../../shared/constants';
import type { AuthUser } from '../../../shared/schemas/auth';
import { SEARCH_GROUPS, type SearchGroupName } from '../../../shared/schemas/search';
import { Page, PageHeader } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { notPlayableReason, toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { cn } from '../../lib/utils';
import { usePlayer } from '../../player/use-player';
import { SEARCH_HEADINGS, type SearchItem, searchItems, searchPagePath } from './search-items';
import { Thumb } from './search-results';
import { useSearchPage } from './use-search-page';

const isGroup = (value: string | null): value is SearchGroupName =>
  (SEARCH_GROUPS as readonly string[]).includes(value ?? '');

/**
 * The full results of one group (issue 23, decision 0282), at `/search?q=…&type=…` so a result list
 * can be linked, reloaded and gone back to. The dialog's "Show all" opens it. Plain links and
 * buttons: Tab reaches every row, the group tabs and "Load more" without a listbox's key handling.
 */
export function SearchPage({ user }: { user: AuthUser }) {
  const params = new URLSearchParams(useQueryString());
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH.maxQueryLength);
  const type = params.get('type');
  const group = isGroup(type) ? type : 'tracks';
  return (
    <Page>
      <PageHeader
        title="Search"
        icon={Search}
        description={q ? `${SEARCH_HEADINGS[group]} matching “${q}”` : 'Type something to search for.'}
      />
      <SearchForm q={q} group={group} />
      {q && (
        <>
          <nav aria-label="Result kinds" className="mb-4 flex flex-wrap gap-2">
            {SEARCH_GROUPS.map((g) => (
              <Link
                key={g}
                href={searchPagePath(q, g)}
                aria-current={g === group ? 'page' : undefined}
                className={cn(
                  'rounded-full border border-border px-3 py-1 text-sm hover:bg-accent',
                  g === group && 'border-primary bg-primary/15 text-primary',
                )}
              >
                {SEARCH_HEADINGS[g]}
              </Link>
            ))}
          </nav>
          <GroupResults key={`${group}:${q}`} user={user} group={group} q={q} />
        </>
      )}
    </Page>
  );
}

function SearchForm({ q, group }: { q: string; group: SearchGroupName }) {
  const [text, setText] = useState(q);
  const [, navigate] = useLocation();
  useEffect(() => setText(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(searchPagePath(text.trim(), group));
  };
  return (
    <form onSubmit={submit} className="mb-4 flex gap-2">
      <Input
        type="text"
        aria-label="Search"
        maxLength={SEARCH.maxQueryLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="max-w-md"
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

function GroupResults({ user, group, q }: { user: AuthUser; group: SearchGroupName; q: string }) {
  const query = useSearchPage(group, q);
  const player = usePlayer();
  const items = searchItems(group, query.items as never);
  const heading = SEARCH_HEADINGS[group].toLowerCase();

  // A track plays with the loaded, playable tracks as its queue, as in the dialog (decision 0134).
  const play = (item: Extract<SearchItem, { kind: 'track' }>) => {
    const owner = trackOwner(user);
    const queue = items.flatMap((i) =>
      i.kind === 'track' && !notPlayableReason(i.track) ? [toPlayerTrack(i.track, owner)] : [],
    );
    player.playTrack(toPlayerTrack(item.track, owner), queue);
  };

  if (query.isPending) return <p className="text-sm text-muted-foreground">Searching…</p>;
  if (query.isError && items.length === 0)
    return <p className="text-sm text-destructive">Search failed. Please try again.</p>;
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No {heading} match “{q}”.
      </p>
    );
  return (
    <section aria-label={`${SEARCH_HEADINGS[group]} results`}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.key}>
            <ResultRow group={group} item={item} onPlay={play} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          Could not load more. Please try again.
        </p>
      )}
    </section>
  );
}

const rowClass =
  'flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-70';

function ResultRow({
  group,
  item,
  onPlay,
}: {
  group: SearchGroupName;
  item: SearchItem;
  onPlay: (item: Extract<SearchItem, { kind: 'track' }>) => void;
}) {
  const unplayable = item.kind === 'track' ? notPlayableReason(item.track) : null;
  const body = (
    <>
      <Thumb group={group} item={item} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{item.label}</span>
        {(unplayable ?? item.detail) && (
          <span className="truncate text-xs text-muted-foreground">{unplayable ?? item.detail}</span>
        )}
      </span>
    </>
  );
  if (item.kind === 'page')
    return (
      <Link href={item.href} className={rowClass}>
        {body}
      </Link>
    );
  return (
    <button type="button" className={rowClass} disabled={!!unplayable} onClick={() => onPlay(item)}>
      {body}
    </button>
  );
}
