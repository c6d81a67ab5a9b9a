import { useQuery } from '@tanstack/react-query';
import { AudioLines, Download, Inbox, ListEnd, ListStart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import { receivedFromText } from '../../../shared/received-from';
import type { SharedTrack } from '../../../shared/schemas/users';
import { UserAvatar } from '../../components/collective-avatar';
import { NotFoundCard, Page, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { EquipmentChip, EquipmentChips } from '../../entities/equipment/equipment-chips';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { pollWhilePending } from '../../entities/track/use-tracks';
import { useAuth } from '../../entities/user/use-auth';
import { errorStatus } from '../../lib/api-client';
import type { PlayerTrack } from '../../player/player-context';
import { TrackWaveform } from '../../player/track-waveform';
import { ReportButton } from '../reports';
import { LazyListenHeatStrip, LazyOwnerGuestComments, LazyOwnerGuestMarkers } from '../shares';
import { originalUrl, useQueueActions } from './queue-actions';
import { TakeLoudness } from './take-loudness';
import { TrackCard } from './track-card';
import { TrackSplitMarkers } from './track-split-markers';
import { TrackSplitPanel } from './track-split-panel';
import { useTrackSplit } from './use-track-split';

const isTrackId = (raw: string) => /^[1-9]\d{0,15}$/.test(raw);

/** The owner's play counts (decision 0395): their own chunk, off the page's first route. */
const TrackPlayCounts = lazy(() =>
  import('../../entities/track/track-play-counts').then((m) => ({ default: m.TrackPlayCounts })),
);

/** The owner's versions with their earlier files (decision 0430): their own chunk too. */
const TrackVersionsList = lazy(() =>
  import('./track-versions-list').then((m) => ({ default: m.TrackVersionsList })),
);

/** The track page's own buttons (issue 10): queue it, or download the original. */
function TrackPageActions({ track }: { track: PlayerTrack }) {
  const { blocked, playNext, addToQueue } = useQueueActions(track);
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={blocked} onClick={playNext}>
        <ListStart aria-hidden />
        Play next
      </Button>
      <Button variant="outline" size="sm" disabled={blocked} onClick={addToQueue}>
        <ListEnd aria-hidden />
        Add to queue
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={originalUrl(track.id)} download>
          <Download aria-hidden />
          Download
        </a>
      </Button>
    </div>
  );
}

/**
 * '/track/{id}', the target of every track's Copy link and title: the track as a playable card and
 * its owner, linking to their public profile. GET /api/tracks/{id} follows the stream rule (decisions
 * 0012, 0140), so signed out it answers for a public track; otherwise 404, shown as not found. The owner sees their own card with its menu; everyone else the public view.
 */
export function SharedTrackPage({ trackId }: { trackId: string }) {
  const valid = isTrackId(trackId);
  const { user: viewer } = useAuth();
  const { data, isLoading, error } = useQuery<SharedTrack>({
    // ['/api/tracks', '12'] is not one of the track lists (those are ['/api/tracks'] and
    // ['/api/tracks', { sort }]), but refreshing them refreshes this too, e.g. after a delete.
    queryKey: ['/api/tracks', trackId],
    enabled: valid,
    // Until processing ends, so the card turns playable (or shows the failure) by itself.
    refetchInterval: (query) => pollWhilePending(query.state.data && [query.state.data.track]),
  });

  // Before the early returns (a hook): idle until the owner's long take is here (issue 47).
  const split = useTrackSplit(
    data?.track ?? { id: 0, duration: null, processing: { state: 'pending', error: null } },
    data !== undefined && viewer?.id === data.track.userId,
  );

  if (valid && isLoading) return <PageLoading>Loading track...</PageLoading>;

  if (!data) {
    const missing = !valid || !error || errorStatus(error) === 404;
    return (
      <NotFoundCard
        icon={AudioLines}
        title={missing ? 'Track Not Found' : 'Could not load this track'}
        message={missing ? "This track doesn't exist or isn't shared with you." : 'Please try again later.'}
      />
    );
  }

  const { track, user: owner } = data;
  const ownerName = displayName(owner);
  const own = viewer?.id === track.userId;
  const artist = trackOwner(owner);

  return (
    <Page className="max-w-2xl">
      <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Shared Track</p>
      <div className="mt-2 mb-6 flex items-center gap-3">
        <UserAvatar
          name={ownerName}
          avatarUrl={owner.avatarUrl}
          version={owner.updatedAt}
          className="size-10 text-sm"
        />
        <p className="min-w-0 text-sm text-muted-foreground">
          by{' '}
          <Link
            href={profilePath(owner)}
            className="font-semibold text-foreground hover:text-primary hover:underline"
          >
            {ownerName}
          </Link>
        </p>
      </div>
      {/* Only its owner is told (issue 45): a guest sent it through an upload link. */}
      {data.received && (
        <p
          data-testid="track-received"
          className="-mt-3 mb-4 flex items-center gap-1.5 text-sm text-muted-foreground"
        >
          <Inbox className="size-4 shrink-0 text-primary" aria-hidden />
          {receivedFromText(data.received)}
        </p>
      )}
      <TrackCard
        track={track}
        owner={artist}
        publicView={!own}
        heading="h1"
        likeable={viewer !== null && viewer !== undefined}
        className="p-6"
      />
      {own && (
        <Suspense fallback={null}>
          <LazyListenHeatStrip trackId={track.id} duration={track.duration} className="mt-4" />
        </Suspense>
      )}
      <div className={own ? 'relative mt-2' : 'relative mt-4'}>
        <TrackWaveform track={toPlayerTrack(track, artist)} />
        {own && track.duration !== null && (
          // Guests' comments through review links (issue 45), over the waveform's own area.
          <div className="pointer-events-none absolute inset-4">
            <Suspense fallback={null}>
              <LazyOwnerGuestMarkers track={toPlayerTrack(track, artist)} duration={track.duration} />
            </Suspense>
          </div>
        )}
        {/* The owner's split points of a long take (issue 47), over the same area. */}
        <div className="pointer-events-none absolute inset-4">
          <TrackSplitMarkers split={split} />
        </div>
      </div>
      <TrackSplitPanel split={split} />
      <TrackPageActions track={toPlayerTrack(track, artist)} />
      {/* How loud the take is and how streaming services will play it (issue 47). */}
      <TakeLoudness
        values={{
          lufs: track.loudness?.integratedLufs ?? null,
          truePeakDb: track.loudness?.truePeakDb ?? null,
          loudnessRange: track.loudness?.loudnessRange ?? null,
        }}
        className="mt-4 rounded-xl border border-border bg-card/40 px-4 py-3"
      />
      {viewer && !own && (
        <ReportButton
          target={{ kind: 'track', id: track.id }}
          what="this track"
          className="mt-2 h-7 px-2 text-xs text-muted-foreground"
        />
      )}
      {own && (
        <Suspense fallback={null}>
          <TrackPlayCounts trackId={track.id} />
          <LazyOwnerGuestComments track={toPlayerTrack(track, artist)} />
          {track.version > 1 && (
            <TrackVersionsList trackId={track.id} current={track.version} name={track.name} />
          )}
        </Suspense>
      )}
      {track.equipment.length > 0 && (
        <div className="mt-4">
          <p className="mb-2 text-xs text-muted-foreground">Equipment</p>
          {/* Chips link to equipment pages, which need sign-in: signed out they are plain pills. */}
          {viewer ? (
            <EquipmentChips equipment={track.equipment} />
          ) : (
            <ul aria-label="Equipment" className="flex flex-wrap gap-1">
              {track.equipment.map((tag) => (
                <li key={tag.id}>
                  <EquipmentChip equipment={tag} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Page>
  );
}
