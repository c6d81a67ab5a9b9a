/** What decides whether someone may hear a track (decision 0012). */
export interface TrackAudience {
  viewerId: string | null;
  ownerId: string;
  /** The track's own visibility (decision 0140): public tracks are open to anyone with the link. */
  trackIsPublic: boolean;
  /** The viewer is a member of a collective into which a playlist holding the track is shared. */
  sharedWithViewer: boolean;
  /** The owner shares the track to equipment pages and has tagged at least one piece of gear. */
  onEquipmentPages: boolean;
}

export function canListenToTrack(a: TrackAudience): boolean {
  if (a.viewerId === a.ownerId || a.trackIsPublic) return true;
  // Collective shares and equipment pages are for signed-in people only.
  return a.viewerId !== null && (a.sharedWithViewer || a.onEquipmentPages);
}

/** Only the owner changes a track, its tags, or deletes it. */
export const canChangeTrack = (viewerId: string, ownerId: string) => viewerId === ownerId;
