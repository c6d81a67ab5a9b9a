import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { SEARCH } from '../../../shared/constants';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { notPlayableReason, toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { usePlayer } from '../../player/use-player';
import { type SearchItem, searchGroups } from './search-items';
import { optionId, SearchResultsList } from './search-results';
import { useSearch } from './use-search';

/**
 * The search dialog (issue 13): one field, results grouped under headings, ↑/↓ to move, Enter to
 * choose, Escape (Radix) to close. A track plays straight away with the found tracks as its queue;
 * anything else opens its page. Closing forgets what was typed.
 */
export function SearchDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AuthUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-4 max-h-[calc(100dvh-2rem)] translate-y-0 grid-rows-[auto_auto_minmax(0,1fr)] gap-3 p-4 sm:top-[12vh] sm:max-h-[76vh]">
        <DialogTitle className="sr-only">Search</DialogTitle>
        <DialogDescription className="sr-only">
          Search your tracks, playlists, collectives, equipment and people. Use the up and down arrows to move
          through the results and Enter to choose one.
        </DialogDescription>
        {open && <SearchPanel user={user} close={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SearchPanel({ user, close }: { user: AuthUser; close: () => void }) {
  const [text, setText] = useState('');
  const { q, results, searching, failed } = useSearch(text);
  const groups = useMemo(() => searchGroups(results, q), [results, q]);
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const listId = useId();
  const player = usePlayer();
  const [, navigate] = useLocation();

  // New results: the best one is active, so Enter right after typing takes it.
  useEffect(() => setActiveKey(items[0]?.key ?? null), [items]);
  const active = items.find((i) => i.key === activeKey) ?? null;
  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (item: SearchItem) => {
    if (item.kind === 'page') {
      navigate(item.href);
      close();
      return;
    }
    if (notPlayableReason(item.track)) return;
    const owner = trackOwner(user);
    const queue = results?.tracks.filter((t) => !notPlayableReason(t)).map((t) => toPlayerTrack(t, owner));
    player.playTrack(toPlayerTrack(item.track, owner), queue);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    const at = active ? items.indexOf(active) : -1;
    const move = (to: number) => {
      event.preventDefault();
      setActiveKey(items[(to + items.length) % items.length]!.key);
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(items.length - 1);
    else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  };

  const status = !q
    ? 'Search your tracks, playlists, collectives, equipment and people.'
    : failed
      ? 'Search failed. Please try again.'
      : results && items.length === 0 && !searching
        ? `No results for “${q}”.`
        : null;

  return (
    <>
      <div className="flex items-center gap-2 border-b border-border pr-8 pb-3">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          // biome-ignore lint/a11y/noAutofocus: the dialog exists to type into this field
          autoFocus
          // Not type="search": its own clear button would sit beside the dialog's close button.
          type="text"
          role="combobox"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active) : undefined}
          placeholder="Search…"
          maxLength={SEARCH.maxQueryLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground pointer-coarse:h-11"
        />
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {status ?? (searching && items.length === 0 ? 'Searching…' : '')}
      </p>
      <div className="min-h-0 overflow-y-auto">
        <SearchResultsList
          id={listId}
          groups={groups}
          activeKey={activeKey}
          onHover={(item) => setActiveKey(item.key)}
          onChoose={choose}
        />
      </div>
    </>
  );
}
