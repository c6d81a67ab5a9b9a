import { lazy, Suspense } from 'react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { useCollective, useCollectives } from '../../entities/collective/use-collectives';
import { cn } from '../../lib/utils';
import { JournalSidebar } from './journal-sidebar';

/**
 * The context the shell is in: its name (the sidebar heading, spec section 2) and, in a collective,
 * its image. The list already knows both, so neither waits for the detail call.
 */
export function useShellContext(collectiveId: number | null) {
  const { data: collective } = useCollective(collectiveId);
  const { data: collectives } = useCollectives();
  if (collectiveId === null) return { title: 'Your Music Journal', imageUrl: null };
  const listed = collectives?.find((c) => c.id === collectiveId);
  return {
    title: collective?.name ?? listed?.name ?? 'Collective',
    imageUrl: collective?.imageUrl ?? listed?.imageUrl ?? null,
  };
}

/**
 * A collective's sidebar loads only in collective context: its playlist view pulls in comments,
 * forms and zod, about 50 KB gzip the journal's first route does not need (decision 0074).
 */
const CollectiveSidebar = lazy(() =>
  import('./collective-sidebar').then((m) => ({ default: m.CollectiveSidebar })),
);

/** What the sidebar holds under its heading: the journal's or the collective's content. */
export function SidebarBody({ user, collectiveId }: { user: AuthUser; collectiveId: number | null }) {
  return collectiveId === null ? (
    <JournalSidebar user={user} />
  ) : (
    <Suspense fallback={null}>
      <CollectiveSidebar collectiveId={collectiveId} />
    </Suspense>
  );
}

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
  const { title } = useShellContext(collectiveId);

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
        <SidebarBody user={user} collectiveId={collectiveId} />
      </div>
    </aside>
  );
}
