import { LIMITS } from '../../../shared/constants';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { WithTooltip } from '../../components/ui/tooltip';
import { lazyPopup } from '../../lib/lazy-popup';
import { cn } from '../../lib/utils';
import { type AvatarStackItem, isPending } from './avatar-stack-item';
import type { MorePopoverProps } from './avatar-stack-more';

/** Radix's popover loads when '+N more' is first hovered, focused or clicked (decision 0076). */
const MorePopover = lazyPopup<MorePopoverProps>(
  () => import('./avatar-stack-more').then((m) => m.RadixMorePopover),
  { click: true, plainProps: { 'aria-haspopup': 'dialog', 'aria-expanded': false } },
);

/**
 * Overlapping round avatars: the first `max` (spec section 9: 4) and a '+N more' button whose
 * popover lists the rest. Each avatar is a button named after its item.
 */
export function AvatarStack({
  items,
  max = LIMITS.avatarStack,
  onSelect,
  className,
  label = 'Collectives',
}: {
  items: AvatarStackItem[];
  max?: number;
  onSelect?: (item: AvatarStackItem) => void;
  className?: string;
  label?: string;
}) {
  const shown = items.slice(0, max);
  const rest = items.slice(max);

  return (
    <div className={cn('flex items-center', className)}>
      <ul aria-label={label} className="flex -space-x-2">
        {shown.map((item) => (
          <li key={item.id} className="flex">
            <WithTooltip label={item.name} side="bottom">
              <button
                type="button"
                aria-label={item.name}
                aria-busy={isPending(item) || undefined}
                onClick={() => !isPending(item) && onSelect?.(item)}
                className="cursor-pointer rounded-full aria-busy:animate-pulse aria-busy:cursor-default ring-2 ring-background transition-transform hover:z-10 hover:-translate-y-0.5 focus-visible:z-10 focus-visible:outline-none focus-visible:ring-ring"
              >
                <CollectiveAvatar name={item.name} imageUrl={item.imageUrl} className="size-8 text-xs" />
              </button>
            </WithTooltip>
          </li>
        ))}
      </ul>
      {rest.length > 0 && (
        <MorePopover label={label} rest={rest} onSelect={onSelect}>
          <button
            type="button"
            className="ml-2 cursor-pointer rounded-full bg-secondary px-2 py-1 text-xs font-medium text-secondary-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            +{rest.length} more
          </button>
        </MorePopover>
      )}
    </div>
  );
}
