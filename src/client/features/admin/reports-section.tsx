import { useState } from 'react';
import { Link } from 'wouter';
import { countOf, displayName, formatCommentTime } from '../../../shared/format';
import type { AdminPerson } from '../../../shared/schemas/admin';
import type { AdminReport, ReportState } from '../../../shared/schemas/reports';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { PersonDialog } from './person-dialogs';
import { type ReportAction, useReportAction, useReportQueue } from './use-report-queue';

const KIND_LABELS: Record<AdminReport['target']['kind'], string> = {
  track: 'Track',
  trackComment: 'Timed comment',
  playlistComment: 'Playlist comment',
  profile: 'Profile',
  equipment: 'Equipment page',
  equipmentComment: 'Equipment comment',
};
/** Hide names what it hides (decision 0580): "Hide comment" on a reported comment. */
const HIDE_LABELS: Record<AdminReport['target']['kind'], string> = {
  track: 'Hide track',
  trackComment: 'Hide comment',
  playlistComment: 'Hide comment',
  profile: 'Hide profile',
  equipment: 'Hide',
  equipmentComment: 'Hide comment',
};
const OUTCOME_LABELS = { hidden: 'Hidden', dismissed: 'Dismissed' } as const;
const REASON_LABELS: Record<AdminReport['reason'], string> = {
  spam: 'Spam',
  abuse: 'Abuse',
  copyright: 'Copyright',
  other: 'Other',
};

/** The suspend dialog names and addresses a person only: the author's summary is enough. */
const asPerson = (a: NonNullable<AdminReport['target']['author']>): AdminPerson => ({
  ...a,
  email: null,
  emailVerified: false,
  isDemo: false,
  isAdmin: false,
  createdAt: a.updatedAt,
  usedBytes: 0,
  trackCount: 0,
  quotaBytes: null,
  suspendedAt: null,
  suspendedReason: null,
});

const CONFIRM: Record<ReportAction, { title: string; description: string; action: string }> = {
  hide: {
    title: 'Hide this content?',
    description:
      'Everyone but its author stops seeing it (a comment reads "This comment was hidden by a moderator" or leaves the list; a track or profile disappears). The author gets a notice saying what was hidden and why. Every open report on it is resolved, and each reporter is told.',
    action: 'Hide',
  },
  dismiss: {
    title: 'Dismiss the reports?',
    description:
      'Every open report on this content is resolved; each reporter is told no action was taken. Nothing else changes.',
    action: 'Dismiss',
  },
  unhide: {
    title: 'Show this content again?',
    description: 'Everyone who could see it before sees it again.',
    action: 'Unhide',
  },
};

function ReportRow({ report, onAct }: { report: AdminReport; onAct: (a: ReportAction) => void }) {
  const [suspending, setSuspending] = useState(false);
  const { target } = report;
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={`Report ${report.id}`}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="rounded bg-muted px-1.5 text-xs font-medium">{KIND_LABELS[target.kind]}</span>
        <span className="font-semibold">{REASON_LABELS[report.reason]}</span>
        {report.sameTargetCount > 1 && (
          <span className="text-xs text-muted-foreground">{countOf(report.sameTargetCount, 'report')}</span>
        )}
        {target.hidden && <span className="text-xs text-destructive">Hidden</span>}
        <time dateTime={report.createdAt} className="text-xs text-muted-foreground">
          {formatCommentTime(report.createdAt)}
        </time>
      </div>
      <blockquote className="border-l-2 pl-2 text-sm break-words whitespace-pre-line">
        {target.excerpt}
      </blockquote>
      <p className="text-xs text-muted-foreground">
        {target.author ? `By ${displayName(target.author)} · ` : ''}Reported by {displayName(report.reporter)}
        {report.outcome && (
          <>
            {` · ${OUTCOME_LABELS[report.outcome]}`}
            {report.resolvedBy && ` by ${displayName(report.resolvedBy)}`}
            {report.resolvedAt && (
              <>
                {' '}
                <time dateTime={report.resolvedAt}>{formatCommentTime(report.resolvedAt)}</time>
              </>
            )}
          </>
        )}
      </p>
      {report.note && <p className="text-sm">“{report.note}”</p>}
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <Link href={target.url}>Open in context</Link>
        </Button>
        {report.state === 'open' && target.hidable && (
          <Button size="sm" variant="destructive" onClick={() => onAct('hide')}>
            {HIDE_LABELS[target.kind]}
          </Button>
        )}
        {report.state === 'open' && (
          <Button size="sm" variant="outline" onClick={() => onAct('dismiss')}>
            Dismiss
          </Button>
        )}
        {target.hidden && (
          <Button size="sm" variant="outline" onClick={() => onAct('unhide')}>
            Unhide
          </Button>
        )}
        {target.author && (
          <Button size="sm" variant="outline" onClick={() => setSuspending(true)}>
            Suspend author
          </Button>
        )}
      </div>
      {suspending && target.author && (
        <PersonDialog
          person={asPerson(target.author)}
          action="suspend"
          onClose={() => setSuspending(false)}
        />
      )}
    </li>
  );
}

/** The moderation queue (decision 0455): open reports oldest first, or resolved ones. */
export function ReportsSection() {
  const [state, setState] = useState<ReportState>('open');
  const { data, isPending } = useReportQueue(state);
  const act = useReportAction();
  const [pending, setPending] = useState<{ report: AdminReport; action: ReportAction } | null>(null);
  const items = data?.items ?? [];
  const copy = pending && CONFIRM[pending.action];
  return (
    <section aria-label="Reports" className="grid gap-4">
      <div className="flex gap-2">
        {(['open', 'resolved'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={state === s ? 'default' : 'outline'}
            aria-pressed={state === s}
            onClick={() => setState(s)}
          >
            {s === 'open' ? 'Open' : 'Resolved'}
          </Button>
        ))}
      </div>
      {isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {state === 'open' ? 'No open reports.' : 'No resolved reports yet.'}
        </p>
      ) : (
        <ul className="grid gap-3">
          {items.map((r) => (
            <ReportRow key={r.id} report={r} onAct={(action) => setPending({ report: r, action })} />
          ))}
        </ul>
      )}
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        {copy && (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{copy.title}</AlertDialogTitle>
              <AlertDialogDescription>{copy.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                onClick={() => {
                  if (pending) act.mutate(pending);
                  setPending(null);
                }}
              >
                {copy.action}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        )}
      </AlertDialog>
    </section>
  );
}
