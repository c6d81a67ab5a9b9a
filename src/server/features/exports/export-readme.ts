import type { JournalExport } from '../../../shared/schemas/journal-export';

/** README.txt: what the archive holds and how journal.json is laid out (docs/export-format.md). */
export function exportReadme(journal: JournalExport): string {
  const who = journal.profile.username ? `@${journal.profile.username}` : 'you';
  return `Journal data export
Format version: ${journal.formatVersion}
Exported: ${journal.exportedAt}
Account: ${who}

This archive holds everything you put into Journal:

  README.txt       this file
  journal.json     your data (UTF-8 JSON, described below)
  tracks.csv       one row per track, for a spreadsheet (comma-separated, RFC 4180, UTF-8)
  tracks/<id>/     each track's original file, exactly as you uploaded it, and in
                   tracks/<id>/v<k>/ the file of its earlier version k, when kept
  images/          your avatar (avatar.webp) and playlist covers (playlists/<n>.webp)

journal.json, format version ${journal.formatVersion}:

  formatVersion    ${journal.formatVersion}; a later format raises it
  exportedAt       when the export was made (ISO 8601, UTC)
  profile          username, first and last name, bio, social links, public or not,
                   avatar (a path in this archive), when the account was made
  tracks           id, title, notes, visibility, shareToEquipmentPages, durationSeconds,
                   mimeType, originalFilename, recordedAt, createdAt, updatedAt,
                   equipment [{ name, category }],
                   versions, oldest first: { version, note, originalFilename, size,
                   createdAt, file, sha256 }. The last is the current file: "file" is its
                   path in this archive and "sha256" the SHA-256 of its bytes. An earlier
                   version has them too while Journal keeps its file; "file" is null when
                   the file was removed or replaced before Journal kept earlier files.
  playlists        name, description, isPublic, cover (a path), trackIds (in playlist
                   order, ids of "tracks"), createdAt
  collectives      name, your role (owner, admin or member), joinedAt
  comments         what you wrote in collectives: timed comments on tracks (atSeconds,
                   endSeconds, isReply) and comments on playlists; the collective, the
                   track (trackId when it is yours) or playlist it is on, content, createdAt
  likes            trackId for your own tracks; title and owner for someone else's
  plays            trackId (or title for someone else's track), playedAt, client
  ratings          your 1-5 ratings from music apps: kind (song, album or artist), the
                   song as likes name it, an album's owner and year, an artist's owner
  bookmarks        where you left off in songs from music apps: the song as likes name
                   it, positionMs, comment

Times are ISO 8601 in UTC. Paths inside the archive use forward slashes.
`;
}
