import { Settings, UserPlus } from 'lucide-react';
import { useLocation } from 'wouter';
import { UserAvatar } from '../../components/collective-avatar';
import { useCollective, useCollectivePlaylists } from '../../entities/collective/use-collectives';
import { ownerName } from '../../features/collectives/collective-playlist-view';
import { useSelectedPlaylist } from '../../features/collectives/use-selected-playlist';
import { PlaylistRow } from './playlist-row';
import { SidebarEmpty, SidebarNavButton, SidebarSection } from './sidebar-parts';

/** Collective context of the playlists sidebar (spec section 2). */
export function CollectiveSidebar({ collectiveId }: { collectiveId: number }) {
  const [location, navigate] = useLocation();
  const { data: playlists, isLoading } = useCollectivePlaylists(collectiveId);
  const [selectedId, select] = useSelectedPlaylist(collectiveId);
  // Only the navigation the caller may use (their abilities, from the server's policy): a plain
  // member no longer lands on a "no permission" page.
  const { data: collective } = useCollective(collectiveId);
  const abilities = collective?.abilities;
  const base = `/collective/${collectiveId}`;
  // As on the collective page: the remembered playlist, or the newest share when there is none.
  const shownId = playlists?.find((p) => p.id === selectedId)?.id ?? playlists?.[0]?.id;

  // Picking a playlist selects it in place on the collective page rather than opening a new page.
  const onPick = (playlistId: number) => {
    select(playlistId);
    if (location !== base) navigate(base);
  };

  return (
    <>
      {(abilities?.editSettings || abilities?.manageInvites) && (
        <nav aria-label="Collective" className="flex flex-col gap-1 px-2">
          {abilities.editSettings && (
            <SidebarNavButton
              icon={Settings}
              label="Settings"
              active={location === `${base}/settings`}
              onClick={() => navigate(`${base}/settings`)}
            />
          )}
          {abilities.manageInvites && (
            <SidebarNavButton
              icon={UserPlus}
              label="Invite Members"
              active={location === `${base}/invites`}
              onClick={() => navigate(`${base}/invites`)}
            />
          )}
        </nav>
      )}
      <SidebarSection title="Member Playlists" className="mt-6 flex-1 px-2">
        {/* Messages beside the list, not in it: a <ul> holds only <li> (axe's list rule). */}
        {isLoading && <SidebarEmpty>Loading playlists...</SidebarEmpty>}
        {/* A failed read reads as an empty list: the sidebar must not break the page. */}
        {!isLoading && !playlists?.length && <SidebarEmpty>No playlists yet</SidebarEmpty>}
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
          {playlists?.map((playlist) => {
            // Spec section 2: the owner's username, else first name, else 'Unknown'.
            const owner = ownerName(playlist.user);
            return (
              <PlaylistRow
                key={playlist.id}
                id={playlist.id}
                name={playlist.name}
                imageUrl={playlist.imageUrl}
                active={location === base && shownId === playlist.id}
                onClick={() => onPick(playlist.id)}
                subtitle={
                  <span className="flex items-center gap-1.5">
                    <UserAvatar
                      name={owner}
                      avatarUrl={playlist.user?.avatarUrl}
                      version={playlist.user?.updatedAt}
                      className="size-4 text-[8px]"
                    />
                    {owner}
                  </span>
                }
              />
            );
          })}
        </ul>
      </SidebarSection>
    </>
  );
}
