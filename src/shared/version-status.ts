// Where a version stands and the DAW marker formats (issue 44), as plain values: the screens that
// show a status pill load with the journal, and must not bring the zod schemas with them (the
// first route's budget, decision 0074). The schemas in schemas/version-review.ts build on these.

export const VERSION_STATUSES = ['in_progress', 'in_review', 'changes_requested', 'approved'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
export const OWNER_STATUSES = ['in_progress', 'in_review'] as const satisfies readonly VersionStatus[];
export const VERDICT_STATUSES = ['changes_requested', 'approved'] as const satisfies readonly VersionStatus[];
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

/** The words shown for each status, once. */
export const VERSION_STATUS_LABELS: Record<VersionStatus, string> = {
  in_progress: 'In progress',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/** The DAW formats of the markers download (decision 0654). */
export const MARKER_FORMATS = ['audacity', 'reaper', 'cue'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];
export const MARKER_FORMAT_LABELS: Record<MarkerFormat, string> = {
  audacity: 'Audacity labels (.txt)',
  reaper: 'REAPER markers (.csv)',
  cue: 'CUE sheet (.cue)',
};
