import { lazy, Suspense, useEffect, useState } from 'react';
import { formatDuration } from '../../../shared/format';
import { Slider } from '../../components/ui/slider';
import { useCommentContext } from '../../player/comment-context';
import { usePlayerAudio } from '../../player/player-audio-context';
import { usePlayer } from '../../player/use-player';
import { readyPeaks, useWaveform } from '../../player/use-waveform';

/**
 * wavesurfer.js (12 KB gzip) is not on the first route (decision 0074): the player bar starts
 * loading it once the page has painted, so it is there before a waveform is ready to draw; until
 * it is, the plain slider stands in, never a loading state that would swap under a pointer.
 */
const loadWaveform = () => import('../../player/waveform').then((m) => m.Waveform);
/**
 * Loaded only once a collective's track plays (comments are a collective's, issue 14), through the
 * track comments feature's index: imported statically, that index would bring the whole feature onto
 * the first route with the player bar (decision 0467).
 */
const PlayerCommentMarkers = lazy(() =>
  import('../track-comments').then((m) => ({ default: m.PlayerCommentMarkers })),
);
type WaveformComponent = Awaited<ReturnType<typeof loadWaveform>>;
let loadedWaveform: WaveformComponent | null = null;

function useWaveformComponent(): WaveformComponent | null {
  const [component, setComponent] = useState(() => loadedWaveform);
  useEffect(() => {
    if (component) return;
    let live = true;
    void loadWaveform().then((loaded) => {
      loadedWaveform = loaded;
      if (live) setComponent(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [component]);
  return component;
}

/**
 * The plain progress bar: click or drag anywhere on it to seek (keyboard arrows too, on the thumb).
 * While dragging it shows the dragged position and seeks once, on release, instead of on every move.
 */
function SeekSlider() {
  const { currentTrack, currentTime, duration, seek } = usePlayer();
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? Math.min(currentTime, duration);
  return (
    <Slider
      aria-label="Seek"
      aria-valuetext={`${formatDuration(shown)} of ${formatDuration(duration)}`}
      data-testid="seek-bar"
      min={0}
      max={Math.max(duration, 0.01)}
      step={0.1}
      value={shown}
      disabled={currentTrack === null || duration <= 0}
      onValueChange={setDragging}
      onValueCommit={(seconds) => {
        setDragging(null);
        seek(seconds);
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
  const { data } = useWaveform(currentTrack?.id ?? null, { poll: true, url: currentTrack?.peaksUrl });
  const wave = readyPeaks(data);
  const Waveform = useWaveformComponent();
  const comments = useCommentContext();
  if (!wave || !audio || !currentTrack || !Waveform) return <SeekSlider />;
  const withComments = comments?.trackIds.includes(currentTrack.id);
  return (
    <div className="relative w-full">
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
      {withComments && comments && (
        <Suspense fallback={null}>
          <PlayerCommentMarkers
            collectiveId={comments.collectiveId}
            trackId={currentTrack.id}
            duration={wave.duration}
          />
        </Suspense>
      )}
    </div>
  );
}
