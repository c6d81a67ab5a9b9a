import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { lazyDialog } from '../../lib/lazy-dialog';
import { cn } from '../../lib/utils';
import { useNotifications } from './use-notifications';

/** The inbox's list and settings load when it first opens (the first route's budget, decision 0074). */
const InboxPanel = lazyDialog(() => import('./inbox-panel').then((m) => m.InboxPanel));

/**
 * The bell of the shell (issue 14, decision 0166): the unread count, kept current by the event
 * stream, and the inbox in a panel beside it. A plain positioned panel rather than a Radix popover:
 * the popper code would put the shell over its first-route budget (decisions 0074, 0076).
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
  const [place, setPlace] = useState<{ top: number; left: number }>({ top: 0, left: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    const r = button.current?.getBoundingClientRect();
    if (r) {
      const width = Math.min(352, window.innerWidth - 16);
      setPlace(
        side === 'right'
          ? { top: r.top, left: r.right + 8 }
          : {
              top: r.bottom + 6,
              left: Math.max(8, Math.min(r.right - width, window.innerWidth - width - 8)),
            },
      );
    }
    setOpen((o) => !o);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="notifications-bell"
        onClick={toggle}
        className={cn(
          'relative flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
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
      {open && (
        <div
          ref={panel}
          role="dialog"
          aria-label="Notifications"
          style={{ top: place.top, left: place.left }}
          className="fixed z-50 w-[22rem] max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-popover text-popover-foreground shadow-xl animate-in-fade"
        >
          <InboxPanel open={open} onNavigate={() => setOpen(false)} />
        </div>
      )}
    </>
  );
}
