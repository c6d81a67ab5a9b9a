import type { z } from 'zod';
import {
  IMPORT_DATE_MESSAGE,
  type ImportRefusal,
  type ImportRefusedKind,
} from '../../../shared/schemas/imports';
import type { ExportedTrack, JournalExport } from '../../../shared/schemas/journal-export';
import { createPlaylistBodySchema } from '../../../shared/schemas/playlists';
import { versionNoteSchema } from '../../../shared/schemas/track-versions';
import {
  clientFileDate,
  createEquipmentBodySchema,
  equipmentCategorySchema,
  musicalKeySchema,
  ownerBpmSchema,
  trackNameSchema,
  trackNotesSchema,
} from '../../../shared/schemas/tracks';
import type { ImportMade } from '../../db/schema';
import { displayFileName } from '../../media/display-file-name';
import { HttpError } from '../../plugins/errors';

/**
 * The API's input rules, applied to each item of an archive before anything is made of it (issue 41,
 * decision 0525): the same zod schemas and limits as the routes making the same things, so there is
 * one source of truth. journal.json's own schema stays lenient (any well-formed archive is read);
 * these decide, item by item, what is made. An item that breaks a rule is left out whole, never
 * truncated, and counted by its reason.
 */

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

const checked = <T>(result: z.ZodSafeParseResult<T>): Verdict<T> =>
  result.success ? { ok: true, value: result.data } : { ok: false, reason: result.error.issues[0]!.message };

/**
 * An exported date as the import writes it: one that parses, in years 1 to 9999 and not in the
 * future (a day of slack for clocks), as every date the API writes itself is: the upload's rule.
 */
const exportedDate = (value: string) => clientFileDate(value) !== null;

/**
 * A track as the API would store it: name and notes by the edit form's rules, each version's "what
 * changed" by the version upload's, file names by the upload's (displayFileName), dates that are
 * dates. The recording date follows the upload's rule: one that is not a plausible date is dropped.
 */
export function trackRules(t: ExportedTrack): Verdict<ExportedTrack> {
  const name = checked(trackNameSchema.safeParse(t.title));
  if (!name.ok) return name;
  const notes = checked(trackNotesSchema.safeParse(t.notes));
  if (!notes.ok) return notes;
  if (![t.createdAt, t.updatedAt, ...t.versions.map((v) => v.createdAt)].every(exportedDate)) {
    return { ok: false, reason: IMPORT_DATE_MESSAGE };
  }
  const versions: ExportedTrack['versions'] = [];
  for (const v of t.versions) {
    const note =
      v.note === null ? { ok: true as const, value: null } : checked(versionNoteSchema.safeParse(v.note));
    if (!note.ok) return note;
    const filename = fileName(v.originalFilename);
    if (!filename.ok) return filename;
    // "What changed" empty is no note, as the version upload stores it.
    versions.push({ ...v, note: note.value || null, originalFilename: filename.value });
  }
  const original = fileName(t.originalFilename);
  if (!original.ok) return original;
  // The owner's tempo and key by PATCH /api/tracks/{id}'s rules (decision 0824); the measured ones
  // are measured again by processing, so they are not checked here.
  const owned = t.tempoAndKey;
  const ownerBpm = checked(ownerBpmSchema.safeParse(owned?.ownerBpm ?? null));
  if (!ownerBpm.ok) return ownerBpm;
  const ownerKey = checked(musicalKeySchema.nullable().safeParse(owned?.ownerKey ?? null));
  if (!ownerKey.ok) return ownerKey;
  return {
    ok: true,
    value: {
      ...t,
      title: name.value,
      notes: notes.value,
      originalFilename: original.value,
      recordedAt: t.recordedAt && clientFileDate(t.recordedAt) ? t.recordedAt : null,
      versions,
      ...(owned ? { tempoAndKey: { ...owned, ownerBpm: ownerBpm.value, ownerKey: ownerKey.value } } : {}),
    },
  };
}

/** The upload's file-name rule; empty stays empty (older exports), the job then names it by its path. */
function fileName(value: string): Verdict<string> {
  if (value === '') return { ok: true, value };
  try {
    return { ok: true, value: displayFileName(value) };
  } catch (err) {
    if (err instanceof HttpError) return { ok: false, reason: err.message };
    throw err;
  }
}

type ExportedPlaylist = JournalExport['playlists'][number];

/** A playlist by POST /api/playlists's rules (name, description), its date a date. */
export function playlistRules(p: ExportedPlaylist): Verdict<ExportedPlaylist> {
  const body = checked(createPlaylistBodySchema.safeParse({ name: p.name, description: p.description }));
  if (!body.ok) return body;
  if (!exportedDate(p.createdAt)) return { ok: false, reason: IMPORT_DATE_MESSAGE };
  return { ok: true, value: { ...p, name: body.value.name, description: body.value.description } };
}

/** An equipment tag's name by POST /api/equipment's rules (trimmed, 1 to 100 characters…). */
export const equipmentNameRules = (name: string) =>
  checked(createEquipmentBodySchema.shape.name.safeParse(name));

/** The category a new equipment page gets: one of the categories PATCH /api/equipment/{id} takes. */
export const equipmentCategoryRules = (category: string) =>
  checked(equipmentCategorySchema.safeParse(category));

/** Counts one refused item under its reason in what the import saves (the summary's "refused"). */
export function refuse(made: ImportMade, kind: ImportRefusedKind, reason: string) {
  made.refused ??= [];
  const same = made.refused.find((r) => r.kind === kind && r.reason === reason);
  if (same) same.count += 1;
  else made.refused.push({ kind, reason, count: 1 } satisfies ImportRefusal);
}
