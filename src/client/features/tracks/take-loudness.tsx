import { AlertTriangle, Gauge } from 'lucide-react';
import { formatDecibels, platformPlayback, truePeakWarning } from '../../../shared/platform-loudness';
import { cn } from '../../lib/utils';

/** A take's measurements as the track and version JSON carry them; null until measured. */
export interface TakeLoudnessValues {
  lufs: number | null;
  truePeakDb: number | null;
  loudnessRange: number | null;
}

/**
 * "Loudness" of a take (issue 47, decisions 0840, 0841): integrated loudness, loudness range and
 * true peak, a warning when the true peak will not survive a lossy encoding, and what each
 * streaming service does to its level. Nothing for a take not measured yet.
 */
export function TakeLoudness({
  values,
  heading = 'Loudness',
  className,
}: {
  values: TakeLoudnessValues;
  heading?: string;
  className?: string;
}) {
  const { lufs, truePeakDb, loudnessRange } = values;
  if (lufs === null || truePeakDb === null || !Number.isFinite(lufs)) return null;
  const warning = truePeakWarning(truePeakDb);
  const facts = [
    { term: 'Integrated', value: `${formatDecibels(lufs)} LUFS` },
    // A take measured before issue 47 has no range yet.
    ...(loudnessRange === null ? [] : [{ term: 'Range', value: `${formatDecibels(loudnessRange)} LU` }]),
    { term: 'True peak', value: `${formatDecibels(truePeakDb, true)} dBTP` },
  ];
  return (
    <section aria-label={heading} className={cn('text-sm', className)}>
      <h2 className="flex items-center gap-2 font-medium">
        <Gauge className="size-4 text-primary" aria-hidden />
        {heading}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        {facts.map((fact) => (
          <div key={fact.term} className="min-w-0 rounded-lg bg-muted/50 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{fact.term}</dt>
            <dd className="font-medium tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {warning && (
        <p className="mt-2 flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-amber-200">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{warning[0]?.toUpperCase() + warning.slice(1)}</span>
        </p>
      )}
      <ul aria-label="On streaming services" className="mt-2 space-y-1 text-muted-foreground">
        {platformPlayback({ lufs, truePeakDb }).map(({ platform, sentence }) => (
          <li key={platform.id}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}
