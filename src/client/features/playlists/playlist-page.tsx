import { ListMusic } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { EmptyState, Page, PageLoading } from '../../components/page-layout';
import { parsePlaylistId, usePlaylist } from '../../entities/playlist/use-playlists';
import { trackOwner, withPlaylistCover } from '../../entities/track/player-track';
import { useAuth } from '../../entities/user/use-auth';
import { errorStatus } from '../../lib/api-client';
import { useSelectionKeys, useTrackSelection } from '../tracks';
import { PlaylistHeader } from './playlist-header';
import { PlaylistPublicToggle } from './playlist-public-toggle';
import { PlaylistSelectionBar } from './playlist-selection-bar';
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

  // Ticked rows (issue 43): Compare two, or remove them; Escape clears, Ctrl/Cmd+A ticks all.
  const trackIds = useMemo(() => playlist?.tracks.map((t) => t.id) ?? [], [playlist?.tracks]);
  const selection = useTrackSelection(trackIds);
  useSelectionKeys(selection);
  // Another playlist (the sidebar keeps this page mounted) starts with nothing ticked.
  const { clear } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each change of playlist
  useEffect(() => clear(), [id, clear]);

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
    <Page key={playlist.id} className="pt-4 sm:pt-5">
      <PlaylistHeader
        playlist={playlist}
        owner={owner}
        selectionBar={
          selection.selected.size > 0 && <PlaylistSelectionBar playlist={playlist} selection={selection} />
        }
      />
      <PlaylistTrackList playlist={playlist} owner={owner} selection={selection} />
      {/* Under the tracks: above them it pushed the music below the fold (decision 0555). */}
      {playlist.abilities.edit && <PlaylistPublicToggle playlist={playlist} className="mt-6 max-w-md" />}
    </Page>
  );
}
