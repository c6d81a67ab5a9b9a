import { z } from 'zod';
import { EQUIPMENT_CATEGORIES } from '../constants';
import { normaliseKey } from '../musical-keys';
import { BPM_LIMITS, roundBpm } from '../take-tempo-key';
import { id, nonEmptyPatch, pageLimit, text } from './primitives';

/** Equipment as it appears on a track (chips, hover card). */
export const equipmentTagSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  category: z.string(),
});
export type EquipmentTag = z.infer<typeof equipmentTagSchema>;

/**
 * Media processing of an upload (issue 10): `pending` until the job has made the waveform peaks,
 * measured loudness and, for formats not every browser plays, a rendition; `failed` with a reason.
 */
export const PROCESSING_STATES = ['pending', 'ready', 'failed'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

export const trackProcessingSchema = z.object({
  state: z.enum(PROCESSING_STATES),
  /** Why processing failed, in words for the track's owner; null unless `failed`. */
  error: z.string().nullable(),
});
export type TrackProcessing = z.infer<typeof trackProcessingSchema>;

/** EBU R128 measurements of the whole track, for levelling playback (like ReplayGain). */
export const trackLoudnessSchema = z.object({
  /** Integrated loudness, LUFS. */
  integratedLufs: z.number(),
  /** True peak, dBTP (0 = full scale). */
  truePeakDb: z.number(),
  /** Loudness range (LRA, LU: EBU Tech 3342); null for a take measured before issue 47. */
  loudnessRange: z.number().nullable(),
});
export type TrackLoudness = z.infer<typeof trackLoudnessSchema>;

/** Private: the owner and the collectives it is shared into; public: the profile and anyone with the link (decision 0140). */
export const TRACK_VISIBILITIES = ['private', 'public'] as const;
export type TrackVisibility = (typeof TRACK_VISIBILITIES)[number];

/**
 * Tempo and key (issue 47, decision 0820): the owner's value when they set one (`…Edited`), else
 * the measured one; null until measured. Confidence (0–1) is the measure's, null for the owner's.
 */
export const trackTempoKeyShape = {
  /** Beats per minute, to the tenth. */
  bpm: z.number().nullable(),
  bpmConfidence: z.number().nullable(),
  bpmEdited: z.boolean(),
  /** The half- and double-time readings of `bpm` within 30–300, to the tenth. */
  bpmAlternatives: z.array(z.number()),
  /** One of the 24 keys, sharps only: "A minor", "F# major". */
  musicalKey: z.string().nullable(),
  keyConfidence: z.number().nullable(),
  keyEdited: z.boolean(),
};

export const trackSchema = z.object({
  id: z.number(),
  userId: z.string(),
  name: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number(),
  duration: z.number().nullable(),
  notes: z.string().nullable(),
  fileCreatedAt: z.string().nullable(),
  shareToEquipmentPages: z.boolean(),
  visibility: z.enum(TRACK_VISIBILITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
  equipment: z.array(equipmentTagSchema),
  processing: trackProcessingSchema,
  /** GET /api/tracks/{id}/stream serves audio a browser plays now (the original, or a ready rendition). */
  playable: z.boolean(),
  /** Null until processing has measured it. */
  loudness: trackLoudnessSchema.nullable(),
  /** 1 for the first upload, then one more for each new file its owner uploads (decision 0220). */
  version: z.number(),
  ...trackTempoKeyShape,
});
export type Track = z.infer<typeof trackSchema>;

/** GET /api/tracks/{id}/waveform once processing is done. */
export const waveformSchema = z.object({
  /** Seconds. */
  duration: z.number(),
  /** Normalised min/max pairs flattened [min0, max0, min1, max1, …], each in -1..1. */
  peaks: z.array(z.number()),
});
export type Waveform = z.infer<typeof waveformSchema>;

// The orders live in a zod-free module so the client's first route does not load zod (decision 0074).
export { sortTracks, TRACK_SORTS, type TrackSort } from '../track-order';

// GET /api/tracks's query and page shapes live in ./track-list.ts.

export const TRACK_NAME_MAX = 200;
export const TRACK_NOTES_MAX = 5000;
export const EQUIPMENT_NAME_MAX = 100;
export const EQUIPMENT_SEARCH_LIMIT = 20;

/** A track's name and notes as the API takes them; an import holds each track to the same (issue 41). */
export const trackNameSchema = text('Track name')
  .min(1, 'Track name is required')
  .max(TRACK_NAME_MAX, `Track name must be at most ${TRACK_NAME_MAX} characters`);
export const trackNotesSchema = text('Notes', { multiline: true, trim: false })
  .max(TRACK_NOTES_MAX, `Notes must be at most ${TRACK_NOTES_MAX} characters`)
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v));

const BPM_MESSAGE = `bpm must be a number from ${BPM_LIMITS.min} to ${BPM_LIMITS.max}, or null for the measured tempo`;
/** The owner's tempo (decision 0821), kept to the tenth; null gives the measured one back. */
export const ownerBpmSchema = z
  .number({ error: BPM_MESSAGE })
  .min(BPM_LIMITS.min, BPM_MESSAGE)
  .max(BPM_LIMITS.max, BPM_MESSAGE)
  .transform(roundBpm)
  .nullable();
export const MUSICAL_KEY_MESSAGE = 'musicalKey must be a key such as "A minor" or "F# major"';
/** The owner's key in any usual spelling ("Bbm", "a minor"), kept in MUSICAL_KEYS' spelling. */
export const musicalKeySchema = z
  .string({ error: MUSICAL_KEY_MESSAGE })
  .max(20, MUSICAL_KEY_MESSAGE)
  .transform((v, ctx) => {
    const key = normaliseKey(v);
    if (key === null) ctx.addIssue({ code: 'custom', message: MUSICAL_KEY_MESSAGE });
    return key ?? z.NEVER;
  });

/**
 * The fields of a track its owner may change; the client's edit form sends the first four, and the
 * tempo and key only when the owner changed them (sending the shown value would mark it edited).
 */
export const trackChangesSchema = z
  .object({
    name: trackNameSchema,
    notes: trackNotesSchema,
    shareToEquipmentPages: z.boolean(),
    visibility: z.enum(TRACK_VISIBILITIES, {
      error: 'visibility must be "private" or "public"',
    }),
    bpm: ownerBpmSchema,
    musicalKey: musicalKeySchema.nullable(),
  })
  .partial()
  .strict();
export const updateTrackBodySchema = nonEmptyPatch(trackChangesSchema);
export type UpdateTrackBody = z.input<typeof updateTrackBodySchema>;

export const addTrackEquipmentBodySchema = z.object({ equipmentTagId: id() });

export const createEquipmentBodySchema = z.object({
  name: text('Equipment name')
    .min(1, 'Equipment name is required')
    .max(EQUIPMENT_NAME_MAX, `Equipment name must be at most ${EQUIPMENT_NAME_MAX} characters`),
});

export const EQUIPMENT_CATEGORY_MESSAGE = 'Category must be one of the equipment categories';
export const equipmentCategorySchema = z.enum(EQUIPMENT_CATEGORIES, { error: EQUIPMENT_CATEGORY_MESSAGE });

export const EQUIPMENT_DESCRIPTION_MAX = 2000;

/** GET /api/equipment/{id}: the equipment page, with whether the caller may edit it (decision 0015). */
export const equipmentDetailSchema = equipmentTagSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
});
export type EquipmentDetail = z.infer<typeof equipmentDetailSchema>;

export const updateEquipmentBodySchema = nonEmptyPatch(
  z
    .object({
      name: createEquipmentBodySchema.shape.name,
      description: text('Description', { multiline: true })
        .max(EQUIPMENT_DESCRIPTION_MAX, `Description must be at most ${EQUIPMENT_DESCRIPTION_MAX} characters`)
        .nullable()
        .transform((v) => v || null),
      category: equipmentCategorySchema,
    })
    .partial()
    .strict(),
);

/** GET /api/equipment/search?q=: what the person typed (the service ignores fewer than 2 characters). */
export const equipmentSearchQuerySchema = z.object({
  q: text('Search', { trim: false }).max(100, 'Search must be at most 100 characters').default(''),
});

export const equipmentCommentSchema = z.object({
  id: z.number(),
  equipmentId: z.number(),
  userId: z.string(),
  content: z.string(),
  /** Hidden by a moderator (decision 0580): only its author is sent it, so only they see it marked. */
  hidden: z.boolean(),
  createdAt: z.string(),
  user: z.object({
    id: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type EquipmentComment = z.infer<typeof equipmentCommentSchema>;

/** A row of 'Tracks Using {name}': the track with its owner's names and avatar (the player's artwork). */
export const equipmentTrackSchema = trackSchema.extend({
  user: z.object({
    id: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    updatedAt: z.string(),
  }),
});
export type EquipmentTrack = z.infer<typeof equipmentTrackSchema>;

/**
 * GET /api/equipment/{id}/tracks (issue 48): page sizes, and how many newest tracks the reply
 * without `limit` holds at most (it used to be every one; 500 rows are well under 5 MB).
 */
export const EQUIPMENT_TRACKS_LIMIT = { min: 1, max: 200, unpaged: 500 } as const;

/** `limit` for one page at a time, with the previous page's `nextCursor`; a cursor needs a limit. */
export const equipmentTracksQuerySchema = z
  .object({
    limit: pageLimit(EQUIPMENT_TRACKS_LIMIT).optional(),
    cursor: z.string().max(200, 'cursor is not one this server gave').optional(),
  })
  .refine((q) => q.cursor === undefined || q.limit !== undefined, {
    message: 'cursor needs limit',
    path: ['cursor'],
  });

/** One page of 'Tracks Using {name}', newest first: `nextCursor` is null on the last page. */
export const equipmentTrackPageSchema = z.object({
  items: z.array(equipmentTrackSchema),
  nextCursor: z.string().nullable(),
});
export type EquipmentTrackPage = z.infer<typeof equipmentTrackPageSchema>;

/** The earliest and latest file dates kept: years PostgreSQL stores and ISO 8601 writes plainly. */
const FILE_DATE_RANGE = {
  min: Date.parse('0001-01-01T00:00:00.000Z'),
  max: Date.parse('9999-12-31T23:59:59.999Z'),
};

/**
 * fileCreatedAt comes from the browser's File.lastModified. A value that is not a date, lies more
 * than a day ahead, or falls outside years 1 to 9999 is dropped (the track is kept, undated).
 */
export function clientFileDate(value: string | undefined): Date | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time) || time > Date.now() + 86_400_000) return null;
  return time < FILE_DATE_RANGE.min || time > FILE_DATE_RANGE.max ? null : new Date(time);
}

/**
 * The text fields of the POST /api/tracks form, next to its `audio` file. A name longer than
 * TRACK_NAME_MAX is cut to fit (the file's name is often the default); an empty one falls back to
 * the file's name.
 */
export const trackUploadFieldsSchema = z.object({
  name: text('Track name')
    .optional()
    .transform((v) => (v ? v.slice(0, TRACK_NAME_MAX) : undefined)),
  fileCreatedAt: z.string().optional().transform(clientFileDate),
});

/**
 * POST /api/tracks?duplicate=ask answers 409 with the track it repeats when the same bytes are
 * already in the journal; `keep` (the default, the spec's plain upload) stores it anyway (decision 0144).
 */
export const trackUploadQuerySchema = z.object({
  duplicate: z.enum(['ask', 'keep'], { error: 'duplicate must be "ask" or "keep"' }).default('keep'),
});

/** The 409 of an upload whose content the journal already holds: the client asks "keep both?". */
export const duplicateTrackConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  message: z.string(),
  duplicateOf: z.object({ id: z.number(), name: z.string() }),
});
export type DuplicateTrackConflict = z.infer<typeof duplicateTrackConflictSchema>;
