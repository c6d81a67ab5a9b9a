import { usePlayer } from '../../player/use-player';
import { CommentMarkers } from './comment-markers';
import { useTrackComments } from './use-track-comments';

/** The current track's open threads over the player bar's waveform (issue 14). */
export function PlayerCommentMarkers({
  collectiveId,
  trackId,
  duration,
}: {
  collectiveId: number;
  trackId: number;
  duration: number;
}) {
  const player = usePlayer();
  const { data: threads = [] } = useTrackComments(collectiveId, trackId);
  return (
    <CommentMarkers
      threads={threads}
      duration={duration}
      size="sm"
      onSelect={(t) => {
        player.seek(t.atSeconds);
        if (!player.isPlaying) player.togglePlay();
      }}
    />
  );
}
