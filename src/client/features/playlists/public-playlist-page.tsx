import { Clock, ListMusic, Lock } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { countOf, formatDuration, pluralWord } from '../../../shared/format';
import type { PublicPlaylist } from '../../../shared/schemas/playlists';
import { UserAvatar } from '../../components/collective-avatar';
import { EmptyState, NotFoundCard, Page, PageLoading } from '../../components/page-layout';
import { parsePlaylistId } from '../../entities/playlist/use-playlists';
import { usePublicPlaylist } from '../../entities/playlist/use-public-playlist';
import { LikeButton } from '../../entities/track/like-button';
import {
  type TrackOwner,
  toPlayerTrack,
  trackOwner,
  withPlaylistCover,
} from '../../entities/track/player-track';
import { TrackIndexCell, TrackListHeading, TrackTitleCell } from '../../entities/track/track-row-cells';
import { useAuth } from '../../entities/user/use-auth';
import { errorStatus } from '../../lib/api-client';
import { cn, imageVariant, initial, tileColor } from '../../lib/utils';
import { PlayAllButton } from '../../player/play-all-button';
import type { PlayerTrack } from '../../player/player-context';
import { usePlayFromList } from '../../player/use-play-from-list';

export const trackCount = (n: number) => countOf(n, 'track');

/**
 * Why a visitor sees fewer tracks than the playlist holds (issue 42, decision 0590): the server says
 * how many are not shown, never which.
 */
function HiddenTracksNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mb-3 flex items-center gap-2 text-sm text-muted-foreground">
      <Lock className="size-4 shrink-0" aria-hidden />
      {`${countOf(count, 'track')} ${pluralWord(count, 'is', 'are')} private and not shown.`}
    </p>
  );
}

const GRID = 'grid grid-cols-[2.25rem_minmax(0,1fr)_4rem] items-center gap-3 px-2';
/** Signed in, a column more for the heart (issue 26): visitors have no likes. */
const GRID_LIKEABLE = 'grid grid-cols-[2.25rem_minmax(0,1fr)_4rem_2.75rem] items-center gap-3 px-2';

function Cover({ playlist }: { playlist: PublicPlaylist }) {
  const src = imageVariant(playlist.imageUrl, 256, playlist.updatedAt);
  const box = 'size-40 shrink-0 rounded-xl shadow-2xl ring-1 ring-white/10 sm:size-48';
  if (src) return <img src={src} alt={`${playlist.name} cover`} className={cn(box, 'object-cover')} />;
  return (
    <div
      aria-hidden
      className={cn(
        box,
        'flex items-center justify-center text-6xl font-bold text-white',
        tileColor(playlist.id),
      )}
    >
      {initial(playlist.name)}
    </div>
  );
}

/** By whom: their avatar and name, linked to their profile only while it is public. */
function OwnerLine({ owner }: { owner: PublicPlaylist['owner'] }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <UserAvatar
        name={owner.name}
        avatarUrl={owner.avatarUrl}
        version={owner.updatedAt}
        className="size-6 text-[10px]"
      />
      <span className="truncate">
        by{' '}
        {owner.profileUrl ? (
          <Link
            href={owner.profileUrl}
            className="font-semibold text-foreground hover:text-primary hover:underline"
          >
            {owner.name}
          </Link>
        ) : (
          <span className="font-semibold text-foreground">{owner.name}</span>
        )}
      </span>
    </span>
  );
}

/** The numbered tracks, each played with the whole list as the queue; nothing else to do with them. */
function PublicTrackList({ tracks, queue }: { tracks: PublicPlaylist['tracks']; queue: PlayerTrack[] }) {
  const { player, play } = usePlayFromList(queue);
  const likeable = Boolean(useAuth().user);
  const grid = likeable ? GRID_LIKEABLE : GRID;
  if (tracks.length === 0) return <EmptyState icon={ListMusic} title="No tracks in this playlist" />;
  return (
    <section aria-label="Tracks">
      <TrackListHeading grid={grid}>
        <span className="text-center">#</span>
        <span>Title</span>
        <Clock className="ml-auto size-4" />
        {likeable && <span />}
      </TrackListHeading>
      <ol aria-label="Playlist tracks" className="mt-2">
        {tracks.map((track, index) => {
          const current = player.currentTrack?.id === track.id;
          return (
            <li
              key={track.id}
              className={cn(grid, 'group min-h-12 rounded-md py-1 transition-colors hover:bg-accent/50')}
            >
              <TrackIndexCell
                track={track}
                index={index}
                current={current}
                playing={current && player.isPlaying}
                onPlay={() => play(queue[index]!)}
              />
              <TrackTitleCell track={track} current={current} />
              <span className="text-right text-sm text-muted-foreground tabular-nums">
                {formatDuration(track.duration)}
              </span>
              {likeable && <LikeButton trackId={track.id} className="justify-self-end" />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * '/playlist/{id}' for everyone but its owner (issue 24, decision 0345): signed out inside the public
 * frame, signed in inside the shell. Read-only: cover, title, description, owner, its public tracks
 * and play. A private, missing or malformed one is "not found", as the public track page says it.
 */
export function PublicPlaylistPage({ playlistId }: { playlistId: string }) {
  const id = parsePlaylistId(playlistId);
  const { data: playlist, isLoading, error } = usePublicPlaylist(id);
  // The owner is the artist of every track shown (only their own are); the cover is the artwork.
  const artist = useMemo<TrackOwner | null>(
    () =>
      playlist
        ? withPlaylistCover(
            trackOwner({
              username: playlist.owner.name,
              avatarUrl: playlist.owner.avatarUrl,
              updatedAt: playlist.owner.updatedAt,
            }),
            playlist,
          )
        : null,
    [playlist],
  );
  // With its owner's id, so the player bar names them rather than saying 'Your Recording'.
  const queue = useMemo(
    () =>
      playlist && artist
        ? playlist.tracks.map((t) => toPlayerTrack({ ...t, userId: playlist.owner.id }, artist))
        : [],
    [playlist, artist],
  );

  if (id !== null && isLoading) return <PageLoading>Loading playlist...</PageLoading>;

  if (!playlist) {
    const missing = id === null || !error || errorStatus(error) === 404;
    return (
      <NotFoundCard
        icon={ListMusic}
        title={missing ? 'Playlist Not Found' : 'Could not load this playlist'}
        message={missing ? "This playlist doesn't exist or isn't public." : 'Please try again later.'}
      />
    );
  }

  return (
    <Page key={playlist.id}>
      <header className="mb-6 flex flex-col gap-6 sm:flex-row sm:items-end">
        <Cover playlist={playlist} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            Public playlist
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words sm:text-4xl">{playlist.name}</h1>
          {playlist.description && (
            <p className="mt-3 text-sm whitespace-pre-line text-muted-foreground">{playlist.description}</p>
          )}
          <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <OwnerLine owner={playlist.owner} />
            <span className="whitespace-nowrap">
              <span aria-hidden>• </span>
              {trackCount(playlist.tracks.length)}
            </span>
          </p>
        </div>
      </header>
      <div className="mb-6">
        <PlayAllButton tracks={queue} className="size-12 rounded-full shadow-lg [&_svg]:size-5" />
      </div>
      <HiddenTracksNote count={playlist.hiddenTrackCount} />
      <PublicTrackList tracks={playlist.tracks} queue={queue} />
    </Page>
  );
}
