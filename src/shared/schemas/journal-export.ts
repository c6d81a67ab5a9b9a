import { z } from 'zod';
import { SOCIAL_LINK_TYPES } from '../constants';
import { COLLECTIVE_ROLES } from './collectives';
import { exportedShareLinkSchema, receivedFromSchema } from './journal-export-shares';
import { TRACK_VISIBILITIES } from './tracks';
import { VERSION_STATUSES } from './version-review';

/**
 * journal.json, the heart of a data export (issue 27, decision 0415, docs/export-format.md). A later
 * import validates an archive against this same schema, so a change that old archives would fail
 * must raise EXPORT_FORMAT_VERSION and keep reading the old one.
 */
export const EXPORT_FORMAT_VERSION = 1;

const isoDate = z.string();
/** A path inside the zip ("tracks/12/Take.wav"): relative, forward slashes, never "..". */
const zipPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\\'), 'Not a safe path');

const equipmentRefSchema = z.object({ name: z.string(), category: z.string() });

const versionSchema = z.object({
  version: z.number().int().min(1),
  /** The owner's "what changed" note; null for version 1. */
  note: z.string().nullable(),
  originalFilename: z.string(),
  size: z.number(),
  createdAt: isoDate,
  /**
   * The file inside the zip and its sha256 (hex). The current version always has one; an earlier
   * version has its kept original (`tracks/<id>/v<k>/<name>`, decision 0430), or null when its owner
   * removed the file or it was replaced before Journal kept earlier files (decision 0220).
   */
  file: zipPath.nullable(),
  sha256: z.string().nullable(),
  /**
   * Where the version stood (issue 44, decision 0657): the owner's status (`collective` null) and
   * each collective's verdict, by name. Absent in exports made before; an import restores the
   * owner's status only.
   */
  statuses: z
    .array(
      z.object({
        collective: z.string().nullable(),
        status: z.enum(VERSION_STATUSES),
        /** Who set it (display name); null when their account is gone. */
        setBy: z.string().nullable(),
        setAt: isoDate,
      }),
    )
    .max(1000)
    .optional(),
});

const exportedTrackSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  notes: z.string().nullable(),
  visibility: z.enum(TRACK_VISIBILITIES),
  shareToEquipmentPages: z.boolean(),
  durationSeconds: z.number().nullable(),
  mimeType: z.string(),
  originalFilename: z.string(),
  /** The recording's own date (the file's), when known. */
  recordedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  equipment: z.array(equipmentRefSchema),
  /** Oldest first; the last is the current file. */
  versions: z.array(versionSchema).min(1),
  /** A track received through an upload link (issue 45); absent or null for the person's own uploads. */
  receivedFrom: receivedFromSchema.nullable().optional(),
  /**
   * Tempo and key (issue 47, decision 0824): as measured (an import measures again) and the owner's
   * own values, which an import restores. Absent in exports made before.
   */
  tempoAndKey: z
    .object({
      measuredBpm: z.number().nullable(),
      bpmConfidence: z.number().nullable(),
      measuredKey: z.string().nullable(),
      keyConfidence: z.number().nullable(),
      ownerBpm: z.number().nullable(),
      ownerKey: z.string().nullable(),
    })
    .optional(),
});

const commentTargetSchema = z.object({
  collective: z.string(),
  /** The track's export id when it is the person's own; null for someone else's track. */
  trackId: z.number().int().nullable(),
  trackTitle: z.string().nullable(),
  playlist: z.string().nullable(),
});

export const journalExportSchema = z.object({
  formatVersion: z.literal(EXPORT_FORMAT_VERSION),
  exportedAt: isoDate,
  profile: z.object({
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    bio: z.string().nullable(),
    socialLinks: z.partialRecord(z.enum(SOCIAL_LINK_TYPES), z.string()),
    isPublic: z.boolean(),
    avatar: zipPath.nullable(),
    createdAt: isoDate,
  }),
  tracks: z.array(exportedTrackSchema),
  playlists: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      isPublic: z.boolean(),
      cover: zipPath.nullable(),
      /** In playlist order: ids of `tracks` above. */
      trackIds: z.array(z.number().int()),
      createdAt: isoDate,
    }),
  ),
  collectives: z.array(z.object({ name: z.string(), role: z.enum(COLLECTIVE_ROLES), joinedAt: isoDate })),
  comments: z.array(
    commentTargetSchema.extend({
      content: z.string(),
      /** Timed comments: the moment (and end of a range) in seconds; null on a playlist comment. */
      atSeconds: z.number().nullable(),
      endSeconds: z.number().nullable(),
      isReply: z.boolean(),
      createdAt: isoDate,
    }),
  ),
  likes: z.array(
    z.object({
      trackId: z.number().int().nullable(),
      /** For someone else's track: its title and owner's username. */
      title: z.string().nullable(),
      owner: z.string().nullable(),
      likedAt: isoDate,
    }),
  ),
  plays: z.array(
    z.object({
      trackId: z.number().int().nullable(),
      title: z.string().nullable(),
      playedAt: isoDate,
      client: z.string(),
    }),
  ),
  /**
   * The person's 1-5 ratings from Subsonic apps (issue 46): a song by trackId (their own) or title
   * and owner, an album by owner (null for their own) and year, an artist by owner. Absent in older exports.
   */
  ratings: z
    .array(
      z.object({
        kind: z.enum(['song', 'album', 'artist']),
        trackId: z.number().int().nullable(),
        title: z.string().nullable(),
        owner: z.string().nullable(),
        year: z.number().int().nullable(),
        rating: z.number().int().min(1).max(5),
        ratedAt: isoDate,
      }),
    )
    .optional(),
  /** Where the person left off in songs, from Subsonic apps (issue 46); absent in older exports. */
  bookmarks: z
    .array(
      z.object({
        trackId: z.number().int().nullable(),
        title: z.string().nullable(),
        owner: z.string().nullable(),
        positionMs: z.number().int(),
        comment: z.string(),
        createdAt: isoDate,
        changedAt: isoDate,
      }),
    )
    .optional(),
  /** The person's share links with their guests' comments and listens (issue 45); absent in older exports. */
  shareLinks: z.array(exportedShareLinkSchema).optional(),
});
export type JournalExport = z.infer<typeof journalExportSchema>;
export type ExportedTrack = JournalExport['tracks'][number];
