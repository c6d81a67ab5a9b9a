import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * The confirmation before a track is deleted. The journal names the track; the track card uses the
 * generic sentence (spec section 2 words it both ways).
 */
export function DeleteTrackDialog({
  open,
  onOpenChange,
  trackName,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Omitted: 'Are you sure you want to delete this track? …'. */
  trackName?: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Track"
      description={
        trackName === undefined
          ? 'Are you sure you want to delete this track? This action cannot be undone.'
          : `Are you sure you want to delete "${trackName}"? This action cannot be undone.`
      }
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
