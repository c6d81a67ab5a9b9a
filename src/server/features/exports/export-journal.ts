import { asc, eq, inArray } from 'drizzle-orm';
import type { ExportedTrack, JournalExport } from '../../../shared/schemas/journal-export';
import { EXPORT_FORMAT_VERSION } from '../../../shared/schemas/journal-export';
import type { Database } from '../../db/client';
import {
  collectiveMembers,
  collectives,
  equipmentTags,
  playlists,
  playlistTracks,
  trackEquipmentTags,
  tracks,
  trackVersions,
  users,
} from '../../db/schema';
import { IMAGE_SIZES, imageKeysOf } from '../../media/image-variants';
import { safeEntryName } from '../../storage/zip-entries';
import { exportComments, exportListening } from './export-activity';
import { exportBookmarks, exportRatings } from './export-play-state';
import { addReceivedFrom, exportShareLinks } from './export-shares';
import { addVersionStatuses } from './export-version-statuses';

/** One file of the archive, read from the store when its turn comes. */
export interface StoredEntry {
  /** Its path inside the zip. */
  path: string;
  key: string;
  mtime: Date;
  /**
   * An original: hashed while it streams, the hash written into journal.json on this object (the
   * track's current version, or an earlier version's kept file, decision 0430).
   */
  hashInto?: { sha256: string | null };
  /** Known for originals (measured at upload): the zip then says so up front, Zip64 past 4 GiB. */
  size?: number;
}

/** Everything the archive holds but its generated files: the journal (hashes to fill) and the blobs. */
export interface ExportPlan {
  journal: JournalExport;
  files: StoredEntry[];
}

type ExportedVersion = ExportedTrack['versions'][number];

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
/** The largest variant of an image key base: the best copy Journal keeps (uploads are not kept). */
const largestVariant = (base: string | null) => imageKeysOf(base).at(IMAGE_SIZES.length - 1) ?? null;

/**
 * Reads the person's data for journal.json (decision 0415) and lists the stored files to copy.
 * Paths inside the zip are made by us from ids and sanitized names: never a client's path.
 */
export async function planExport(db: Database, userId: string, now = new Date()): Promise<ExportPlan> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('The person is gone');
  const files: StoredEntry[] = [];

  const avatarKey = largestVariant(user.avatarKey);
  const avatar = avatarKey ? 'images/avatar.webp' : null;
  if (avatarKey) files.push({ path: 'images/avatar.webp', key: avatarKey, mtime: user.updatedAt });

  const own = await db.select().from(tracks).where(eq(tracks.userId, userId)).orderBy(asc(tracks.id));
  const ids = own.map((t) => t.id);
  const [versions, tags] = ids.length
    ? await Promise.all([
        db.select().from(trackVersions).where(inArray(trackVersions.trackId, ids)),
        db
          .select({
            trackId: trackEquipmentTags.trackId,
            name: equipmentTags.name,
            category: equipmentTags.category,
          })
          .from(trackEquipmentTags)
          .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
          .where(inArray(trackEquipmentTags.trackId, ids))
          .orderBy(asc(trackEquipmentTags.id)),
      ])
    : [[], []];

  const exportedTracks = own.map((t): ExportedTrack => {
    const folder = `tracks/${t.id}`;
    const history = versions.filter((v) => v.trackId === t.id).sort((a, b) => a.version - b.version);
    const earlier = history.filter((v) => v.version < t.version);
    const current: ExportedVersion = {
      version: t.version,
      note: history.find((v) => v.version === t.version)?.note ?? null,
      originalFilename: t.filename,
      size: t.size,
      createdAt: iso(history.find((v) => v.version === t.version)?.createdAt ?? t.createdAt),
      file: `${folder}/${safeEntryName(t.filename)}`,
      sha256: t.contentHash,
    };
    files.push({
      path: current.file!,
      key: t.filepath,
      mtime: t.fileCreatedAt ?? t.createdAt,
      hashInto: current,
      size: t.size,
    });
    // Earlier versions whose original is kept (decision 0430) are in the zip too, each in a folder
    // of its own (`tracks/<id>/v<k>/`), so names never clash with the current file's.
    const older = earlier.map((v): ExportedVersion => {
      const entry: ExportedVersion = {
        version: v.version,
        note: v.note,
        originalFilename: v.filename,
        size: v.size,
        createdAt: iso(v.createdAt),
        file: v.storageKey ? `${folder}/v${v.version}/${safeEntryName(v.filename)}` : null,
        sha256: v.storageKey ? v.contentHash : null,
      };
      if (v.storageKey && entry.file) {
        files.push({
          path: entry.file,
          key: v.storageKey,
          mtime: v.createdAt,
          hashInto: entry,
          size: v.size,
        });
      }
      return entry;
    });
    return {
      id: t.id,
      title: t.name,
      notes: t.notes,
      visibility: t.visibility,
      shareToEquipmentPages: t.shareToEquipmentPages,
      durationSeconds: t.duration,
      mimeType: t.mimeType,
      originalFilename: t.filename,
      recordedAt: isoOrNull(t.fileCreatedAt),
      createdAt: iso(t.createdAt),
      updatedAt: iso(t.updatedAt),
      equipment: tags.filter((g) => g.trackId === t.id).map(({ name, category }) => ({ name, category })),
      tempoAndKey: {
        measuredBpm: t.bpm,
        bpmConfidence: t.bpmConfidence,
        measuredKey: t.musicalKey,
        keyConfidence: t.keyConfidence,
        ownerBpm: t.ownerBpm,
        ownerKey: t.ownerKey,
      },
      versions: [
        // Version 1 has a row only when a later version replaced it after decision 0430; before
        // that, its file and name are gone.
        ...(t.version > 1 && !earlier.some((v) => v.version === 1)
          ? [
              {
                version: 1,
                note: null,
                originalFilename: '',
                size: 0,
                createdAt: iso(t.createdAt),
                file: null,
                sha256: null,
              },
            ]
          : []),
        ...older,
        current,
      ],
    };
  });

  await addVersionStatuses(db, exportedTracks);
  // Playlists' database ids in their order in `playlists`: share links name a playlist by its place.
  const playlistIds: number[] = [];
  const exportedPlaylists = await exportPlaylists(db, userId, new Set(ids), files, playlistIds);
  const links = await exportShareLinks(
    db,
    userId,
    new Set(ids),
    new Map(playlistIds.map((id, place) => [id, place])),
  );
  await addReceivedFrom(db, userId, exportedTracks, new Set(links.map((l) => l.id)));

  const journal: JournalExport = {
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: iso(now),
    profile: {
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      bio: user.bio,
      socialLinks: user.socialLinks,
      isPublic: user.isPublic,
      avatar,
      createdAt: iso(user.createdAt),
    },
    tracks: exportedTracks,
    playlists: exportedPlaylists,
    collectives: (
      await db
        .select({
          name: collectives.name,
          role: collectiveMembers.role,
          joinedAt: collectiveMembers.joinedAt,
        })
        .from(collectiveMembers)
        .innerJoin(collectives, eq(collectives.id, collectiveMembers.collectiveId))
        .where(eq(collectiveMembers.userId, userId))
        .orderBy(asc(collectiveMembers.joinedAt))
    ).map((c) => ({ name: c.name, role: c.role as 'owner' | 'admin' | 'member', joinedAt: iso(c.joinedAt) })),
    comments: await exportComments(db, userId),
    ...(await exportListening(db, userId)),
    ratings: await exportRatings(db, userId),
    bookmarks: await exportBookmarks(db, userId),
    shareLinks: links,
  };
  return { journal, files };
}

async function exportPlaylists(
  db: Database,
  userId: string,
  ownIds: Set<number>,
  files: StoredEntry[],
  placed: number[],
) {
  const rows = await db
    .select()
    .from(playlists)
    .where(eq(playlists.userId, userId))
    .orderBy(asc(playlists.id));
  if (rows.length === 0) return [];
  placed.push(...rows.map((p) => p.id));
  const items = await db
    .select({ playlistId: playlistTracks.playlistId, trackId: playlistTracks.trackId })
    .from(playlistTracks)
    .where(
      inArray(
        playlistTracks.playlistId,
        rows.map((p) => p.id),
      ),
    )
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  return rows.map((p, i) => {
    const coverKey = largestVariant(p.imageKey);
    const cover = coverKey ? `images/playlists/${i + 1}.webp` : null;
    if (coverKey && cover) files.push({ path: cover, key: coverKey, mtime: p.updatedAt });
    return {
      name: p.name,
      description: p.description,
      isPublic: p.isPublic,
      cover,
      trackIds: items
        .filter((it) => it.playlistId === p.id && ownIds.has(it.trackId))
        .map((it) => it.trackId),
      createdAt: iso(p.createdAt),
    };
  });
}
