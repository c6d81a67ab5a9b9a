import { BookOpen, CloudDownload, Heart, History, Plus, ShieldCheck, User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { WithTooltip } from '../../components/ui/tooltip';
import { usePlaylistsWithShares } from '../../entities/collective/use-sharing';
import { usePlaylists } from '../../entities/playlist/use-playlists';
import { SharedCollectiveBadges } from '../../features/collectives/shared-collective-badges';
import { CreatePlaylistDialog } from '../../lazy-parts';
import { PlaylistRow } from './playlist-row';
import { SidebarEmpty, SidebarNavButton, SidebarSection } from './sidebar-parts';

/**
 * The privacy switch (Radix Switch, label, profile query) arrives just after the first paint: it
 * kept the journal's first route over issue 11's 150 KB budget. The placeholder holds its height.
 */
const PublicProfileToggle = lazy(() =>
  import('../../features/users/public-profile-toggle').then((m) => ({ default: m.PublicProfileToggle })),
);

/** Journal context of the playlists sidebar (spec section 2): navigation, own playlists, privacy. */
export function JournalSidebar({ user }: { user: AuthUser }) {
  const [location, navigate] = useLocation();
  const { data: playlists, isLoading, isError } = usePlaylists();
  // Rows come from the playlist list (which holds the optimistic entry); badges from the shares.
  const { data: withShares } = usePlaylistsWithShares();
  const sharesById = new Map(withShares?.map((p) => [p.id, p.sharedCollectives]));
  const [createOpen, setCreateOpen] = useState(false);

  return (
    <>
      <nav aria-label="Journal" className="flex flex-col gap-1 px-2">
        <SidebarNavButton
          icon={BookOpen}
          label="Journal"
          active={location === '/'}
          onClick={() => navigate('/')}
        />
        <SidebarNavButton
          icon={User}
          label="Profile"
          active={location === '/profile'}
          onClick={() => navigate('/profile')}
        />
        <SidebarNavButton
          icon={History}
          label="Recently played"
          active={location === '/recent'}
          onClick={() => navigate('/recent')}
        />
        <SidebarNavButton
          icon={Heart}
          label="Liked"
          active={location === '/liked'}
          onClick={() => navigate('/liked')}
        />
        <SidebarNavButton
          icon={CloudDownload}
          label="Downloaded"
          active={location === '/downloads'}
          onClick={() => navigate('/downloads')}
        />
        {user.isAdmin && (
          <SidebarNavButton
            icon={ShieldCheck}
            label="Admin"
            active={location === '/admin'}
            onClick={() => navigate('/admin')}
          />
        )}
      </nav>

      <SidebarSection
        title="My Playlists"
        className="mt-6 flex-1 px-2"
        action={
          <WithTooltip label="New playlist" side="top">
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label="New playlist"
              onClick={() => setCreateOpen(true)}
            >
              <Plus />
            </Button>
          </WithTooltip>
        }
      >
        {/* Messages beside the list, not in it: a <ul> holds only <li> (axe's list rule). */}
        {isLoading && <SidebarEmpty>Loading playlists...</SidebarEmpty>}
        {isError && <SidebarEmpty>Could not load playlists</SidebarEmpty>}
        {playlists?.length === 0 && <SidebarEmpty>No playlists yet</SidebarEmpty>}
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
          {playlists?.map((playlist) => (
            <PlaylistRow
              key={playlist.id}
              id={playlist.id}
              name={playlist.name}
              imageUrl={playlist.imageUrl}
              href={`/playlist/${playlist.id}`}
              active={location === `/playlist/${playlist.id}`}
              // A negative id is the optimistic stand-in (spec section 4) until the server answers.
              pending={playlist.id < 0}
              badges={
                sharesById.get(playlist.id)?.length ? (
                  <SharedCollectiveBadges collectives={sharesById.get(playlist.id)!} />
                ) : undefined
              }
            />
          ))}
        </ul>
        <Button variant="outline" size="sm" className="mx-1 mt-3" onClick={() => setCreateOpen(true)}>
          <Plus aria-hidden />
          Create Playlist
        </Button>
      </SidebarSection>

      <div className="mt-4 px-2">
        <Suspense fallback={<div className="h-14" aria-hidden />}>
          <PublicProfileToggle user={user} />
        </Suspense>
      </div>
      <CreatePlaylistDialog open={createOpen} onOpenChange={setCreateOpen} />
    </>
  );
}
