import { useInfiniteQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { LikedTracksPage } from '../../../shared/schemas/likes';
import type { Track } from '../../../shared/schemas/tracks';
import { EmptyState, NotFoundCard, Page, PageHeader, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { type TrackOwner, trackOwner } from '../../entities/track/player-track';
import { LIKED_KEY } from '../../entities/track/use-likes';
import { apiRequest } from '../../lib/api-client';
import { CollectiveTrackList } from '../collectives';

/**
 * '/liked' (issue 26, decision 0390): the tracks the person liked, newest like first, a page at a
 * time, from anyone whose track they may listen to. They play as one queue, each with its artist.
 */
export function LikedPage() {
  const query = useInfiniteQuery({
    queryKey: LIKED_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const q = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return (await (await apiRequest('GET', `/api/user/likes${q}`)).json()) as LikedTracksPage;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const tracks = useMemo(() => items.map((item) => item.track), [items]);
  const owners = useMemo(
    () => new Map<number, TrackOwner>(items.map((item) => [item.track.id, trackOwner(item.user)])),
    [items],
  );
  const ownerOf = useCallback(
    (track: Track) => owners.get(track.id) ?? { artist: '', artworkUrl: null },
    [owners],
  );

  if (query.isLoading) return <PageLoading>Loading liked tracks...</PageLoading>;
  if (query.isError) {
    return (
      <NotFoundCard icon={Heart} title="Could not load your liked tracks" message="Please try again later." />
    );
  }

  return (
    <Page>
      <PageHeader title="Liked" icon={Heart} description="The tracks you gave a heart, newest first." />
      <CollectiveTrackList
        tracks={tracks}
        owner={ownerOf}
        label="Liked tracks"
        empty={
          <EmptyState
            icon={Heart}
            title="No liked tracks yet"
            hint="Tap the heart on a track in your journal, a playlist or a track's page to find it here."
          />
        }
      />
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </Page>
  );
}
