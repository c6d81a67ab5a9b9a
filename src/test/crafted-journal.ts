import type { ExportedTrack, JournalExport } from '../shared/schemas/journal-export';
import { AT, journalOf, sha256Of as sha } from './import-archives';
import { makeZip } from './imports';
import { makeWav } from './media-fixtures';

/**
 * Archives written by hand the way an attacker would (issue 41): a journal.json that is valid against
 * the export format, with whatever titles, notes, names and tags the test puts in it, and a distinct
 * real audio file for each track.
 */

export type CraftedTrack = Partial<Omit<ExportedTrack, 'id' | 'versions'>> & {
  versions?: Partial<ExportedTrack['versions'][number]>[];
};
export type CraftedPlaylist = Partial<JournalExport['playlists'][number]>;

/** A zip of these tracks (ids 1, 2, …, each with its own one-version file) and playlists. */
export async function craftedArchive(trackSpecs: CraftedTrack[], playlistSpecs: CraftedPlaylist[] = []) {
  // Each track's file differs (length), so none is "already there" because of another.
  const files = trackSpecs.map((_, i) => makeWav(0.5 + i * 0.01));
  const tracks: ExportedTrack[] = trackSpecs.map(({ versions, ...spec }, i) => ({
    id: i + 1,
    title: `Take ${i + 1}`,
    notes: null,
    visibility: 'private',
    shareToEquipmentPages: false,
    durationSeconds: 1,
    mimeType: 'audio/wav',
    originalFilename: `take-${i + 1}.wav`,
    recordedAt: null,
    createdAt: AT,
    updatedAt: AT,
    equipment: [],
    ...spec,
    versions: (versions ?? [{}]).map((v, j, all) => ({
      version: j + 1,
      note: null,
      originalFilename: `take-${i + 1}.wav`,
      size: files[i]!.length,
      createdAt: AT,
      // The last version is the current one: it carries the file.
      file: j === all.length - 1 ? `tracks/${i + 1}/take.wav` : null,
      sha256: j === all.length - 1 ? sha(files[i]!) : null,
      ...v,
    })),
  }));
  const journal = journalOf(tracks);
  journal.profile.isPublic = true;
  journal.playlists = playlistSpecs.map((p, i) => ({
    name: `Playlist ${i + 1}`,
    description: null,
    isPublic: true,
    cover: null,
    trackIds: [],
    createdAt: AT,
    ...p,
  }));
  return makeZip([
    ...files.map((data, i) => ({ name: `tracks/${i + 1}/take.wav`, data })),
    // Stored, not deflated: a megabyte of one letter would look like a zip bomb.
    { name: 'journal.json', data: Buffer.from(JSON.stringify(journal)) },
  ]);
}
