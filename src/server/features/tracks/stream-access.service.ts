import type { Database } from '../../db/client';
import type { AccessCache } from '../../plugins/access-cache';
import { findListenableTrack, type TrackRow } from './tracks.service';

/**
 * "May this viewer listen to that track", decided once and reused by the Range requests that follow
 * (decision 0066): a player asks for a file in many pieces, and each piece used to cost the
 * permission query again. Keyed by viewer (the signed-in user, or '' for everyone signed out, whose
 * access depends on public settings only) and track. Only grants are kept: a 404 is asked again.
 */
export class StreamAccess {
  constructor(
    private readonly db: Database,
    private readonly cache?: AccessCache<TrackRow>,
  ) {}

  /**
   * The track when the viewer may listen, else 404 (decision 0012). `reusable` says whether what the
   * row says is settled enough to keep: /stream keeps it once something is playable, since a
   * processing job (which bumps nothing) may still turn "nothing yet" into a rendition.
   */
  async listenable(
    trackId: number,
    viewerId: string | null,
    reusable: (row: TrackRow) => boolean = () => true,
  ): Promise<TrackRow> {
    const key = `${viewerId ?? ''}\n${trackId}`;
    const cached = this.cache?.get(key);
    // Checked on the way out too: /original keeps a row whatever its state, and /stream must not
    // take that row's "nothing playable yet" for settled.
    if (cached && reusable(cached)) return cached;
    const generation = this.cache?.begin() ?? 0;
    const track = await findListenableTrack(this.db, trackId, viewerId);
    if (reusable(track)) this.cache?.set(key, track, generation);
    return track;
  }
}
