import { FileUp, Trash2 } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { useDeleteTrack } from '../../entities/track/use-track-mutations';
import { CompareVersionsItem } from './compare-versions-item';
import { DeleteTrackDialog } from './delete-track-dialog';
import { LazyNewVersionDialog } from './lazy-new-version-dialog';
import type { TrackCardTrack } from './track-card-track';
import { ShareTrackDialog, ShareTrackItem, TrackQueueItems } from './track-queue-items';

/**
 * The Radix side of the owner's track menu on a card: queue, download and Copy link (the spec's
 * Share Link), Share… (decision 0340), then Delete Track (spec section 2). Loaded when its button is
 * first hovered, focused or pressed (decision 0375), so a visitor's /track/{id} never downloads the
 * menu, its dialogs or the mutations. `children` is that button.
 */
export function RadixTrackOwnerMenu({
  track,
  owner,
  children,
  defaultOpen,
}: {
  track: TrackCardTrack;
  owner: TrackOwner;
  children: ReactElement;
  defaultOpen?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [sharing, setSharing] = useState(false);
  const deleteTrack = useDeleteTrack();
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <TrackQueueItems track={toPlayerTrack(track, owner)} />
          <CompareVersionsItem track={track} />
          <ShareTrackItem onSelect={() => setSharing(true)} />
          <DropdownMenuItem onSelect={() => setUploading(true)}>
            <FileUp aria-hidden />
            Upload new version…
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete Track
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteTrackDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => deleteTrack.mutate(track.id)}
      />
      <LazyNewVersionDialog open={uploading} onOpenChange={setUploading} track={track} />
      <ShareTrackDialog track={track} open={sharing} onOpenChange={setSharing} />
    </>
  );
}
