import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { lazyDialog } from '../../lib/lazy-dialog';
import { cn } from '../../lib/utils';
import { useNotifications } from './use-notifications';

/** The inbox's list and settings load when it first opens (the first route's budget, decision 0074). */
const InboxPanel = lazyDialog(() => import('./inbox-panel').then((m) => m.InboxPanel));

/**
 * The bell of the shell (issue 14, decision 0166): the unread count, kept current by the event
 * stream, and the inbox in a popover.
 */
export function NotificationsBell({
  className,
  side = 'right',
}: {
  className?: string;
  side?: 'right' | 'bottom';
}) {
  const { data } = useNotifications();
  const [open, setOpen] = useState(false);
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={label}
          data-testid="notifications-bell"
          className={cn(
            'relative flex size-10 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            className,
          )}
        >
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-bold text-primary-foreground tabular-nums"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </PopoverTrigger>
      <PopoverContent side={side} align="start" className="w-[22rem] max-w-[calc(100vw-1rem)] p-0">
        <InboxPanel open={open} onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
