import { countOf, formatDuration } from '../../../shared/format';
import { cn } from '../../lib/utils';
import { useListenHeat } from './use-share-listens';

/** The busiest bucket's moment, for words: "most around 1:12"; none when every heard part is as busy. */
function peakMoment(histogram: number[], duration: number | null): string | null {
  if (!duration) return null;
  const top = Math.max(...histogram);
  const heard = histogram.filter((n) => n > 0);
  if (heard.every((n) => n === top)) return null;
  const at = histogram.indexOf(top);
  return formatDuration(((at + 0.5) / histogram.length) * duration);
}

/**
 * Over the owner's waveform on the track page (issue 45, decision 0727): how many listeners heard
 * each part of the track through its share links, darker where more did. Nothing until someone has.
 */
export function ListenHeatStrip({
  trackId,
  duration,
  className,
}: {
  trackId: number;
  duration: number | null;
  className?: string;
}) {
  const { data } = useListenHeat(trackId);
  if (!data || data.listeners === 0) return null;
  const max = Math.max(1, ...data.histogram);
  const peak = peakMoment(data.histogram, duration);
  const label = `Heard through your share links by ${countOf(data.listeners, 'listener')}${peak ? `, most around ${peak}` : ''}`;
  return (
    <figure className={cn('grid gap-1', className)} data-testid="listen-heat">
      <div
        role="img"
        aria-label={label}
        title={label}
        className="flex h-2 overflow-hidden rounded-full bg-muted"
      >
        {data.histogram.map((count, i) => (
          <span
            // The buckets never move: their index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed 100 buckets
            key={i}
            className="h-full flex-1 bg-primary"
            style={{ opacity: count === 0 ? 0 : 0.15 + 0.85 * (count / max) }}
          />
        ))}
      </div>
      <figcaption className="text-[11px] text-muted-foreground">{label}</figcaption>
    </figure>
  );
}
