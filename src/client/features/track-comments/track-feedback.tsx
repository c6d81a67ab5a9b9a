import { MessageSquare, X } from 'lucide-react';
import { useState } from 'react';
import type { CollectiveRole } from '../../../shared/schemas/collectives';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import { usePlayerAudio } from '../player/player-audio-context';
import type { PlayerTrack } from '../player/player-context';
import { usePlayer } from '../player/use-player';
import { readyPeaks, useWaveform } from '../player/use-waveform';
import { Waveform } from '../player/waveform';
import { NewCommentForm } from './comment-form';
import { CommentMarkers } from './comment-markers';
import { CommentThreads } from './comment-threads';
import { useTrackCommentMutations, useTrackComments } from './use-track-comments';

/** Plays `track` (with its list as the queue) from `seconds`, or seeks there if it is already current. */
export function useSeekAndPlay(track: PlayerTrack, queue: PlayerTrack[]) {
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

/**
 * A track's timed comments in a collective (issue 14): its waveform with the open threads as
 * markers, a comment box at the player's position, and the threads by position.
 */
export function TrackFeedback({
  collectiveId,
  track,
  playerTrack,
  queue,
  role,
  myUserId,
  highlightId,
  onClose,
}: {
  collectiveId: number;
  track: PlaylistTrack;
  playerTrack: PlayerTrack;
  queue: PlayerTrack[];
  role: CollectiveRole;
  myUserId: string;
  highlightId: number | null;
  onClose: () => void;
}) {
  const player = usePlayer();
  const audio = usePlayerAudio();
  const { data: threads = [] } = useTrackComments(collectiveId, track.id);
  const mutations = useTrackCommentMutations(collectiveId, track.id);
  const { data: waveData } = useWaveform(track.id);
  const wave = readyPeaks(waveData);
  const [idle] = useState(() => document.createElement('audio'));
  const seekAndPlay = useSeekAndPlay(playerTrack, queue);
  const current = player.currentTrack?.id === track.id && audio !== null;
  const duration = wave?.duration ?? track.duration ?? 0;
  const position = current ? player.currentTime : 0;

  return (
    <section
      aria-label={`Comments on ${track.name}`}
      data-testid="track-feedback"
      className="mt-6 rounded-xl border border-border bg-card p-4"
    >
      <header className="mb-3 flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <MessageSquare className="size-4 text-primary" aria-hidden />
          {track.name}
        </h3>
        <Button variant="ghost" size="icon" aria-label="Close comments" onClick={onClose}>
          <X />
        </Button>
      </header>
      <div className="relative mb-6 pt-1">
        {wave ? (
          <Waveform
            key={current ? 'current' : 'idle'}
            peaks={wave.peaks}
            duration={wave.duration}
            media={current ? audio : idle}
            position={position}
            onSeek={(s) => seekAndPlay(s)}
            height={64}
            label={`Seek in ${track.name}`}
          />
        ) : (
          <div className="h-16 rounded-md bg-muted/50">
            <div
              className="h-full rounded-md bg-primary/30"
              style={{ width: duration > 0 ? `${Math.min(100, (position / duration) * 100)}%` : 0 }}
            />
          </div>
        )}
        <CommentMarkers threads={threads} duration={duration} onSelect={(t) => seekAndPlay(t.atSeconds)} />
      </div>
      <NewCommentForm
        collectiveId={collectiveId}
        duration={duration > 0 ? duration : null}
        currentPosition={current ? player.currentTime : null}
        pending={mutations.add.isPending}
        onPost={(body) => mutations.add.mutateAsync(body)}
      />
      <div className="mt-4">
        <CommentThreads
          threads={threads}
          viewer={{ userId: myUserId, role, ownsTrack: track.userId === myUserId }}
          mutations={mutations}
          collectiveId={collectiveId}
          onSeek={seekAndPlay}
          highlightId={highlightId}
        />
      </div>
    </section>
  );
}
