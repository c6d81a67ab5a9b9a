import { ListMusic } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { displayName, formatDayMonthYear } from '../../../shared/format';
import type { CollectivePlaylist, CollectivePlaylistDetail } from '../../../shared/schemas/collectives';
import { UserAvatar } from '../../components/collective-avatar';
import { EmptyState } from '../../components/page-layout';
import { useCollective, useCollectivePlaylist } from '../../entities/collective/use-collectives';
import { songCount } from '../../entities/playlist/song-count';
import {
  type TrackOwner,
  toPlayerTrack,
  trackOwner,
  withPlaylistCover,
} from '../../entities/track/player-track';
import { useAuth } from '../../entities/user/use-auth';
import { errorStatus } from '../../lib/api-client';
import { cn, imageVariant, initial, tileColor } from '../../lib/utils';
import { setCommentContext } from '../../player/comment-context';
import { PlayAllButton } from '../../player/play-all-button';
import { usePlayer } from '../../player/use-player';
import { compareRequestFromLink, parseCompareParam, TakesSelectionBar, useCompare } from '../compare';
import { TrackFeedback } from '../track-comments';
import { useSelectionKeys, useTrackSelection } from '../tracks';
import { useReviewSummaries } from '../version-review';
import { CollectiveTrackList } from './collective-track-list';
import { CommentsSection } from './comments-section';

/** Spec section 2, collective rows: the owner's username, else first name, else 'Unknown'. */
export function ownerName(user: CollectivePlaylist['user'] | null | undefined): string {
  return user?.username?.trim() || user?.firstName?.trim() || 'Unknown';
}

/** Small beside the title: the tracks, not the artwork, fill the first screen (decision 0555). */
function Cover({ playlist }: { playlist: CollectivePlaylist }) {
  const src = imageVariant(playlist.imageUrl, 256, playlist.updatedAt);
  if (src) return <img src={src} alt="" className="size-16 shrink-0 rounded-lg object-cover shadow-xl" />;
  return (
    <div
      aria-hidden
      className={cn(
        'flex size-16 shrink-0 items-center justify-center rounded-lg text-3xl font-bold text-white shadow-xl',
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
  selectionBar,
}: {
  playlist: CollectivePlaylistDetail;
  artist: TrackOwner;
  titleHref?: string;
  heading: 'h1' | 'h2';
  /** Over the header while rows are ticked (issue 43): this view's play button is its toolbar. */
  selectionBar?: ReactNode;
}) {
  const { tracks } = playlist;
  const owner = ownerName(playlist.user);
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, artist)), [tracks, artist]);

  return (
    <header className="relative mb-2 flex items-end gap-3 @lg:gap-4">
      <Cover playlist={playlist} />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase max-sm:sr-only">
          Shared playlist
        </p>
        <Heading className="text-lg font-bold tracking-tight break-words @lg:text-2xl">
          {titleHref ? (
            // A block of its own lines: taps on a name wrapped in two land on the link (WCAG 2.5.8).
            <Link href={titleHref} className="inline-block hover:underline">
              {playlist.name}
            </Link>
          ) : (
            playlist.name
          )}
        </Heading>
        {playlist.description && (
          <p className="line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">
            {playlist.description}
          </p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
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
      <PlayAllButton tracks={queue} className="size-11 shrink-0 rounded-full shadow-lg [&_svg]:size-5" />
      {selectionBar && (
        <div className="absolute inset-0 flex items-end bg-background [&>section]:w-full [&>section]:p-1">
          {selectionBar}
        </div>
      )}
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
  const { data: collective } = useCollective(collectiveId);
  // Each row's status and open threads in this collective (issue 44, decision 0653).
  const reviews = useReviewSummaries(collectiveId);
  const { user } = useAuth();
  const player = usePlayer();
  // The playlist's owner is the artist of its tracks (only owners add tracks); its cover the artwork.
  const artist = useMemo(
    () => playlist && withPlaylistCover(trackOwner(playlist.user), playlist),
    [playlist],
  );
  const queue = useMemo(
    () => (playlist && artist ? playlist.tracks.map((t) => toPlayerTrack(t, artist)) : []),
    [playlist, artist],
  );
  // The player bar shows this collective's comments on these tracks, also once the person moves on.
  useEffect(() => {
    if (queue.length > 0) setCommentContext({ collectiveId, trackIds: queue.map((t) => t.id) });
  }, [collectiveId, queue]);
  const link = useMomentLink();
  const compare = useCompare();
  const [chosen, setChosen] = useState<number | null>(null);
  // A link to a moment (`?track=…&t=…`, from a notification) opens that track's comments and plays
  // it from there, once per link followed.
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!link.key || followed.current === link.key || queue.length === 0) return;
    followed.current = link.key;
    const target = queue.find((t) => t.id === link.trackId);
    if (!target) return;
    setChosen(target.id);
    if (link.compare && compare.available) {
      compare.open(
        compareRequestFromLink({
          trackId: target.id,
          name: target.name,
          versions: link.compare,
          at: link.at,
          collectiveId,
        }),
      );
    } else if (link.at !== null) {
      player.playTrack(target, queue);
      player.seek(link.at);
    }
  }, [link, queue, player, compare, collectiveId]);
  // The chosen track, else the one playing if it is in this playlist.
  const selectedId =
    chosen ?? (queue.some((t) => t.id === player.currentTrack?.id) ? player.currentTrack!.id : null);
  const selected = playlist?.tracks.find((t) => t.id === selectedId);
  const [closed, setClosed] = useState<number | null>(null);
  // Ticked rows, for Compare (issue 43); Escape clears. Another playlist starts with none.
  const trackIds = useMemo(() => playlist?.tracks.map((t) => t.id) ?? [], [playlist?.tracks]);
  const selection = useTrackSelection(trackIds);
  useSelectionKeys(selection);
  const { clear } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each change of playlist
  useEffect(() => clear(), [collectiveId, playlistId, clear]);

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

  const selectedPlayerTrack = selected && queue.find((t) => t.id === selected.id);
  return (
    <div className="@container">
      <SharedPlaylistHeader
        playlist={playlist}
        artist={artist}
        titleHref={titleHref}
        heading={heading}
        selectionBar={
          selection.selected.size > 0 && (
            <TakesSelectionBar
              ticked={playlist.tracks.filter((t) => selection.selected.has(t.id))}
              count={playlist.tracks.length}
              onSelectAll={selection.selectAll}
              onClear={selection.clear}
              collectiveId={collectiveId}
            />
          )
        }
      />
      <CollectiveTrackList
        tracks={playlist.tracks}
        owner={artist}
        reviews={reviews}
        collectiveId={collectiveId}
        selection={selection}
        onComments={(id) => {
          setChosen(id);
          setClosed(null);
        }}
      />
      {selected && selectedPlayerTrack && collective && user && closed !== selected.id && (
        <TrackFeedback
          key={selected.id}
          collectiveId={collectiveId}
          track={selected}
          playerTrack={selectedPlayerTrack}
          queue={queue}
          role={collective.role}
          myUserId={user.id}
          highlightId={link.trackId === selected.id ? link.commentId : null}
          onClose={() => {
            setChosen(null);
            setClosed(selected.id);
          }}
        />
      )}
      <CommentsSection collectiveId={collectiveId} playlistId={playlistId} />
    </div>
  );
}

/**
 * `?track=…&t=…&comment=…` (and `&compare=A,B`) of a link to a moment; `key` changes with each link
 * followed.
 */
function useMomentLink() {
  const search = useSearch();
  return useMemo(() => {
    const params = new URLSearchParams(search);
    const trackId = Number(params.get('track'));
    const at = params.get('t') === null ? null : Number(params.get('t'));
    const commentId = Number(params.get('comment')) || null;
    const valid = Number.isInteger(trackId) && trackId > 0;
    return {
      key: valid ? search : null,
      trackId: valid ? trackId : null,
      at: at !== null && Number.isFinite(at) && at >= 0 ? at : null,
      commentId,
      // `&compare=3,2`: open the A/B comparison of those versions there (decision 0674).
      compare: parseCompareParam(params.get('compare')),
    };
  }, [search]);
}
