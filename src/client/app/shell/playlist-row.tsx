import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PlaylistThumb } from '../../entities/playlist/playlist-thumb';
import { cn } from '../../lib/utils';
import { useSidebarPicked } from './sidebar-parts';

const ROW_CLASS =
  'flex w-full items-center gap-3 rounded-md p-1.5 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * One row of a sidebar playlist list. In journal context it links to the playlist page (`href`) and
 * `badges` holds the collectives it is shared with (beside the link, not in it: their show-more
 * button inside a link would be a control inside a control, axe's nested-interactive; decision 0182); in collective context it selects in place
 * (`onClick`) and `subtitle` carries the owner. `pending` marks the stand-in of a playlist still
 * being created, which has nowhere to go yet.
 */
export function PlaylistRow({
  id,
  name,
  imageUrl,
  active,
  href,
  onClick,
  subtitle,
  badges,
  pending = false,
}: {
  id: number;
  name: string;
  imageUrl: string | null;
  active: boolean;
  href?: string;
  onClick?: () => void;
  subtitle?: ReactNode;
  badges?: ReactNode;
  pending?: boolean;
}) {
  const picked = useSidebarPicked();
  const content = (
    <>
      <PlaylistThumb id={id} name={name} imageUrl={imageUrl} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{name}</span>
        {subtitle && <span className="block truncate text-xs text-muted-foreground">{subtitle}</span>}
      </span>
    </>
  );
  const tone = active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60';
  const className = cn(ROW_CLASS, tone, !pending && 'cursor-pointer');

  if (href && !pending)
    return (
      // The row is one box: the link's ::after stretches its click area over the whole row, and the
      // badges sit above that layer so their buttons keep their own clicks.
      <li className={cn('relative flex items-center rounded-md transition-colors', tone)}>
        <Link
          href={href}
          aria-current={active ? 'page' : undefined}
          className={cn(ROW_CLASS, 'min-w-0 flex-1 cursor-pointer after:absolute after:inset-0')}
          onClick={() => picked?.()}
        >
          {content}
        </Link>
        {badges && <span className="relative flex shrink-0 pr-1.5">{badges}</span>}
      </li>
    );

  return (
    <li>
      {pending ? (
        <div aria-busy="true" className={cn(ROW_CLASS, 'animate-pulse opacity-60')}>
          {content}
          {badges}
        </div>
      ) : (
        <button
          type="button"
          onClick={() => {
            onClick?.();
            picked?.();
          }}
          aria-current={active ? 'page' : undefined}
          className={className}
        >
          {content}
        </button>
      )}
    </li>
  );
}
