import { Pause, Play, Repeat2, X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import type { TrackCommentThread } from '../../../shared/schemas/track-comments';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { Button } from '../../components/ui/button';
import { formatTime } from '../../player/player-queue';
import { readyPeaks, useWaveform } from '../../player/use-waveform';
import { useTrackComments } from '../track-comments';
import { COMPARE_TEXT, SLOTS, type SlotId } from './compare-constants';
import type { CompareRequest } from './compare-context';
import { CompareLevels, SlotPicker, useCompareMode } from './compare-controls';
import { compareGains } from './compare-gains';
import { CompareWaveform } from './compare-waveform';
import { useCompareEngine } from './use-compare-engine';
import { useCompareKeys } from './use-compare-keys';
import { useCompareTakes } from './use-compare-takes';

const peaksOf = (v: TrackVersion | null) => ({ trackId: v?.trackId ?? null, url: v?.peaksUrl ?? null });

/**
 * The A/B comparison above the player bar (issue 43): a version picker per slot, play/pause, the
 * switch (button, X, media keys), both waveforms on one timeline with the heard version's comments,
 * the level mode and each slot's gain. The main player pauses while it plays.
 */
export function ComparePanel({
  request,
  onClose,
}: {
  request: CompareRequest;
  onClose: () => void;
  /** lazyDialog closes through this when the panel's code cannot load. */
  onOpenChange?: (open: boolean) => void;
}) {
  const { slots, loading, failed, pick } = useCompareTakes(request);
  const [mode, setMode] = useCompareMode();
  const chosen = { A: slots.A.chosen, B: slots.B.chosen };
  const measured = (v: TrackVersion | null) =>
    v ? { lufs: v.loudnessLufs, truePeakDb: v.truePeakDb } : null;
  const gains = compareGains(mode, { A: measured(chosen.A), B: measured(chosen.B) });
  const { engine, position, heard, playing, offsetB } = useCompareEngine(chosen, gains.gainDb);
  const switchSlot = (pressedAtMs: number) => engine.switchTo(undefined, pressedAtMs);
  useCompareKeys(engine, switchSlot);

  const a = useWaveform(peaksOf(chosen.A).trackId, { url: peaksOf(chosen.A).url });
  const b = useWaveform(peaksOf(chosen.B).trackId, { url: peaksOf(chosen.B).url });
  const heardVersion = chosen[heard];
  const { data: threads = [] } = useTrackComments(
    request.collectiveId ?? null,
    request.collectiveId !== undefined ? (heardVersion?.trackId ?? null) : null,
  );
  const heardOffset = heard === 'B' ? offsetB : 0;
  const shownThreads = useMemo<TrackCommentThread[]>(
    () =>
      threads
        .filter((t) => t.trackVersion === heardVersion?.version)
        .map((t) => ({
          ...t,
          atSeconds: t.atSeconds - heardOffset,
          endSeconds: t.endSeconds === null ? null : t.endSeconds - heardOffset,
        })),
    [threads, heardVersion?.version, heardOffset],
  );
  const ready = chosen.A !== null && chosen.B !== null;
  // A link to a moment (decision 0674) starts there, once both slots have their streams.
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current || request.startAt === undefined) return;
    started.current = true;
    engine.seek(request.startAt);
  }, [ready, engine, request.startAt]);
  const names =
    request.takes.length === 2
      ? `${request.takes[0].name} and ${request.takes[1]?.name}`
      : request.takes[0].name;

  return (
    <section
      aria-label="Compare"
      data-testid="compare-panel"
      className="shrink-0 border-t border-border bg-card px-3 py-3 sm:px-4"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3">
        <div className="flex items-center gap-2">
          <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">Compare: {names}</h2>
          <Button variant="ghost" size="icon" aria-label="Close comparison" onClick={onClose}>
            <X aria-hidden />
          </Button>
        </div>
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {COMPARE_TEXT.loadFailed}
          </p>
        ) : loading ? (
          <p className="text-sm text-muted-foreground">Loading versions…</p>
        ) : !ready ? (
          <p className="text-sm text-muted-foreground">{COMPARE_TEXT.noVersions}</p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {SLOTS.map((id) => (
            <SlotPicker
              key={id}
              slot={id}
              heard={heard === id}
              choice={slots[id]}
              gainDb={gains.gainDb[id]}
              mode={mode}
              unmeasured={gains.unmeasured.includes(id)}
              onPick={(version) => pick(id, version)}
              showTrack={request.takes.length === 2}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="icon"
            className="size-10 rounded-full"
            aria-label={playing ? 'Pause comparison' : 'Play comparison'}
            disabled={!ready}
            onClick={() => engine.toggle()}
          >
            {playing ? <Pause className="fill-current" /> : <Play className="translate-x-px fill-current" />}
          </Button>
          <Button
            variant="outline"
            aria-pressed={heard === 'B'}
            aria-keyshortcuts="X"
            disabled={!ready}
            data-testid="compare-switch"
            onClick={(event) => switchSlot(event.timeStamp)}
          >
            <Repeat2 aria-hidden />
            <span>
              Switch A/B <span className="text-muted-foreground">(X)</span>
            </span>
          </Button>
          <p role="status" aria-live="polite" className="text-sm font-medium" data-testid="compare-heard">
            {COMPARE_TEXT.nowHearing(heard)}
          </p>
          <span className="ml-auto text-xs text-muted-foreground tabular-nums">
            {formatTime(Math.max(0, position))}
          </span>
          <CompareLevels mode={mode} onMode={setMode} />
        </div>
        {ready && (
          <CompareWaveform
            a={readyPeaks(a.data)}
            b={readyPeaks(b.data)}
            offsetB={offsetB}
            position={position}
            onSeek={(s) => engine.seek(s)}
            threads={shownThreads}
          />
        )}
      </div>
    </section>
  );
}

export type { SlotId };
