import { countOf, formatDate, formatFileSize } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useAdminJobs, useAdminOverview, useRetryTrack, useSweepDemo } from './use-admin';

/** What each SIGNUP mode means, for the read-only line (it is an environment setting). */
const SIGNUP_TEXT = {
  open: 'Open: anyone who signs in with Google gets an account.',
  invite: 'Invite only: new accounts only through a collective invite link.',
  closed: 'Closed: no new accounts; people who have one still sign in.',
} as const;

/** Media jobs: counts per queue and state, and the failed tracks with Retry (decision 0445). */
export function JobsSection() {
  const { data, error } = useAdminJobs();
  const retry = useRetryTrack();
  return (
    <section aria-labelledby="admin-jobs" className="grid gap-4">
      <h2 id="admin-jobs" className="text-lg font-semibold">
        Media jobs
      </h2>
      {error && <p role="alert">{errorMessage(error, 'Could not load the jobs')}</p>}
      {data && data.counts.length === 0 && <p className="text-sm text-muted-foreground">No jobs yet</p>}
      {data && data.counts.length > 0 && (
        <table className="w-full max-w-lg text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 font-medium">Queue</th>
              <th className="py-1 font-medium">State</th>
              <th className="py-1 text-right font-medium">Jobs</th>
            </tr>
          </thead>
          <tbody>
            {data.counts.map((row) => (
              <tr key={`${row.queue}-${row.state}`} className="border-t border-border">
                <td className="py-1">{row.queue}</td>
                <td className="py-1">{row.state}</td>
                <td className="py-1 text-right tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 className="font-medium">Failed tracks</h3>
      {data && data.failedTracks.length === 0 && (
        <p className="text-sm text-muted-foreground">No track failed processing</p>
      )}
      <ul className="grid gap-2">
        {data?.failedTracks.map((track) => (
          <li
            key={track.trackId}
            aria-label={track.name}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
          >
            <div>
              <p className="font-medium">
                {track.name} <span className="text-sm text-muted-foreground">by {track.ownerName}</span>
              </p>
              <p className="text-sm text-destructive">{track.error ?? 'No reason recorded'}</p>
              <p className="text-xs text-muted-foreground">{formatDate(track.updatedAt)}</p>
            </div>
            <Button size="sm" variant="outline" onClick={() => retry.mutate(track.trackId)}>
              Retry
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Storage totals, demo accounts with "Sweep now", and the sign-up mode (decision 0445). */
export function InstanceSection() {
  const { data, error } = useAdminOverview();
  const sweep = useSweepDemo();
  if (error) return <p role="alert">{errorMessage(error, 'Could not load the overview')}</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading...</p>;
  const { storage, demo, people } = data;
  const facts: [string, string][] = [
    [
      'Original audio',
      `${formatFileSize(storage.originalsBytes)} in ${countOf(storage.originalsCount, 'file')}`,
    ],
    ['Browser renditions', countOf(storage.renditionsCount, 'file')],
    ['Transcode cache', formatFileSize(storage.transcodeCacheBytes)],
    ['Data exports', formatFileSize(storage.exportsBytes)],
    [
      'Images',
      `${countOf(storage.avatarsCount, 'avatar')}, ${countOf(storage.playlistCoversCount, 'playlist cover')}`,
    ],
    ['People', `${people.total}, ${people.suspended} suspended`],
  ];
  return (
    <div className="grid gap-8">
      <section aria-labelledby="admin-storage" className="grid gap-3">
        <h2 id="admin-storage" className="text-lg font-semibold">
          Storage
        </h2>
        <dl className="grid max-w-lg grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="admin-demo" className="grid gap-3">
        <h2 id="admin-demo" className="text-lg font-semibold">
          Demo accounts
        </h2>
        <p className="text-sm">
          {countOf(demo.live, 'live demo account')}; each is removed {countOf(demo.ttlHours, 'hour')} after it
          was made. {demo.enabled ? '' : 'The demo is switched off.'}
        </p>
        <div>
          <Button
            size="sm"
            variant="outline"
            disabled={sweep.isPending}
            onClick={() => sweep.mutate(undefined)}
          >
            Sweep now
          </Button>
        </div>
      </section>
      <section aria-labelledby="admin-signup" className="grid gap-3">
        <h2 id="admin-signup" className="text-lg font-semibold">
          Sign-ups
        </h2>
        <p className="text-sm">{SIGNUP_TEXT[data.signup]}</p>
        <p className="text-xs text-muted-foreground">Set by SIGNUP in the server's environment.</p>
      </section>
    </div>
  );
}
