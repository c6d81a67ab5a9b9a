import { ListMusic } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState, Page, PageLoading } from '../../components/page-layout';
import { parsePlaylistId, usePlaylist } from '../../entities/playlist/use-playlists';
import { trackOwner, withPlaylistCover } from '../../entities/track/player-track';
import { useAuth } from '../../entities/user/use-auth';
import { errorStatus } from '../../lib/api-client';
import { PlaylistHeader } from './playlist-header';
import { PlaylistTrackList } from './playlist-track-list';
import { PublicPlaylistPage } from './public-playlist-page';

/**
 * '/playlist/{id}' (spec section 2) signed in: the owner's playlist. Anyone else's answers 404 here
 * and is shown as its public page, which says "not found" unless it is public (decision 0345).
 */
export function PlaylistPage({ playlistId }: { playlistId: string }) {
  const id = parsePlaylistId(playlistId);
  const { data: playlist, isLoading, error } = usePlaylist(id);
  // Only the signed-in owner opens their playlist, and it holds only their tracks: they are the
  // artist; the cover (else their avatar) is the artwork.
  const { user } = useAuth();
  const owner = useMemo(
    () =>
      withPlaylistCover(trackOwner(user), {
        imageUrl: playlist?.imageUrl ?? null,
        updatedAt: playlist?.updatedAt,
      }),
    [user, playlist?.imageUrl, playlist?.updatedAt],
  );

  if (id !== null && isLoading) return <PageLoading>Loading playlist...</PageLoading>;

  if (!playlist) {
    const missing = id === null || !error || errorStatus(error) === 404;
    // Not theirs (or gone): what anyone may see of it, if it is public, else "not found" (0345).
    if (missing) return <PublicPlaylistPage playlistId={playlistId} />;
    return (
      <Page>
        <EmptyState icon={ListMusic} title="Could not load this playlist" hint="Please try again later." />
      </Page>
    );
  }

  // Keyed by playlist so open dialogs and drafts never carry over when the sidebar switches playlists.
  return (
    <Page key={playlist.id}>
      <PlaylistHeader playlist={playlist} owner={owner} />
      <PlaylistTrackList playlist={playlist} owner={owner} />
    </Page>
  );
}
