import { EllipsisVertical } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { lazyPopup } from '../../lib/lazy-popup';
import { cn } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';

/** Radix's dropdown menu (menu, roving focus, popper) loads with the first use of any row's menu. */
const LazyMenu = lazyPopup(() => import('./track-queue-items').then((m) => m.RadixTrackMoreMenu), {
  pointerDown: true,
  click: true,
  keys: ['Enter', ' ', 'ArrowDown'],
  plainProps: { 'aria-haspopup': 'menu', 'aria-expanded': false },
});

/** A "More options" menu holding only the queue and download items, for rows that had no menu. */
export function TrackMoreMenu({
  track,
  className,
  collectiveId,
}: {
  track: PlayerTrack;
  className?: string;
  /** A collective's screen: "Compare versions" shows that collective's comments. */
  collectiveId?: number;
}) {
  return (
    <LazyMenu track={track} collectiveId={collectiveId}>
      <Button
        variant="ghost"
        size="icon"
        aria-label="More options"
        className={cn('size-8 data-[state=open]:opacity-100', className)}
      >
        <EllipsisVertical aria-hidden />
      </Button>
    </LazyMenu>
  );
}
