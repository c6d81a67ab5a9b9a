import { Download, FileUp, Flag, Link, Link2, ListEnd, ListStart } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { copyTrackLink } from '../../entities/track/copy-track-link';
import { useAuth } from '../../entities/user/use-auth';
import type { PlayerTrack } from '../../player/player-context';
import { AvailableOfflineItem } from '../offline';
import { ReportDialog } from '../reports';
import { LazyShareDialog } from '../shares';
import { CompareVersionsItem } from './compare-versions-item';
import { LazyNewVersionDialog } from './lazy-new-version-dialog';
import { originalUrl, useQueueActions } from './queue-actions';

/**
 * "Play next", "Add to queue", "Download" (issue 10), "Available offline" (issue 25) and "Copy link"
 * (issue 13), for any track menu.
 * Download works in every state, since the original is always kept.
 */
export function TrackQueueItems({ track }: { track: PlayerTrack }) {
  const { blocked, playNext, addToQueue } = useQueueActions(track);
  return (
    <>
      <DropdownMenuItem disabled={blocked} onSelect={playNext}>
        <ListStart aria-hidden />
        Play next
      </DropdownMenuItem>
      <DropdownMenuItem disabled={blocked} onSelect={addToQueue}>
        <ListEnd aria-hidden />
        Add to queue
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        {/* A real link: the browser downloads with its own progress and the server's file name. */}
        <a href={originalUrl(track.id)} download>
          <Download aria-hidden />
          Download
        </a>
      </DropdownMenuItem>
      <AvailableOfflineItem track={track} />
      <DropdownMenuItem onSelect={() => void copyTrackLink(track)}>
        <Link2 aria-hidden />
        {track.visibility === 'private' ? 'Copy link (private)' : 'Copy link'}
      </DropdownMenuItem>
    </>
  );
}

/** "Share…" (issue 24, decision 0340): the owner's public and private links to the track. */
export function ShareTrackItem({ onSelect }: { onSelect: () => void }) {
  return (
    <DropdownMenuItem onSelect={onSelect}>
      <Link aria-hidden />
      Share…
    </DropdownMenuItem>
  );
}

/** The Share… dialog for one track, as the track menus open it. */
export function ShareTrackDialog({
  track,
  open,
  onOpenChange,
}: {
  track: Pick<PlayerTrack, 'id' | 'name' | 'visibility'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <LazyShareDialog
      item={{ kind: 'track', id: track.id, name: track.name, visibility: track.visibility }}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}

/**
 * The Radix side of `TrackMoreMenu` (track-more-menu.tsx), loaded when a row's More options button
 * is first hovered, focused or pressed (decision 0076). `children` is that button. The track's owner
 * also finds "Share…" (decision 0340) and "Upload new version…" here (issue 14, decision 0225).
 */
export function RadixTrackMoreMenu({
  track,
  children,
  defaultOpen,
  collectiveId,
}: {
  track: PlayerTrack;
  children: ReactElement;
  defaultOpen?: boolean;
  /** A collective's screen: a comparison shows that collective's comments. */
  collectiveId?: number;
}) {
  const { user } = useAuth();
  const [uploading, setUploading] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const owns = user !== null && track.userId === user.id;
  // Someone else's track, signed in: "Report…" (decision 0455).
  const mayReport = Boolean(user) && track.userId !== undefined && !owns;
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <TrackQueueItems track={track} />
          <CompareVersionsItem track={track} collectiveId={collectiveId} />
          {owns && <ShareTrackItem onSelect={() => setSharing(true)} />}
          {owns && (
            <DropdownMenuItem onSelect={() => setUploading(true)}>
              <FileUp aria-hidden />
              Upload new version…
            </DropdownMenuItem>
          )}
          {mayReport && (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden />
              Report…
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {reporting && (
        <ReportDialog
          target={{ kind: 'track', id: track.id }}
          what="this track"
          onClose={() => setReporting(false)}
        />
      )}
      {owns && <LazyNewVersionDialog open={uploading} onOpenChange={setUploading} track={track} />}
      {owns && <ShareTrackDialog track={track} open={sharing} onOpenChange={setSharing} />}
    </>
  );
}

// The public track page imports these from queue-actions.ts (no menu module with them).
export { originalUrl, useQueueActions };
