import type { AuthUser } from '../../../shared/schemas/auth';
import { cn } from '../../lib/utils';
import { useCollective, useCollectives } from '../collectives/use-collectives';
import { CollectiveSidebar } from './collective-sidebar';
import { JournalSidebar } from './journal-sidebar';

/** The 16rem column next to the rail; its heading is the context's name (spec section 2). */
export function PlaylistsSidebar({
  user,
  collectiveId,
  className,
}: {
  user: AuthUser;
  collectiveId: number | null;
  className?: string;
}) {
  const { data: collective } = useCollective(collectiveId);
  const { data: collectives } = useCollectives();
  // The list already knows the name, so the heading need not wait for the detail call.
  const collectiveName =
    collective?.name ?? collectives?.find((c) => c.id === collectiveId)?.name ?? 'Collective';
  const title = collectiveId === null ? 'Your Music Journal' : collectiveName;

  return (
    <aside
      aria-label="Playlists"
      className={cn('flex w-64 shrink-0 flex-col border-r border-border bg-sidebar pb-3', className)}
    >
      <div className="flex h-14 shrink-0 items-center border-b border-border px-4">
        <p className="truncate text-base font-semibold" title={title}>
          {title}
        </p>
      </div>
      <div className="flex min-h-0 flex-1 flex-col pt-3">
        {collectiveId === null ? (
          <JournalSidebar user={user} />
        ) : (
          <CollectiveSidebar collectiveId={collectiveId} />
        )}
      </div>
    </aside>
  );
}
