import { useQuery } from '@tanstack/react-query';
import { Clock, History } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { displayName, formatDuration } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import type { RecentPlays } from '../../../shared/schemas/plays';
import { EmptyState, Page, PageHeader, PageLoading } from '../../components/page-layout';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { TrackIndexCell, TrackListHeading, TrackTitleCell } from '../../entities/track/track-row-cells';
import { errorMessage } from '../../lib/api-client';
import { timeAgo } from '../../lib/relative-time';
import { cn } from '../../lib/utils';
import { RECENT_PLAYS_QUERY_KEY } from '../../player/use-play-counter';
import { usePlayFromList } from '../../player/use-play-from-list';
import { TrackMoreMenu } from '../tracks';

const GRID =
  'grid grid-cols-[2.25rem_minmax(0,1fr)_2.5rem] items-center gap-3 px-2 @xl:grid-cols-[2.25rem_minmax(0,3fr)_minmax(0,2fr)_minmax(0,1.5fr)_3rem_2.5rem]';

/** "5 minutes ago", from the play's ISO time. */
const playedAgo = (iso: string) => timeAgo(new Date(iso));

/**
 * "Recently played" (issue 26, decision 0395): the tracks the person last listened to, from the web
 * player and their Subsonic apps alike, newest first, each once; they play from here as a queue.
 */
export function RecentPage() {
  // Music apps add plays this screen never hears of: asked again each time it opens.
  const { data, isLoading, error } = useQuery<RecentPlays>({
    queryKey: RECENT_PLAYS_QUERY_KEY,
    refetchOnMount: 'always',
  });
  const items = data?.items ?? [];
  const queue = useMemo(
    () => (data?.items ?? []).map((item) => toPlayerTrack(item.track, trackOwner(item.user))),
    [data],
  );
  const { player, play } = usePlayFromList(queue);

  if (isLoading) return <PageLoading>Loading recently played...</PageLoading>;

  return (
    <Page>
      <PageHeader
        title="Recently played"
        icon={History}
        description="What you listened to here and in your music apps, newest first."
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, 'Could not load what you played')}
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          icon={History}
          title="Nothing played yet"
          hint="Tracks you listen to, here or in a music app, show up in this list."
        />
      ) : (
        <section aria-label="Recently played tracks" className="@container">
          <TrackListHeading grid={GRID}>
            <span className="text-center">#</span>
            <span>Title</span>
            <span className="hidden @xl:block">By</span>
            <span className="hidden @xl:block">Played</span>
            <Clock className="ml-auto hidden size-4 @xl:block" />
            <span />
          </TrackListHeading>
          <ol aria-label="Recently played" className="mt-2">
            {items.map((item, index) => {
              const { track, user } = item;
              const current = player.currentTrack?.id === track.id;
              const playerTrack = queue[index]!;
              return (
                <li
                  key={track.id}
                  data-testid="recent-track"
                  className={cn(GRID, 'group min-h-12 rounded-md py-1 transition-colors hover:bg-accent/50')}
                >
                  <TrackIndexCell
                    track={track}
                    index={index}
                    current={current}
                    playing={current && player.isPlaying}
                    onPlay={() => play(playerTrack)}
                  />
                  <div className="min-w-0">
                    <TrackTitleCell track={track} current={current} />
                    {/* On narrow screens the owner and the time go under the title. */}
                    <p className="truncate text-xs text-muted-foreground @xl:hidden">
                      {displayName(user)} · {playedAgo(item.playedAt)}
                    </p>
                  </div>
                  <Link
                    href={profilePath(user)}
                    className="hidden truncate text-sm text-muted-foreground hover:underline @xl:block"
                  >
                    {displayName(user)}
                  </Link>
                  <time
                    dateTime={item.playedAt}
                    title={new Date(item.playedAt).toLocaleString()}
                    className="hidden truncate text-sm text-muted-foreground @xl:block"
                  >
                    {playedAgo(item.playedAt)}
                  </time>
                  <span className="hidden text-right text-sm text-muted-foreground tabular-nums @xl:block">
                    {formatDuration(track.duration)}
                  </span>
                  <div className="flex items-center justify-end">
                    <TrackMoreMenu
                      track={playerTrack}
                      className="opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </Page>
  );
}
