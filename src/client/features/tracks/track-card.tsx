import { EllipsisVertical, Pause, Play } from 'lucide-react';
import { Link } from 'wouter';
import { formatDuration, formatFileSize, formatMimeSubtype } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { OfflineMark } from '../../entities/offline/offline-mark';
import { useOfflineStatus } from '../../entities/offline/offline-status';
import { LikeButton } from '../../entities/track/like-button';
import { GATED_BUTTON_CLASS, playButtonProps, WhyNotPlayable } from '../../entities/track/play-button-gate';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { TempoKeyBadges } from '../../entities/track/tempo-key-badges';
import { VersionTag } from '../../entities/track/version-tag';
import { lazyPopup } from '../../lib/lazy-popup';
import { timeAgo } from '../../lib/relative-time';
import { cn } from '../../lib/utils';
import { usePlayer } from '../../player/use-player';
import { ProcessingStatus } from './processing-status';
import type { TrackCardTrack } from './track-card-track';
import { TrackMoreMenu } from './track-more-menu';
import { VisibilityBadge } from './visibility-badge';

function relativeDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? timeAgo(date) : 'Unknown date';
}

/** The owner's menu (track-owner-menu.tsx): a plain button until first used (decision 0375). */
const LazyOwnerMenu = lazyPopup(() => import('./track-owner-menu').then((m) => m.RadixTrackOwnerMenu), {
  pointerDown: true,
  click: true,
  keys: ['Enter', ' ', 'ArrowDown'],
  plainProps: { 'aria-haspopup': 'menu', 'aria-expanded': false },
});

function TrackMenu({ track, owner }: { track: TrackCardTrack; owner: TrackOwner }) {
  return (
    <LazyOwnerMenu track={track} owner={owner}>
      <Button variant="ghost" size="icon" aria-label="Track options" className="size-8">
        <EllipsisVertical aria-hidden />
      </Button>
    </LazyOwnerMenu>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * A track on the profile and public profile pages (spec section 2, Track card). `publicView` hides
 * the Share Link / Delete Track menu (spec section 6) but keeps a More options menu for queueing and
 * download (issue 10). `queue` is what plays on from this track; `owner` names its artist.
 * `heading` is the title's level: h2 under a page's h1 (the public profile), h1 where the card is
 * the page (/track/{id}), so headings never skip a level (decision 0183). `likeable` shows the heart.
 */
export function TrackCard({
  track,
  owner,
  queue,
  publicView = false,
  heading: Heading = 'h2',
  likeable = false,
  className,
}: {
  track: TrackCardTrack;
  owner: TrackOwner;
  queue?: TrackCardTrack[];
  publicView?: boolean;
  heading?: 'h1' | 'h2';
  /** Signed in: the heart (issue 26); visitors have no likes. */
  likeable?: boolean;
  className?: string;
}) {
  const player = usePlayer();
  const isCurrent = player.currentTrack?.id === track.id;
  const playing = isCurrent && player.isPlaying;
  useOfflineStatus();
  const { reason, ...gate } = playButtonProps(track, playing, () =>
    isCurrent
      ? player.togglePlay()
      : player.playTrack(
          toPlayerTrack(track, owner),
          (queue ?? [track]).map((t) => toPlayerTrack(t, owner)),
        ),
  );

  return (
    <article
      aria-label={track.name}
      className={cn('flex flex-col gap-4 rounded-xl border border-border bg-card p-4', className)}
    >
      <header className="flex items-start gap-3">
        <WhyNotPlayable reason={reason}>
          <Button
            size="icon"
            {...gate}
            className={cn('size-10 shrink-0 rounded-full aria-disabled:hover:bg-primary', GATED_BUTTON_CLASS)}
          >
            {playing ? <Pause className="fill-current" /> : <Play className="translate-x-px fill-current" />}
          </Button>
        </WhyNotPlayable>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <Heading className={cn('min-w-0 truncate font-semibold', isCurrent && 'text-primary')}>
              <Link
                href={`/track/${track.id}`}
                // Touch screens: a 44 px tall target, not the line of text (decision 0365).
                className="hover:underline pointer-coarse:block pointer-coarse:truncate pointer-coarse:py-2.5"
              >
                {track.name}
              </Link>
            </Heading>
            <VersionTag version={track.version} />
            {!publicView && <VisibilityBadge visibility={track.visibility} />}
          </div>
          <p className="text-xs text-muted-foreground">{relativeDate(track.createdAt)}</p>
          <TempoKeyBadges track={track} className="mt-1 flex" />
          <ProcessingStatus track={track} canRetry={!publicView} className="mt-1 empty:hidden" />
          <OfflineMark trackId={track.id} className="mt-1" />
        </div>
        {likeable && <LikeButton trackId={track.id} />}
        {publicView ? (
          <TrackMoreMenu track={toPlayerTrack(track, owner)} />
        ) : (
          <TrackMenu track={track} owner={owner} />
        )}
      </header>
      <dl className="grid grid-cols-3 gap-3">
        <Fact label="Duration" value={formatDuration(track.duration, 'Unknown')} />
        <Fact label="File Size" value={formatFileSize(track.size)} />
        <Fact label="Format" value={formatMimeSubtype(track.mimeType)} />
      </dl>
      {track.notes && (
        <div>
          <p className="text-xs text-muted-foreground">Notes</p>
          <p className="mt-0.5 text-sm whitespace-pre-line">{track.notes}</p>
        </div>
      )}
    </article>
  );
}
