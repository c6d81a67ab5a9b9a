import { ListMusic, MessageSquare, Users } from 'lucide-react';
import { CollectiveAvatar } from '../shell/collective-avatar';
import { EmptyState, Page } from '../shell/page-layout';
import { useCollective, useCollectivePlaylists } from './use-collectives';
import { useSelectedPlaylist } from './use-selected-playlist';

export function CollectiveNotFound() {
  return (
    <Page>
      <EmptyState
        icon={Users}
        title="Collective not found"
        hint="It does not exist or you are not a member."
      />
    </Page>
  );
}

/** '/collective/{id}'. Placeholder: header and the playlist picked in the sidebar, until its issue. */
export function CollectivePage({ collectiveId }: { collectiveId: number }) {
  const { data: collective, isLoading, isError } = useCollective(collectiveId);
  const { data: playlists } = useCollectivePlaylists(collectiveId);
  const [selectedId] = useSelectedPlaylist(collectiveId);

  if (isLoading) return <Page>Loading collective...</Page>;
  if (isError || !collective) return <CollectiveNotFound />;

  const selected = playlists?.find((p) => p.id === selectedId) ?? playlists?.[0];

  return (
    <Page>
      <header className="mb-8 flex items-center gap-5">
        <CollectiveAvatar
          name={collective.name}
          imageUrl={collective.imageUrl}
          className="size-20 text-3xl"
        />
        <div className="min-w-0">
          <h1 className="truncate text-3xl font-bold tracking-tight">{collective.name}</h1>
          {collective.description && (
            <p className="mt-1 text-sm text-muted-foreground">{collective.description}</p>
          )}
        </div>
      </header>
      {selected ? (
        <section aria-label="Selected playlist" className="rounded-xl border border-border bg-card p-6">
          <h2 className="text-xl font-semibold">{selected.name}</h2>
        </section>
      ) : (
        <EmptyState icon={ListMusic} title="No playlists available" />
      )}
      <section aria-label="Comments" className="mt-8">
        <h2 className="mb-3 text-lg font-semibold">Comments</h2>
        <EmptyState icon={MessageSquare} title="No comments yet. Be the first to comment!" />
      </section>
    </Page>
  );
}
