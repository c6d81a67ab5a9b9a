import { lazy, Suspense, useState } from 'react';
import { Slider } from '../../components/ui/slider';
import { usePlayerAudio } from './player-audio-context';
import { usePlayer } from './use-player';
import { readyPeaks, useWaveform } from './use-waveform';

/** wavesurfer.js (12 KB gzip) loads with the first waveform to draw, not with the shell (decision 0074). */
const Waveform = lazy(() => import('./waveform').then((m) => ({ default: m.Waveform })));

/**
 * The plain progress bar: click or drag anywhere on it to seek (keyboard arrows too, on the thumb).
 * While dragging it shows the dragged position and seeks once, on release, instead of on every move.
 */
function SeekSlider() {
  const { currentTrack, currentTime, duration, seek } = usePlayer();
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <Slider
      aria-label="Seek"
      data-testid="seek-bar"
      min={0}
      max={Math.max(duration, 0.01)}
      step={0.1}
      value={[dragging ?? Math.min(currentTime, duration)]}
      disabled={currentTrack === null || duration <= 0}
      onValueChange={([seconds]) => seconds !== undefined && setDragging(seconds)}
      onValueCommit={([seconds]) => {
        setDragging(null);
        if (seconds !== undefined) seek(seconds);
      }}
    />
  );
}

/**
 * The player bar's seek control: the current track's waveform once the server has made its peaks
 * (asked again while it is still making them), the plain slider until then or without them.
 */
export function PlayerSeek() {
  const { currentTrack, currentTime, duration, seek } = usePlayer();
  const audio = usePlayerAudio();
  const { data } = useWaveform(currentTrack?.id ?? null, { poll: true });
  const wave = readyPeaks(data);
  if (!wave || !audio || !currentTrack) return <SeekSlider />;
  return (
    <Suspense fallback={<SeekSlider />}>
      <Waveform
        key={currentTrack.id}
        peaks={wave.peaks}
        duration={wave.duration}
        media={audio}
        position={duration > 0 ? Math.min(currentTime, duration) : currentTime}
        onSeek={seek}
        height={28}
        testId="seek-bar"
      />
    </Suspense>
  );
}
