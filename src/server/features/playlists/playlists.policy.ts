/** Only the owner changes a playlist; anyone else is told it does not exist (404). */
export const canChangePlaylist = (viewerId: string, ownerId: string) => viewerId === ownerId;

/**
 * A reorder must name exactly the playlist's tracks, each once, at distinct positions; otherwise
 * it was computed from a stale copy and applying it would lose or duplicate entries.
 */
export function reorderMatches(
  current: number[],
  requested: { trackId: number; position: number }[],
): boolean {
  if (current.length !== requested.length) return false;
  const ids = new Set(requested.map((r) => r.trackId));
  const positions = new Set(requested.map((r) => r.position));
  return (
    ids.size === requested.length && positions.size === requested.length && current.every((id) => ids.has(id))
  );
}

/** What the viewer may do with a playlist they can see: everything if theirs, nothing otherwise. */
export function playlistAbilities(viewerId: string, ownerId: string) {
  const own = canChangePlaylist(viewerId, ownerId);
  return { edit: own, delete: own, share: own };
}
