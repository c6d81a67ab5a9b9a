import { MessageSquare, X } from 'lucide-react';
import { type PointerEvent, useMemo, useState } from 'react';
import type { CollectiveRole } from '../../../shared/schemas/collectives';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import { usePlayerAudio } from '../../player/player-audio-context';
import type { PlayerTrack } from '../../player/player-context';
import { usePlayer } from '../../player/use-player';
import { readyPeaks, useWaveform } from '../../player/use-waveform';
import { Waveform } from '../../player/waveform';
import { VersionStatusControl } from '../version-review';
import { withoutCarriedOriginals } from './carried-threads';
import { NewCommentForm } from './comment-form';
import { CommentMarkers } from './comment-markers';
import { CommentThreads } from './comment-threads';
import { showTime } from './time-input';
import { useTrackCommentMutations, useTrackComments } from './use-track-comments';
import { VersionTodo } from './version-todo';

/**
 * Laid over the waveform while choosing a range: a drag marks start and end (a click, a moment);
 * the comment box's fields take them, to adjust before posting (decision 0162).
 */
function RangeSelector({
  duration,
  onRange,
}: {
  duration: number;
  onRange: (from: number, to: number | null) => void;
}) {
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const secondsAt = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return Math.min(duration, Math.max(0, ((e.clientX - r.left) / r.width) * duration));
  };
  const left = drag ? Math.min(drag.from, drag.to) : 0;
  const right = drag ? Math.max(drag.from, drag.to) : 0;
  return (
    <div
      data-testid="range-selector"
      aria-hidden
      className="absolute inset-0 z-10 cursor-crosshair touch-none rounded-md bg-primary/5 ring-1 ring-primary/40"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        const s = secondsAt(e);
        setDrag({ from: s, to: s });
      }}
      onPointerMove={(e) => drag && setDrag({ ...drag, to: secondsAt(e) })}
      onPointerUp={(e) => {
        if (!drag) return;
        const to = secondsAt(e);
        const [a, b] = [Math.min(drag.from, to), Math.max(drag.from, to)];
        setDrag(null);
        // Under a quarter of a second is a click: a moment, not a range.
        onRange(Math.floor(a * 10) / 10, b - a >= 0.25 ? Math.floor(b * 10) / 10 : null);
      }}
    >
      {drag && (
        <span
          className="absolute inset-y-0 bg-amber-400/30"
          style={{ left: `${(left / duration) * 100}%`, width: `${((right - left) / duration) * 100}%` }}
        />
      )}
    </div>
  );
}

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
  const markerThreads = useMemo(() => withoutCarriedOriginals(threads), [threads]);
  const mutations = useTrackCommentMutations(collectiveId, track.id);
  const { data: waveData } = useWaveform(track.id);
  const wave = readyPeaks(waveData);
  const [idle] = useState(() => document.createElement('audio'));
  const [at, setAt] = useState<string | null>(null);
  const [end, setEnd] = useState('');
  const [selecting, setSelecting] = useState(false);
  // The threads as a conversation, or the current version's open ones as a to-do list (issue 44).
  const [view, setView] = useState<'comments' | 'todo'>('comments');
  const ownsTrack = track.userId === myUserId;
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
      <VersionStatusControl
        trackId={track.id}
        version={track.version}
        collectiveId={collectiveId}
        ownsTrack={ownsTrack}
      />
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
        <CommentMarkers
          threads={markerThreads}
          duration={duration}
          onSelect={(t) => seekAndPlay(t.atSeconds)}
        />
        {selecting && duration > 0 && (
          <RangeSelector
            duration={duration}
            onRange={(from, to) => {
              setAt(showTime(from));
              setEnd(to !== null ? showTime(to) : '');
              setSelecting(false);
            }}
          />
        )}
      </div>
      <div className="-mt-3 mb-2 flex justify-end">
        <Button
          variant={selecting ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={selecting}
          disabled={duration <= 0}
          onClick={() => setSelecting((s) => !s)}
        >
          {selecting ? 'Drag across the waveform…' : 'Select a range'}
        </Button>
      </div>
      <NewCommentForm
        collectiveId={collectiveId}
        duration={duration > 0 ? duration : null}
        currentPosition={current ? player.currentTime : null}
        pending={mutations.add.isPending}
        onPost={(body) => mutations.add.mutateAsync(body)}
        at={at}
        setAt={setAt}
        end={end}
        setEnd={setEnd}
      />
      <div className="mt-4 mb-3 flex gap-1">
        {(['comments', 'todo'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'secondary' : 'ghost'}
            aria-pressed={view === v}
            onClick={() => setView(v)}
          >
            {v === 'comments' ? 'Comments' : 'To do'}
          </Button>
        ))}
      </div>
      {view === 'todo' ? (
        <VersionTodo
          collectiveId={collectiveId}
          trackId={track.id}
          version={track.version}
          ownsTrack={ownsTrack}
          onSeek={seekAndPlay}
        />
      ) : (
        <CommentThreads
          threads={threads}
          viewer={{ userId: myUserId, role, ownsTrack }}
          mutations={mutations}
          collectiveId={collectiveId}
          trackVersion={track.version}
          onSeek={seekAndPlay}
          highlightId={highlightId}
        />
      )}
    </section>
  );
}
