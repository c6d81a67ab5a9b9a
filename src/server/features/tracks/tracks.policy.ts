/** What decides whether someone may hear a track (decision 0012). */
export interface TrackAudience {
  viewerId: string | null;
  ownerId: string;
  ownerIsPublic: boolean;
  /** The viewer is a member of a collective into which a playlist holding the track is shared. */
  sharedWithViewer: boolean;
}

export function canListenToTrack(a: TrackAudience): boolean {
  return a.viewerId === a.ownerId || a.ownerIsPublic || (a.viewerId !== null && a.sharedWithViewer);
}

/** Only the owner changes a track, its tags, or deletes it. */
export const canChangeTrack = (viewerId: string, ownerId: string) => viewerId === ownerId;
