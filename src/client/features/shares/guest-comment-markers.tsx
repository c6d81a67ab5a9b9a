import { UserAvatar } from '../../components/collective-avatar';
import type { PlayerTrack } from '../../player/player-context';
import { usePlayer } from '../../player/use-player';
import { showTime } from '../track-comments';

/** What a marker needs of a guest comment, whichever side (guest or owner) reads it. */
export interface MarkedComment {
  id: number;
  name: string;
  content: string;
  atSeconds: number;
  endSeconds: number | null;
}

/**
 * A review link's threads as markers over a waveform (issue 45): the guest's initial at the
 * moment, a band under a range; hovering or focusing shows the comment, a click seeks there. Laid
 * over a `relative` parent the size of the waveform.
 */
export function GuestCommentMarkers({
  comments,
  duration,
  onSelect,
}: {
  comments: MarkedComment[];
  duration: number;
  onSelect: (seconds: number) => void;
}) {
  if (duration <= 0) return null;
  const pct = (s: number) => `${Math.min(100, Math.max(0, (s / duration) * 100))}%`;
  return (
    <div data-testid="guest-comment-markers" className="pointer-events-none absolute inset-0">
      {comments.map((c) => {
        const label = `${c.name} at ${showTime(c.atSeconds)}: ${c.content}`;
        return (
          <div key={c.id}>
            {c.endSeconds !== null && (
              <span
                aria-hidden
                className="absolute bottom-0 h-1 rounded-full bg-amber-400/70"
                style={{ left: pct(c.atSeconds), width: `calc(${pct(c.endSeconds)} - ${pct(c.atSeconds)})` }}
              />
            )}
            <button
              type="button"
              data-testid="guest-comment-marker"
              data-at={c.atSeconds}
              aria-label={label}
              title={label}
              onClick={() => onSelect(c.atSeconds)}
              className="group pointer-events-auto absolute -bottom-3 -translate-x-1/2 cursor-pointer rounded-full ring-2 ring-background focus-visible:outline-none focus-visible:ring-ring"
              style={{ left: pct(c.atSeconds) }}
            >
              <UserAvatar name={c.name} avatarUrl={null} className="size-6 text-[10px]" />
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** Seeks `track` to a moment: in place when it is the player's, else plays it (with `queue`) from there. */
export function useSeekTo(track: PlayerTrack, queue: PlayerTrack[]) {
  const player = usePlayer();
  return (seconds: number) => {
    if (player.currentTrack?.id === track.id) {
      player.seek(seconds);
      if (!player.isPlaying) player.togglePlay();
    } else {
      player.playTrack(track, queue);
      player.seek(seconds);
    }
  };
}
