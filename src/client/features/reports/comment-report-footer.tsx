import type { ReportTarget } from '../../../shared/schemas/reports';
import { ReportButton } from './report-dialog';

/**
 * Below a comment in a list (playlist and equipment-page comments, decisions 0455 and 0580): its
 * author reads the moderator's mark when it was hidden (nobody else is sent it); anyone else may
 * report it. Never a Report on one's own comment.
 */
export function CommentReportFooter({
  target,
  mine,
  hidden,
}: {
  target: ReportTarget;
  mine: boolean;
  hidden: boolean;
}) {
  if (mine) {
    return hidden ? (
      <p className="mt-1 text-xs font-medium text-destructive">Hidden by a moderator: only you can see it</p>
    ) : null;
  }
  return <ReportButton target={target} what="this comment" className="mt-1 h-6 px-1.5 text-xs" />;
}
