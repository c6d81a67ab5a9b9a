import type { LucideIcon } from 'lucide-react';
import { createContext, type ReactNode, useContext } from 'react';
import { cn } from '../../lib/utils';

const PickedContext = createContext<(() => void) | null>(null);

/**
 * Tells whoever holds the sidebar (the mobile drawer) that the person picked a destination in it: a
 * navigation button or a playlist row. Picking the current page, or a collective playlist (selected
 * in place), changes no location, yet the drawer should still get out of the way.
 */
export function OnSidebarPick({ onPick, children }: { onPick: () => void; children: ReactNode }) {
  return <PickedContext value={onPick}>{children}</PickedContext>;
}

/** The holder's callback from {@link OnSidebarPick}; nothing on the desktop sidebar. */
export const useSidebarPicked = () => useContext(PickedContext);

/** A full-width navigation button of the playlists sidebar. */
export function SidebarNavButton({
  icon: Icon,
  label,
  active = false,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  onClick: () => void;
}) {
  const picked = useSidebarPicked();
  return (
    <button
      type="button"
      onClick={() => {
        onClick();
        picked?.();
      }}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active
          ? 'bg-accent text-foreground'
          : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );
}

/** Small upper-case section label with optional trailing action (e.g. a plus button). */
export function SidebarSection({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex items-center justify-between px-3 pb-2">
        <h3 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

export function SidebarEmpty({ children }: { children: ReactNode }) {
  return <p className="px-3 py-2 text-sm text-muted-foreground">{children}</p>;
}
