import { useState } from 'react';
import { cn } from '../lib/utils';
import { usePlayerAudio } from './player-audio-context';
import type { PlayerTrack } from './player-context';
import { canPlay } from './player-queue';
import { usePlayer } from './use-player';
import { readyPeaks, useWaveform } from './use-waveform';
import { Waveform } from './waveform';

/**
 * A track's own waveform (the shared track page, issue 10). While the track is the current one it
 * follows and seeks the player; otherwise a click plays it from the point clicked. Nothing shows
 * until the server has the peaks.
 */
export function TrackWaveform({
  track,
  queue,
  className,
}: {
  track: PlayerTrack;
  /** The list a click on a track not playing makes the queue (default: the track alone). */
  queue?: PlayerTrack[];
  className?: string;
}) {
  const player = usePlayer();
  const audio = usePlayerAudio();
  // A track known to be still processing (or failed) has no peaks: not asked, since the server's
  // 409 is an error in the console of every visitor of a new track's page (Lighthouse, issue 25).
  // The peaks are asked once the track says ready (before, a 409 was not asked again either).
  const unprocessed = track.processing !== undefined && track.processing.state !== 'ready';
  const { data } = useWaveform(track.id, { url: unprocessed ? null : track.peaksUrl });
  // Not the current track: wavesurfer follows a detached element that never loads anything, so
  // it draws this track at rest instead of another track's progress.
  const [idle] = useState(() => document.createElement('audio'));
  const wave = readyPeaks(data);
  if (!wave) return null;

  const current = player.currentTrack?.id === track.id && audio !== null;
  const onSeek = (seconds: number) => {
    if (current) return player.seek(seconds);
    // Not playable yet: playTrack says why, and there is nothing to seek.
    player.playTrack(track, queue ?? [track]);
    if (canPlay(track)) player.seek(seconds);
  };

  return (
    <div className={cn('rounded-xl border border-border bg-card p-4', className)}>
      <Waveform
        key={current ? 'current' : 'idle'}
        peaks={wave.peaks}
        duration={wave.duration}
        media={current ? audio : idle}
        position={current ? player.currentTime : 0}
        onSeek={onSeek}
        height={72}
        label={`Seek in ${track.name}`}
      />
    </div>
  );
}
