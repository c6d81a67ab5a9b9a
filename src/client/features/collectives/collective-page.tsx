import { ListMusic, Settings, UserPlus, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { CollectivePlaylist } from '../../../shared/schemas/collectives';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { EmptyState, Page, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import {
  collectiveGone,
  useCollective,
  useCollectivePlaylists,
} from '../../entities/collective/use-collectives';
import { PlaylistThumb } from '../../entities/playlist/playlist-thumb';
import { useAuth } from '../../entities/user/use-auth';
import { cn } from '../../lib/utils';
import { ActivityFeed } from './activity-feed';
import { CollectiveActionsMenu } from './collective-actions-menu';
import { CollectivePlaylistView, ownerName } from './collective-playlist-view';
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

/** The page's own list of shared playlists; the choice is shared with the sidebar and remembered. */
function PlaylistPicker({
  playlists,
  selectedId,
  onSelect,
}: {
  playlists: CollectivePlaylist[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <nav aria-label="Shared playlists" className="flex min-w-0 items-center gap-2 @3xl:block">
      <h2 className="px-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase @3xl:mb-2">
        Playlists
      </h2>
      {/* A row of cards beside the heading above the playlist on narrow screens (one line,
          scrolled sideways when there are many), a column beside it on wide ones. */}
      <ul className="flex min-w-0 gap-1 overflow-x-auto @3xl:flex-col @3xl:overflow-visible">
        {playlists.map((playlist) => {
          const active = playlist.id === selectedId;
          return (
            <li key={playlist.id} className="w-56 shrink-0 @3xl:w-full">
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(playlist.id)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-3 rounded-lg p-1 text-left @3xl:p-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                )}
              >
                <PlaylistThumb
                  id={playlist.id}
                  name={playlist.name}
                  imageUrl={playlist.imageUrl}
                  className="max-sm:size-8"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{playlist.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {ownerName(playlist.user)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * '/collective/{id}' (spec section 2): the collective's header, a selection of the playlists shared
 * into it (remembered per collective, shared with the sidebar) and the selected one with its tracks
 * and comments.
 */
export function CollectivePage({ collectiveId }: { collectiveId: number }) {
  const { data: collective, isLoading, error } = useCollective(collectiveId);
  const { data: playlists, isLoading: playlistsLoading } = useCollectivePlaylists(collectiveId);
  const [selectedId, select] = useSelectedPlaylist(collectiveId);
  const { user } = useAuth();

  if (isLoading) return <PageLoading>Loading collective...</PageLoading>;
  if (!collective || collectiveGone(error)) return <CollectiveNotFound />;

  // A remembered playlist that is no longer shared gives way to the newest share.
  const selected = playlists?.find((p) => p.id === selectedId) ?? playlists?.[0];
  const base = `/collective/${collectiveId}`;

  return (
    <Page className="@container pt-2 sm:pt-4">
      {/* Music first (issue 42, decision 0555): a compact header and playlist picker, so the
          selected playlist's first track starts in the top 40 % of the screen. */}
      <header className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 sm:gap-4">
        <CollectiveAvatar
          name={collective.name}
          imageUrl={collective.imageUrl}
          className="size-10 text-lg shadow-lg sm:size-12 sm:text-2xl"
        />
        {/* At least 12rem for the name: past that the buttons go to the next line instead of
            squeezing it, and a long name wraps rather than being cut (decision 0114). */}
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase max-sm:sr-only">
            Collective
          </p>
          <h1 className="text-lg font-bold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">
            {collective.name}
          </h1>
          {collective.description && (
            <p className="line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">
              {collective.description}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {collective.abilities.manageInvites && (
            <Button asChild variant="outline" size="sm" className="max-sm:size-11 max-sm:px-0">
              <Link href={`${base}/invites`}>
                <UserPlus aria-hidden />
                <span className="max-sm:sr-only">Invite</span>
              </Link>
            </Button>
          )}
          {collective.abilities.editSettings && (
            <Button asChild variant="ghost" size="icon" aria-label="Collective settings">
              <Link href={`${base}/settings`}>
                <Settings />
              </Link>
            </Button>
          )}
          {user && <CollectiveActionsMenu collective={collective} myUserId={user.id} />}
        </div>
      </header>

      {playlistsLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading playlists...
        </p>
      ) : !selected || !playlists ? (
        <EmptyState
          icon={ListMusic}
          title="No playlists available"
          hint="Members share their playlists here from their journal."
        />
      ) : (
        <div className="grid gap-3 @3xl:grid-cols-[14rem_minmax(0,1fr)] @3xl:gap-8">
          <PlaylistPicker playlists={playlists} selectedId={selected.id} onSelect={select} />
          <CollectivePlaylistView
            key={selected.id}
            collectiveId={collectiveId}
            playlistId={selected.id}
            titleHref={`${base}/playlist/${selected.id}`}
          />
        </div>
      )}
      <ActivityFeed collectiveId={collectiveId} />
    </Page>
  );
}
