import { Plus, Scissors } from 'lucide-react';
import { Link } from 'wouter';
import { formatDuration } from '../../../shared/format';
import { SPLIT_POINTS_MAX } from '../../../shared/schemas/track-split';
import { Button } from '../../components/ui/button';
import type { TrackSplit } from './use-track-split';

/**
 * Below the owner's waveform of a long take (issue 47): how many takes the markers make, adding a
 * marker, "Split into N takes", and once split, links to the new takes.
 */
export function TrackSplitPanel({ split }: { split: TrackSplit }) {
  if (!split.enabled) return null;
  const parts = split.points.length + 1;
  return (
    <section aria-label="Split this recording" className="mt-3 rounded-xl border border-border bg-card p-4">
      <p className="text-sm text-muted-foreground">
        {split.points.length === 0
          ? 'No pauses found to split at. Add a split point to cut this recording into takes.'
          : `Split points at ${split.points.map((p) => formatDuration(p)).join(', ')}. Drag a marker, or focus it and use the arrow keys; Delete removes it.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={split.add}
          disabled={split.points.length >= SPLIT_POINTS_MAX}
        >
          <Plus aria-hidden />
          Add split point
        </Button>
        <Button
          size="sm"
          onClick={() => split.split.mutate()}
          disabled={split.points.length === 0 || split.split.isPending}
        >
          <Scissors aria-hidden />
          {split.split.isPending ? 'Splitting…' : `Split into ${parts} takes`}
        </Button>
      </div>
      {split.created && (
        <div data-testid="split-result" className="mt-3">
          <p className="text-sm font-medium">Made {split.created.length} private takes:</p>
          <ul className="mt-1 list-inside list-disc text-sm">
            {split.created.map((take) => (
              <li key={take.id}>
                <Link href={`/track/${take.id}`} className="text-primary hover:underline">
                  {take.name}
                </Link>{' '}
                <span className="text-muted-foreground">({formatDuration(take.duration)})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
