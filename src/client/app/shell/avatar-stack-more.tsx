import type { ReactElement } from 'react';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import type { PopupStart } from '../../lib/lazy-popup';
import { type AvatarStackItem, isPending } from './avatar-stack-item';

export interface MorePopoverProps {
  label: string;
  rest: AvatarStackItem[];
  onSelect?: (item: AvatarStackItem) => void;
  children: ReactElement;
}

/** The Radix side of the avatar stack's '+N more' (decision 0076): the popover listing the rest. */
export function RadixMorePopover({
  label,
  rest,
  onSelect,
  children,
  defaultOpen,
}: MorePopoverProps & PopupStart) {
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent align="start" aria-label={`More ${label.toLowerCase()}`}>
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {rest.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-busy={isPending(item) || undefined}
                onClick={() => !isPending(item) && onSelect?.(item)}
                className="flex w-full cursor-pointer items-center gap-2 rounded-md p-1.5 text-left text-sm hover:bg-accent"
              >
                <CollectiveAvatar name={item.name} imageUrl={item.imageUrl} className="size-7 text-xs" />
                <span className="truncate">{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
