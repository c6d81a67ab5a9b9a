import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tracks, trackVersions } from '../../db/schema';
import { alignSeconds } from '../../media/onsets';

/**
 * Measures every earlier version's `alignSeconds` again against the track's current file (decision
 * 0607): pure arithmetic on the stored envelopes, no decode. Run after the current file's onsets
 * change (its processing, or a version job that measured them). The track row is locked, so a new
 * version landing meanwhile (addTrackVersion locks it too) cannot interleave: either it comes
 * first and the versions are aligned against nothing yet (null), or after and it clears them.
 * Versions without onsets keep null until their own job aligns them.
 */
export async function realignTrackVersions(db: Database, trackId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [track] = await tx
      .select({
        version: tracks.version,
        onsets: tracks.onsets,
        audioStartSeconds: tracks.audioStartSeconds,
      })
      .from(tracks)
      .where(eq(tracks.id, trackId))
      .for('update');
    if (!track) return;
    const versions = await tx
      .select({
        id: trackVersions.id,
        onsets: trackVersions.onsets,
        audioStartSeconds: trackVersions.audioStartSeconds,
        alignSeconds: trackVersions.alignSeconds,
      })
      .from(trackVersions)
      .where(
        and(
          eq(trackVersions.trackId, trackId),
          ne(trackVersions.version, track.version),
          isNotNull(trackVersions.onsets),
        ),
      );
    for (const v of versions) {
      const aligned = alignSeconds(v, track);
      if (aligned === v.alignSeconds) continue;
      await tx.update(trackVersions).set({ alignSeconds: aligned }).where(eq(trackVersions.id, v.id));
    }
  });
}
