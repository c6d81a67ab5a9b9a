import type { Database } from '../../db/client';
import { findAlbumTracks, findArtist } from './browse.service';
import { parseAlbumId, parseArtistId } from './subsonic-library';
import { notFound } from './subsonic-response';

// Albums and artists are no rows of their own (decision 0385): one the caller may reach is one
// browsing lists to them now. star and setRating check the same way (decisions 0390, 0784).

/** 70 unless `id` is an album (`al-…`) the caller browses. */
export async function requireBrowsedAlbum(db: Database, viewerId: string, id: string): Promise<void> {
  const album = parseAlbumId(id);
  if (!album || (await findAlbumTracks(db, viewerId, album.ownerId, album.year)).length === 0) {
    throw notFound('Album');
  }
}

/** 70 unless `id` is an artist (`ar-…`) the caller browses. */
export async function requireBrowsedArtist(db: Database, viewerId: string, id: string): Promise<void> {
  const ownerId = parseArtistId(id);
  if (!ownerId || !(await findArtist(db, viewerId, ownerId))) throw notFound('Artist');
}
