import { z } from 'zod';
import { MARKER_FORMATS, VERDICT_STATUSES, VERSION_STATUSES } from '../version-status';
import { userSummarySchema } from './collectives';
import { id } from './primitives';
import { versionNumberParam } from './track-versions';

// The plain values live apart (zod-free, for the first route): re-exported for the server's use.
export {
  MARKER_FORMAT_LABELS,
  MARKER_FORMATS,
  type MarkerFormat,
  OWNER_STATUSES,
  VERDICT_STATUSES,
  VERSION_STATUS_LABELS,
  VERSION_STATUSES,
  type VerdictStatus,
  type VersionStatus,
} from '../version-status';

/**
 * Where a version stands (issue 44, decision 0650). The owner says `in_progress` (the default) or
 * `in_review`; the members of a collective the track is shared into say `changes_requested` or
 * `approved` for that collective.
 */

const STATUS_MESSAGE = `Status must be one of ${VERSION_STATUSES.join(', ')}`;

/** PUT /api/tracks/{id}/versions/{version}/status. Without `collectiveId`: the owner's status. */
export const setVersionStatusBodySchema = z
  .object({
    status: z.enum(VERSION_STATUSES, { error: STATUS_MESSAGE }),
    collectiveId: id().nullable().optional(),
  })
  .strict();
export type SetVersionStatusBody = z.infer<typeof setVersionStatusBodySchema>;

/** One voice on a version: the owner's (`collectiveId` null) or a collective's. */
export const versionStatusEntrySchema = z.object({
  collectiveId: z.number().nullable(),
  /** The collective's name; null for the owner's entry. */
  collectiveName: z.string().nullable(),
  /** Null: this collective has given no verdict yet (the owner's entry is never null). */
  status: z.enum(VERSION_STATUSES).nullable(),
  /** Who set it; null for the default and once their account is gone. */
  setBy: userSummarySchema.nullable(),
  setAt: z.string().nullable(),
});
export type VersionStatusEntry = z.infer<typeof versionStatusEntrySchema>;

/**
 * A version's statuses: the owner's first, then one per collective the track is shared into that
 * the caller may see (the owner sees all; a member sees their collectives').
 */
export const versionStatusesSchema = z.object({
  trackId: z.number(),
  version: z.number(),
  statuses: z.array(versionStatusEntrySchema),
});
export type VersionStatuses = z.infer<typeof versionStatusesSchema>;

/**
 * What a track row shows beside the track (issue 44): its current version's status, the
 * collectives' verdicts and the count of open threads. Served apart from the track list (a light
 * grouped query, decision 0653), only for tracks with something to show.
 */
export const trackReviewSummarySchema = z.object({
  trackId: z.number(),
  version: z.number(),
  /** The owner's status of the current version. */
  status: z.enum(VERSION_STATUSES),
  /** The verdicts given on the current version, per collective (in a collective: its own only). */
  verdicts: z.array(z.object({ collectiveId: z.number(), status: z.enum(VERDICT_STATUSES) })),
  /** Unresolved threads on the current version (in a collective: that collective's). */
  openThreads: z.number(),
});
export type TrackReviewSummary = z.infer<typeof trackReviewSummarySchema>;
export const trackReviewSummariesSchema = z.object({ items: z.array(trackReviewSummarySchema) });
export type TrackReviewSummaries = z.infer<typeof trackReviewSummariesSchema>;

/** `?version=` of the markers: a version number; the current version when left out. */
const markerVersionQuerySchema = z.object({ version: versionNumberParam().optional() });

/**
 * `?version=` of a collective's comments on a track (issue 44): a version number, or `all` for
 * every version's threads (the feedback panel's history); the current version when left out.
 */
export const commentVersionQuerySchema = z.object({
  version: z.union([z.literal('all'), versionNumberParam()]).optional(),
});

export const markersQuerySchema = markerVersionQuerySchema.extend({
  format: z.enum(MARKER_FORMATS, { error: `format must be one of ${MARKER_FORMATS.join(', ')}` }),
});
