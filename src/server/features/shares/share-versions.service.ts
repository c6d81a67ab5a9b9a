import { SHARE_NO_VERSIONS_MESSAGE } from '../../../shared/schemas/shares';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import type { Database } from '../../db/client';
import type { shareLinks } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { listVersionRows, versionTakes } from '../tracks/track-version-takes.service';
import type { TrackRow } from '../tracks/tracks.service';
import { shareOpensVersions } from './shares.policy';
import { byTokenBase, findSharedTrack } from './shares.service';

type ShareLinkRow = typeof shareLinks.$inferSelect;

/** Where a link's versions of a track are reached: the list, and each version's stream and waveform. */
export const sharedVersionsBase = (token: string, trackId: number) =>
  `${byTokenBase(token)}/tracks/${trackId}/versions`;

/**
 * The track whose versions a by-token request may read (decision 0623): 404 for an unknown or
 * revoked token, 410 once expired (as every by-token route), and 404 unless the link is a track
 * link that allows versions and names this very track.
 */
export async function findSharedVersionsTrack(
  db: Database,
  token: string,
  trackId: number,
  /** The link's password gate (decision 0702), after 404/410 and before anything else. */
  gate?: (link: ShareLinkRow) => void,
): Promise<TrackRow> {
  const { link, track } = await findSharedTrack(db, token, trackId);
  gate?.(link);
  if (!shareOpensVersions(link, track.id)) throw notFound(SHARE_NO_VERSIONS_MESSAGE);
  return track;
}

/** GET /api/shares/by-token/{token}/tracks/{trackId}/versions: the list, with URLs through the token. */
export async function listSharedVersions(
  db: Database,
  token: string,
  trackId: number,
  gate?: (link: ShareLinkRow) => void,
): Promise<TrackVersion[]> {
  const track = await findSharedVersionsTrack(db, token, trackId, gate);
  return versionTakes(track, await listVersionRows(db, track.id), sharedVersionsBase(token, track.id));
}
