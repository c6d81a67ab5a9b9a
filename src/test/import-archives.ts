import { createHash } from 'node:crypto';
import path from 'node:path';
import type { JournalExport } from '../shared/schemas/journal-export';
import { makeZip, type ZipItem } from './imports';

/** One track of a crafted export: the file it names, the bytes stored under that name. */
export interface TrackSpec {
  file: string;
  data: Buffer;
  /** undefined: the data's real hash; null: none given. */
  sha256?: string | null;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export const AT = '2026-01-02T03:04:05.000Z';

/** One exported track of one version naming `file`. */
export function exportedTrack(id: number, file: string, size: number, sha256: string | null) {
  return {
    id,
    title: `Take ${id}`,
    notes: null,
    visibility: 'private' as const,
    shareToEquipmentPages: false,
    durationSeconds: 1,
    mimeType: 'audio/wav',
    originalFilename: path.posix.basename(file),
    recordedAt: null,
    createdAt: AT,
    updatedAt: AT,
    equipment: [],
    versions: [
      {
        version: 1,
        note: null,
        originalFilename: path.posix.basename(file),
        size,
        createdAt: AT,
        file,
        sha256,
      },
    ],
  };
}

/** An export's journal of these tracks, its profile private and everything else empty. */
export function journalOf(tracks: JournalExport['tracks']): JournalExport {
  return {
    formatVersion: 1,
    exportedAt: AT,
    profile: {
      username: 'ada',
      firstName: null,
      lastName: null,
      bio: null,
      socialLinks: {},
      isPublic: false,
      avatar: null,
      createdAt: AT,
    },
    tracks,
    playlists: [],
    collectives: [],
    comments: [],
    likes: [],
    plays: [],
  };
}

/** A journal.json of these tracks (and optional changes), valid against the export schema. */
export function exportJournal(specs: TrackSpec[], change: (j: JournalExport) => void = () => {}): Buffer {
  const j = journalOf(
    specs.map((s, i) =>
      exportedTrack(i + 1, s.file, s.data.length, s.sha256 === undefined ? sha256Of(s.data) : s.sha256),
    ),
  );
  change(j);
  return Buffer.from(JSON.stringify(j));
}

/** A zip holding each track's file, `extra` entries, and the journal.json naming them. */
export const exportArchive = (
  specs: TrackSpec[],
  extra: ZipItem[] = [],
  change?: (j: JournalExport) => void,
) =>
  makeZip([
    ...specs.map((s) => ({ name: s.file, data: s.data })),
    ...extra,
    { name: 'journal.json', data: exportJournal(specs, change), compress: true },
  ]);
