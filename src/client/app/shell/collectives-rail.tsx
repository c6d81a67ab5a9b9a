import { BookOpen, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { Separator } from '../../components/ui/separator';
import { WithTooltip } from '../../components/ui/tooltip';
import { useCollectives } from '../../entities/collective/use-collectives';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import { CreateCollectiveDialog } from '../../lazy-parts';
import { cn } from '../../lib/utils';

function RailButton({
  label,
  active = false,
  pending = false,
  onClick,
  children,
  className,
}: {
  label: string;
  active?: boolean;
  /** The optimistic stand-in of a collective being created: shown, but nowhere to go yet. */
  pending?: boolean;
  onClick: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="relative flex w-full justify-center">
      {/* The pill on the left edge marks the current context. */}
      <span
        aria-hidden
        className={cn(
          'absolute top-1/2 left-0 w-1 -translate-y-1/2 rounded-r-full bg-foreground transition-all',
          active ? 'h-8' : 'h-0',
        )}
      />
      <WithTooltip label={label}>
        <button
          type="button"
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          aria-busy={pending || undefined}
          aria-disabled={pending || undefined}
          onClick={pending ? undefined : onClick}
          className={cn(
            'flex size-12 cursor-pointer items-center justify-center overflow-hidden rounded-full transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            active ? 'rounded-2xl ring-2 ring-primary' : 'hover:rounded-2xl',
            pending && 'cursor-default animate-pulse opacity-60',
            className,
          )}
        >
          {children}
        </button>
      </WithTooltip>
    </div>
  );
}

/** The far-left column (spec section 2, shell layout): journal, one button per collective, create. */
export function CollectivesRail({
  activeCollectiveId,
  className,
}: {
  activeCollectiveId: number | null;
  className?: string;
}) {
  const [, navigate] = useLocation();
  const { data: collectives, isLoading } = useCollectives();
  const [createOpen, setCreateOpen] = useState(false);

  return (
    <nav
      aria-label="Collectives"
      className={cn('flex w-[72px] shrink-0 flex-col items-center gap-2 bg-rail py-3', className)}
    >
      <RailButton
        label="Your Journal"
        active={activeCollectiveId === null}
        onClick={() => navigate('/')}
        className="bg-primary/15 text-primary hover:bg-primary hover:text-primary-foreground"
      >
        <BookOpen className="size-5" aria-hidden />
      </RailButton>
      <NotificationsBell className="size-12" />
      <Separator className="mx-auto w-8" />
      <div className="flex w-full min-h-0 flex-1 flex-col items-center gap-2 overflow-y-auto">
        {isLoading &&
          [0, 1, 2].map((n) => (
            <div key={n} className="size-12 shrink-0 animate-pulse rounded-full bg-muted" />
          ))}
        {collectives?.map((collective) => (
          <RailButton
            key={collective.id}
            label={collective.name}
            active={collective.id === activeCollectiveId}
            pending={collective.id < 0}
            onClick={() => navigate(`/collective/${collective.id}`)}
          >
            <CollectiveAvatar name={collective.name} imageUrl={collective.imageUrl} className="size-full" />
          </RailButton>
        ))}
      </div>
      <RailButton
        label="Create Collective"
        onClick={() => setCreateOpen(true)}
        className="border border-dashed border-input text-primary hover:border-primary hover:bg-primary/10"
      >
        <Plus className="size-5" aria-hidden />
      </RailButton>
      <CreateCollectiveDialog open={createOpen} onOpenChange={setCreateOpen} />
    </nav>
  );
}
