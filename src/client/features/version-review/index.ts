// The version review feature's public surface (issue 44): statuses, the rows' summaries.
export {
  collectiveReviewKey,
  journalReviewKey,
  useRefreshReview,
  useReviewSummaries,
  useVersionStatuses,
} from './use-version-review';
export { ReviewRowBadges, VersionStatusBadge } from './version-status-badge';
export { VersionStatusControl } from './version-status-control';
