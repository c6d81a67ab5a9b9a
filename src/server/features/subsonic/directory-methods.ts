import { findAlbumTracks, findArtist, listArtists, summarizeAlbum } from './browse.service';
import { albumChild } from './directory-nodes';
import { songNodes } from './song-nodes';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { albumNode, artistId, MUSIC_FOLDER, parseAlbumId, parseArtistId } from './subsonic-library';
import { notFound, required, type SubsonicNode } from './subsonic-response';

/**
 * getMusicDirectory (issue 46, decision 0770): folder browsing (DSub's default mode, older apps)
 * over the same tree as getIndexes → getArtist → getAlbum. The music folder `1` holds the artists,
 * an artist (`ar-…`) its journal's years as album directories, an album (`al-…`) its songs. Only
 * what browsing lists to the caller (listedToViewer); anything else is 70.
 */
const FOLDER_ID = String(MUSIC_FOLDER.id);
const noDirectory = () => notFound('Directory');

async function folderDirectory({ db, caller }: SubsonicContext): Promise<SubsonicNode> {
  const artists = await listArtists(db, caller.user.id);
  return {
    id: FOLDER_ID,
    name: MUSIC_FOLDER.name,
    child: artists.map((artist) => ({
      id: artistId(artist.id),
      parent: FOLDER_ID,
      isDir: true,
      title: artist.name,
      artist: artist.name,
      coverArt: artist.coverArt,
    })),
  };
}

async function artistDirectory({ db, caller }: SubsonicContext, ownerId: string): Promise<SubsonicNode> {
  const found = await findArtist(db, caller.user.id, ownerId);
  if (!found) throw noDirectory();
  return {
    id: artistId(found.owner.id),
    parent: FOLDER_ID,
    name: found.owner.name,
    child: found.albums.map((album) => albumChild(found.owner, album)),
  };
}

async function albumDirectory(
  { db, caller }: SubsonicContext,
  album: { ownerId: string; year: number },
): Promise<SubsonicNode> {
  const rows = await findAlbumTracks(db, caller.user.id, album.ownerId, album.year);
  if (!rows[0]) throw noDirectory();
  const owner = rows[0].owner;
  const node = albumNode(owner, summarizeAlbum(album.year, rows));
  return {
    id: node.id,
    parent: artistId(owner.id),
    name: node.name,
    child: await songNodes(db, caller.user.id, rows),
  };
}

export const directoryMethods: Record<string, SubsonicMethod> = {
  getMusicDirectory: async (context) => {
    const id = required(context.params, 'id');
    if (id === FOLDER_ID) return { directory: await folderDirectory(context) };
    const ownerId = id.startsWith('ar-') ? parseArtistId(id) : undefined;
    if (ownerId) return { directory: await artistDirectory(context, ownerId) };
    const album = parseAlbumId(id);
    if (album) return { directory: await albumDirectory(context, album) };
    throw noDirectory();
  },
};
