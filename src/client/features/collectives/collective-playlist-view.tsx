import { ListMusic } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { displayName, formatDayMonthYear } from '../../../shared/format';
import type { CollectivePlaylist, CollectivePlaylistDetail } from '../../../shared/schemas/collectives';
import { cn, imageVariant, initial, tileColor } from '../../lib/utils';
import { PlayAllButton } from '../player/play-all-button';
import { songCount } from '../playlists/playlist-header';
import { UserAvatar } from '../shell/collective-avatar';
import { EmptyState } from '../shell/page-layout';
import { type TrackOwner, toPlayerTrack, trackOwner, withPlaylistCover } from '../tracks/player-track';
import { CollectiveTrackList } from './collective-track-list';
import { CommentsSection } from './comments-section';
import { errorStatus, useCollectivePlaylist } from './use-collectives';

/** Spec section 2, collective rows: the owner's username, else first name, else 'Unknown'. */
export function ownerName(user: CollectivePlaylist['user'] | null | undefined): string {
  return user?.username?.trim() || user?.firstName?.trim() || 'Unknown';
}

function Cover({ playlist }: { playlist: CollectivePlaylist }) {
  const src = imageVariant(playlist.imageUrl, 256, playlist.updatedAt);
  if (src) return <img src={src} alt="" className="size-36 shrink-0 rounded-xl object-cover shadow-xl" />;
  return (
    <div
      aria-hidden
      className={cn(
        'flex size-36 shrink-0 items-center justify-center rounded-xl text-5xl font-bold text-white shadow-xl',
        tileColor(playlist.id),
      )}
    >
      {initial(playlist.name)}
    </div>
  );
}

/** Cover, name, owner, song count and the play button of a shared playlist. */
function SharedPlaylistHeader({
  playlist,
  artist,
  titleHref,
  heading: Heading,
}: {
  playlist: CollectivePlaylistDetail;
  artist: TrackOwner;
  titleHref?: string;
  heading: 'h1' | 'h2';
}) {
  const { tracks } = playlist;
  const owner = ownerName(playlist.user);
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, artist)), [tracks, artist]);

  return (
    <header className="mb-6 flex flex-col gap-5 @lg:flex-row @lg:items-end">
      <Cover playlist={playlist} />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          Shared playlist
        </p>
        <Heading className="mt-1 text-3xl font-bold tracking-tight break-words">
          {titleHref ? (
            <Link href={titleHref} className="hover:underline">
              {playlist.name}
            </Link>
          ) : (
            playlist.name
          )}
        </Heading>
        {playlist.description && (
          <p className="mt-2 text-sm whitespace-pre-line text-muted-foreground">{playlist.description}</p>
        )}
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5 font-medium text-foreground">
            <UserAvatar
              name={displayName(playlist.user, owner)}
              avatarUrl={playlist.user?.avatarUrl}
              version={playlist.user?.updatedAt}
              className="size-5 text-[10px]"
            />
            {owner}
          </span>
          <span className="whitespace-nowrap">
            <span aria-hidden>• </span>
            {songCount(tracks.length)}
          </span>
          <span className="whitespace-nowrap">
            <span aria-hidden>• </span>
            Shared {formatDayMonthYear(playlist.sharedAt)}
          </span>
        </p>
      </div>
      <PlayAllButton tracks={queue} className="size-12 shrink-0 rounded-full shadow-lg [&_svg]:size-5" />
    </header>
  );
}

/**
 * One playlist shared into a collective: header with play, numbered tracks and its comments. Used by
 * the collective page (for the selected playlist) and the collective playlist page. `heading` is the
 * name's level: h2 under the collective's h1, h1 on the playlist's own page (decision 0183).
 */
export function CollectivePlaylistView({
  collectiveId,
  playlistId,
  titleHref,
  heading = 'h2',
}: {
  collectiveId: number;
  playlistId: number;
  titleHref?: string;
  heading?: 'h1' | 'h2';
}) {
  const { data: playlist, isLoading, error } = useCollectivePlaylist(collectiveId, playlistId);
  // The playlist's owner is the artist of its tracks (only owners add tracks); its cover the artwork.
  const artist = useMemo(
    () => playlist && withPlaylistCover(trackOwner(playlist.user), playlist),
    [playlist],
  );

  if (isLoading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading playlist...
      </p>
    );
  if (!playlist || !artist)
    return errorStatus(error) === 404 ? (
      <EmptyState
        icon={ListMusic}
        title="Playlist not found"
        hint="It is no longer shared with this collective."
      />
    ) : (
      <EmptyState icon={ListMusic} title="Could not load this playlist" hint="Please try again later." />
    );

  return (
    <div className="@container">
      <SharedPlaylistHeader playlist={playlist} artist={artist} titleHref={titleHref} heading={heading} />
      <CollectiveTrackList tracks={playlist.tracks} owner={artist} />
      <CommentsSection collectiveId={collectiveId} playlistId={playlistId} />
    </div>
  );
}
