/**
 * Who may do what with share links (issue 24, decision 0320): small pure rules, called from the
 * service and tested directly.
 */

/** Only an item's owner makes, lists or revokes links to it, whatever its visibility. */
export const canShareItem = (viewerId: string, ownerId: string) => viewerId === ownerId;

/** A link with an expiry stops working at that moment (410); one without never does. */
export const isShareExpired = (expiresAt: Date | null, now = Date.now()) =>
  expiresAt !== null && expiresAt.getTime() <= now;

/** What decides whether a link opens a given track (the stream, waveform and download routes). */
export interface ShareGrant {
  link: { userId: string; trackId: number | null; playlistId: number | null };
  /** The track asked for, or null when there is none with that id. */
  track: { id: number; userId: string } | null;
  /** The track sits in the link's playlist (false for a track link). */
  inPlaylist: boolean;
}

/**
 * A token grants exactly its item: the shared track, or the tracks of the shared playlist that its
 * owner may share (their own). Any other track is 404, as if it did not exist.
 */
export function shareGrantsTrack({ link, track, inPlaylist }: ShareGrant): boolean {
  if (!track || track.userId !== link.userId) return false;
  if (link.trackId !== null) return link.trackId === track.id;
  return link.playlistId !== null && inPlaylist;
}

/**
 * A link opens a track's versions (issue 43, decision 0623) only when it is that track's own link
 * and allows them: a playlist's link never does, whatever its row says.
 */
export const shareOpensVersions = (
  link: { trackId: number | null; allowVersions: boolean },
  trackId: number,
) => link.allowVersions && link.trackId === trackId;
