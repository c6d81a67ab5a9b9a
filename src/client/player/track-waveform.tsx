import { useState } from 'react';
import { cn } from '../lib/utils';
import { usePlayerAudio } from './player-audio-context';
import type { PlayerTrack } from './player-context';
import { canPlay } from './player-queue';
import { usePlayer } from './use-player';
import { readyPeaks, useWaveform } from './use-waveform';
import { Waveform } from './waveform';
import { spectrogramUrlOf, useWaveformView } from './waveform-view';
import { WaveformViewSwitch } from './waveform-view-switch';

/** Taller than the bars: a spectrogram needs room for its octaves. */
const SPECTROGRAM_HEIGHT = 128;

/**
 * A track's own waveform (the shared track page, issue 10). While the track is the current one it
 * follows and seeks the player; otherwise a click plays it from the point clicked. Nothing shows
 * until the server has the peaks. A switch shows the take's spectrogram instead (decision 0843),
 * under the same seeking surface, so clicks, drags and keys seek as on the bars.
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
  const [view, setView] = useWaveformView();
  // A take processed before spectrograms has none (404): the switch then says so over the area.
  const [missing, setMissing] = useState<string | null>(null);
  const wave = readyPeaks(data);
  if (!wave) return null;

  const current = player.currentTrack?.id === track.id && audio !== null;
  const onSeek = (seconds: number) => {
    if (current) return player.seek(seconds);
    // Not playable yet: playTrack says why, and there is nothing to seek.
    player.playTrack(track, queue ?? [track]);
    if (canPlay(track)) player.seek(seconds);
  };

  const spectrogramUrl = spectrogramUrlOf(track.id, track.peaksUrl);
  const spectrogram = view === 'spectrogram';

  return (
    <div className={cn('rounded-xl border border-border bg-card p-4', className)}>
      <div className="mb-2 flex items-center justify-end gap-2">
        {spectrogram && missing === spectrogramUrl && (
          <p className="text-xs text-muted-foreground">No spectrogram for this take yet</p>
        )}
        <WaveformViewSwitch view={view} onChange={setView} />
      </div>
      <Waveform
        key={`${current ? 'current' : 'idle'}-${view}`}
        overPicture={spectrogram && missing !== spectrogramUrl}
        peaks={wave.peaks}
        duration={wave.duration}
        media={current ? audio : idle}
        position={current ? player.currentTime : 0}
        onSeek={onSeek}
        height={spectrogram ? SPECTROGRAM_HEIGHT : 72}
        label={`Seek in ${track.name}`}
      >
        {spectrogram && missing !== spectrogramUrl && (
          <img
            src={spectrogramUrl}
            alt={`Spectrogram of ${track.name}: time left to right, pitch upwards`}
            data-testid="spectrogram"
            className="pointer-events-none absolute inset-0 size-full rounded-sm object-fill select-none"
            draggable={false}
            onError={() => setMissing(spectrogramUrl)}
          />
        )}
      </Waveform>
    </div>
  );
}
