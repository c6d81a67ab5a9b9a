import type { TrackVisibility } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';

/** The absolute address of a track's own page, `/track/{id}`: what Copy link puts on the clipboard. */
export const trackPageUrl = (trackId: number) => `${window.location.origin}/track/${trackId}`;

/**
 * What the toast says after copying (decision 0143). A private track's link opens only for those who
 * can already see it (its owner and the collectives it is shared into), so the toast says so rather
 * than let someone paste a link that answers "not found".
 */
export function copiedLinkDescription(visibility: TrackVisibility | undefined): string {
  return visibility === 'private'
    ? 'This track is private: only people who can already see it can open the link.'
    : 'Anyone with the link can open it.';
}

/** Copies `/track/{id}` to the clipboard and says so; where the clipboard is refused, shows the link. */
export async function copyTrackLink(track: { id: number; visibility?: TrackVisibility }) {
  const url = trackPageUrl(track.id);
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: copiedLinkDescription(track.visibility) });
  } catch {
    // Clipboard access needs a secure context and permission; the address can still be copied by hand.
    toast({ variant: 'destructive', title: 'Could not copy the link', description: url });
  }
}
