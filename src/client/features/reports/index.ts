// The reports feature's public surface (decision 0467): what other features may use.
export { ReportButton, ReportDialog } from './report-dialog';
