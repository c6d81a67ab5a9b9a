import { type MouseEvent, type ReactNode, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { WithTooltip } from '../../components/ui/tooltip';
import { type SharedCollective, useSharedCollectives } from '../../entities/collective/use-sharing';
import { lazyDialog } from '../../lib/lazy-dialog';
import { cn } from '../../lib/utils';

/**
 * The badges sit inside other clickable things (a journal sidebar row is a link). React events from
 * the dialog, which lives in a portal, still bubble to those ancestors through the React tree, so a
 * click in the dialog would also "click" the row. Clicks from the portal stop here; clicks on the
 * badges themselves go on to the row as usual.
 */
function Contained({ children, className }: { children: ReactNode; className?: string }) {
  const stopPortalClicks = (e: MouseEvent<HTMLSpanElement>) => {
    if (!e.currentTarget.contains(e.target as Node)) e.stopPropagation();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps portal clicks from a row link around it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: no action of its own; keys reach the inner button.
    <span className={className} onClick={stopPortalClicks}>
      {children}
    </span>
  );
}

/** The 'Shared with' dialog and Radix Dialog load when it first opens (decision 0077). */
const SharedCollectivesDialog = lazyDialog(() =>
  import('./shared-collectives-dialog').then((m) => m.SharedCollectivesDialog),
);

/**
 * The '+N' / '+N more' button. Its name starts with the text it shows (WCAG 2.5.3, label in name:
 * speech users say what they see; decision 0182) and goes on to say what it opens.
 */
function ShowMoreButton({
  count,
  onOpen,
  className,
  children,
}: {
  count: number;
  onOpen: () => void;
  className?: string;
  children: string;
}) {
  const open = (e: MouseEvent) => {
    // Inside a link: neither follow it nor let it see the click.
    e.preventDefault();
    e.stopPropagation();
    onOpen();
  };
  return (
    <button
      type="button"
      aria-label={`${children}: show all ${count} shared collectives`}
      onClick={open}
      className={cn(
        'cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {children}
    </button>
  );
}

/**
 * Journal playlist rows (spec section 2): small round badges of the collectives the playlist is
 * shared with, at most `max` (4), then a '+N' show-more button opening the list of all of them.
 *
 * Wiring: `<PlaylistRow … badges={<SharedCollectiveBadges collectives={p.sharedCollectives} />} />`
 * with the rows read from GET /api/playlists/with-shared-collectives (usePlaylistsWithShares).
 */
export function SharedCollectiveBadges({
  collectives,
  max = LIMITS.playlistBadges,
}: {
  collectives: SharedCollective[];
  max?: number;
}) {
  const [open, setOpen] = useState(false);
  if (collectives.length === 0) return null;
  const shown = collectives.slice(0, max);
  const rest = collectives.length - shown.length;

  return (
    <Contained className="flex shrink-0 items-center">
      <OverlappingAvatars
        collectives={shown}
        listClassName="-space-x-1.5"
        ringClassName="ring-sidebar"
        avatarClassName="size-5 text-[9px]"
        tooltipSide="top"
      />
      {rest > 0 && (
        <ShowMoreButton
          count={collectives.length}
          onOpen={() => setOpen(true)}
          className="ml-1 rounded-full bg-secondary px-1.5 py-0.5 text-[10px] leading-none font-medium text-secondary-foreground hover:bg-accent"
        >
          {`+${rest}`}
        </ShowMoreButton>
      )}
      <SharedCollectivesDialog collectives={collectives} open={open} onOpenChange={setOpen} />
    </Contained>
  );
}

/** A row of overlapping collective avatars, each named by its tooltip and for screen readers. */
function OverlappingAvatars({
  collectives,
  listClassName,
  ringClassName,
  avatarClassName,
  tooltipSide,
}: {
  collectives: { id: number; name: string; imageUrl: string | null }[];
  listClassName: string;
  ringClassName: string;
  avatarClassName: string;
  tooltipSide: 'top' | 'bottom';
}) {
  return (
    <ul aria-label="Shared with" className={cn('flex', listClassName)}>
      {collectives.map((c) => (
        <li key={c.id} className="flex">
          <WithTooltip label={c.name} side={tooltipSide}>
            <span role="img" aria-label={c.name} className={cn('rounded-full ring-2', ringClassName)}>
              <CollectiveAvatar name={c.name} imageUrl={c.imageUrl} className={avatarClassName} />
            </span>
          </WithTooltip>
        </li>
      ))}
    </ul>
  );
}

/**
 * The playlist page's 'Shared with' row (spec section 2): up to 3 collective avatars and, when there
 * are more, a '+N more' link to all of them. Nothing shows while the playlist is shared nowhere.
 */
export function SharedWithRow({ playlistId }: { playlistId: number }) {
  const { data: collectives } = useSharedCollectives(playlistId);
  const [open, setOpen] = useState(false);
  if (!collectives?.length) return null;
  const shown = collectives.slice(0, LIMITS.sharedWithAvatars);
  const rest = collectives.length - shown.length;

  return (
    <Contained className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span>Shared with</span>
      <OverlappingAvatars
        collectives={shown}
        listClassName="-space-x-2"
        ringClassName="ring-background"
        avatarClassName="size-7 text-xs"
        tooltipSide="bottom"
      />
      {/* Only when some are hidden: with all of them on show the dialog would add nothing (decision 0110). */}
      {rest > 0 && (
        <ShowMoreButton
          count={collectives.length}
          onOpen={() => setOpen(true)}
          className="rounded text-primary underline-offset-4 hover:underline"
        >
          {`+${rest} more`}
        </ShowMoreButton>
      )}
      <SharedCollectivesDialog collectives={collectives} open={open} onOpenChange={setOpen} />
    </Contained>
  );
}
