import type { AlbumSummary, ArtistSummary, Owner } from './browse.service';
import { albumNode, artistId, MUSIC_FOLDER } from './subsonic-library';
import type { SubsonicParams } from './subsonic-params';
import { notFound, type SubsonicNode } from './subsonic-response';

/**
 * The folder-shaped faces of the library (decision 0770) that the older methods (getMusicDirectory,
 * getAlbumList, search2, getStarred) answer with: an album is a `Child` that is a directory, an
 * artist an `Artist`. Built from albumNode, so an album shows the same name, cover and year
 * whichever method lists it.
 */
export function albumChildOf(album: SubsonicNode): SubsonicNode {
  return {
    id: album.id as string,
    parent: album.artistId as string,
    isDir: true,
    title: album.name as string,
    album: album.name as string,
    artist: album.artist as string,
    year: album.year as number,
    coverArt: album.coverArt as string | undefined,
    duration: album.duration as number,
    created: album.created as string,
    artistId: album.artistId as string,
    starred: album.starred as string | undefined,
    playCount: album.playCount as number | undefined,
    played: album.played as string | undefined,
  };
}

export const albumChild = (owner: Owner, album: AlbumSummary) => albumChildOf(albumNode(owner, album));

/** An artist as `Artist` (the older methods) and `ArtistID3` alike: both read id and name. */
export const artistEntry = (artist: ArtistSummary): SubsonicNode => ({
  id: artistId(artist.id),
  name: artist.name,
  coverArt: artist.coverArt,
  albumCount: artist.albumCount,
});

/** `musicFolderId`, where a method takes one: the one folder, or absent; any other is not found. */
export function checkMusicFolder(params: SubsonicParams): void {
  const folder = params.get('musicFolderId');
  if (folder !== undefined && folder !== String(MUSIC_FOLDER.id)) throw notFound('Music folder');
}
