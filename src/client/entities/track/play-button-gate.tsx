import type { ReactElement } from 'react';
import { WithTooltip } from '../../components/ui/tooltip';
import type { PlayerTrack } from '../../player/player-context';
import { notPlayableReason } from './player-track';

/** Disabled-looking buttons that stay focusable, so keyboard users reach the explanation too. */
export const GATED_BUTTON_CLASS = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/**
 * The label, state and click of a track's play button. A track that cannot play (processing, or
 * processing failed) keeps its button, marked aria-disabled with the reason in its name, and the
 * click does nothing (decision 0053).
 */
export function playButtonProps(
  track: Pick<PlayerTrack, 'name' | 'playable' | 'processing'> & { id?: number },
  playing: boolean,
  onPlay: () => void,
) {
  const reason = notPlayableReason(track);
  return {
    reason,
    'aria-label': reason ? `Play ${track.name}: ${reason}` : `${playing ? 'Pause' : 'Play'} ${track.name}`,
    'aria-disabled': reason ? true : undefined,
    onClick: reason ? undefined : onPlay,
  } as const;
}

/** Shows why the wrapped play button is disabled, on hover and on keyboard focus. */
export function WhyNotPlayable({ reason, children }: { reason: string | null; children: ReactElement }) {
  if (!reason) return children;
  return (
    <WithTooltip label={reason} side="top">
      {children}
    </WithTooltip>
  );
}
