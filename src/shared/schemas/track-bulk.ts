import { z } from 'zod';
import { countOf } from '../format';
import { id } from './primitives';
import { TRACK_VISIBILITIES } from './tracks';

/**
 * The most tracks one bulk action or one archive names (issue 23, decision 0275): a whole journal of
 * 100,000 selected at once (issue 48; 5,000 before).
 */
export const BULK_TRACKS_MAX = 100_000;
/** A body naming that many ids (up to ten digits and a comma each) and the rest of the request. */
export const BULK_BODY_LIMIT_BYTES = BULK_TRACKS_MAX * 11 + 64 * 1024;
/** The most pieces of equipment one bulk tagging names. */
export const BULK_EQUIPMENT_MAX = 50;

const trackIds = z
  .array(id())
  .min(1, 'Choose at least one track')
  .max(BULK_TRACKS_MAX, `At most ${countOf(BULK_TRACKS_MAX, 'track')} at once`)
  .describe('Ids of your own tracks; any other id makes the whole request 404');

const equipmentIds = z
  .array(id())
  .min(1, 'Choose at least one piece of equipment')
  .max(BULK_EQUIPMENT_MAX, `At most ${BULK_EQUIPMENT_MAX} pieces of equipment at once`);

export const BULK_TRACK_ACTIONS = [
  'setVisibility',
  'addToPlaylist',
  'addEquipment',
  'removeEquipment',
  'delete',
] as const;
export type BulkTrackAction = (typeof BULK_TRACK_ACTIONS)[number];

/** POST /api/tracks/bulk: one action on many of your tracks, all or nothing. */
export const bulkTrackBodySchema = z.discriminatedUnion('action', [
  z.object({
    ids: trackIds,
    action: z.literal('setVisibility'),
    visibility: z.enum(TRACK_VISIBILITIES, { error: 'visibility must be "private" or "public"' }),
  }),
  z.object({ ids: trackIds, action: z.literal('addToPlaylist'), playlistId: id() }),
  z.object({ ids: trackIds, action: z.literal('addEquipment'), equipmentIds }),
  z.object({ ids: trackIds, action: z.literal('removeEquipment'), equipmentIds }),
  z.object({ ids: trackIds, action: z.literal('delete') }),
]);
export type BulkTrackBody = z.infer<typeof bulkTrackBodySchema>;

export const bulkTrackResultSchema = z.object({
  /** How many of the named tracks the action changed (already so, already there: not counted). */
  updated: z.number().int().min(0),
});
export type BulkTrackResult = z.infer<typeof bulkTrackResultSchema>;

/** POST /api/tracks/archive: the originals of many of your tracks as one zip. */
export const trackArchiveBodySchema = z.object({ ids: trackIds });
export type TrackArchiveBody = z.infer<typeof trackArchiveBodySchema>;

/** The archive's file name in Content-Disposition. */
export const TRACK_ARCHIVE_NAME = 'journal-tracks.zip';
