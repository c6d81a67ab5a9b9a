import { z } from 'zod';

/**
 * Bringing a Journal export back (issue 27, decision 0425): the zip is uploaded, checked whole before
 * anything is created, then a queued job recreates it: queued, running, then done or failed.
 */
export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const importIdParamsSchema = z.object({ id: z.uuid('Not an import id') });

/** What POST /api/user/import answers (202): the accepted import, to follow in the list. */
export const importStartedSchema = z.object({
  id: z.uuid(),
  state: z.enum(IMPORT_STATES),
});

const importCountsSchema = z.object({
  tracks: z.number(),
  versions: z.number(),
  playlists: z.number(),
  equipment: z.number(),
});

/**
 * At most this many equipment pages one import makes (issue 41): pages are everyone's, so an archive
 * must not be a way to fill the instance with them. Tags naming pages that already exist still work.
 */
export const IMPORT_NEW_EQUIPMENT_MAX = 50;
export const IMPORT_NEW_EQUIPMENT_MESSAGE = `At most ${IMPORT_NEW_EQUIPMENT_MAX} new equipment pages per import`;

/** An archive's track or playlist dated with something that is not a date, or in the future. */
export const IMPORT_DATE_MESSAGE = 'A date is not a valid date, or is in the future';

/** What an archive holds that the API's rules may refuse: tracks, playlists, equipment pages, share links' history. */
export const IMPORT_REFUSED_KINDS = [
  'track',
  'playlist',
  'equipment',
  'share link',
  'guest comment',
  'listen',
] as const;
export type ImportRefusedKind = (typeof IMPORT_REFUSED_KINDS)[number];

/**
 * Items of the archive that break a rule of the API routes making the same things (issue 41): left
 * out, never stored, counted by kind and reason in the API's own words ("Track name must be at most
 * 200 characters"). Equipment counts pages (names), however many tracks carry the tag.
 */
export const importRefusalSchema = z.object({
  kind: z.enum(IMPORT_REFUSED_KINDS),
  count: z.number(),
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

export const userImportSchema = z.object({
  id: z.uuid(),
  state: z.enum(IMPORT_STATES),
  /** The uploaded archive's file name, as the person's browser sent it. */
  fileName: z.string(),
  /** Tracks in the archive (the progress bar's whole) and how many were handled so far. */
  total: z.number(),
  processed: z.number(),
  /** What the import made anew. */
  created: importCountsSchema,
  /** What was already there (same content hash, same playlist) and so not made twice. */
  skipped: z.object({ tracks: z.number(), playlists: z.number() }),
  /** What the archive held that broke the API's rules, so was left out (issue 41); empty when nothing. */
  refused: z.array(importRefusalSchema),
  /** Why it failed, in words for the person; null unless failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  /** When it ended (done or failed); null before. */
  finishedAt: z.string().nullable(),
});
export type UserImport = z.infer<typeof userImportSchema>;

export const userImportListSchema = z.array(userImportSchema);

/**
 * The most an archive may ask of the server (issue 41): tracks in its journal.json, and the bytes
 * journal.json may inflate to (counted as they come, whatever its header declares). A real export
 * of a few thousand tracks is a few megabytes.
 */
export const IMPORT_MAX_TRACKS = 10_000;
export const IMPORT_JOURNAL_MAX_BYTES = 32 * 1024 * 1024;
