// The reports feature's public surface (decision 0467): what other features may use.
export { CommentReportFooter } from './comment-report-footer';
export { ReportButton, ReportDialog } from './report-dialog';
