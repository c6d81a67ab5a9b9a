import { and, asc, eq, isNull } from 'drizzle-orm';
import { displayName } from '../../../shared/format';
import type { MarkerFormat } from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import { trackComments, tracks, users } from '../../db/schema';
import { audacityLabels, cueSheet, MARKER_FILES, type Marker, reaperCsv } from './comment-markers';
import { requireSharedTrack } from './track-comments.service';

export interface MarkerFile {
  body: string;
  fileName: string;
  mimeType: string;
}

/**
 * GET /api/collectives/{id}/tracks/{trackId}/comments/markers (issue 44, decision 0654): the open
 * threads of a version (default: the current one) in this collective, by position, as a DAW marker
 * file. Members only (404 otherwise, as the comments). Threads hidden by a moderator are left out.
 */
export async function commentMarkers(
  db: Database,
  collectiveId: number,
  trackId: number,
  userId: string,
  format: MarkerFormat,
  version?: number,
): Promise<MarkerFile> {
  const { track } = await requireSharedTrack(db, collectiveId, trackId, userId);
  const shown = version ?? track.version;
  const rows = await db
    .select({
      atSeconds: trackComments.atSeconds,
      endSeconds: trackComments.endSeconds,
      content: trackComments.content,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(trackComments)
    .innerJoin(users, eq(users.id, trackComments.userId))
    .where(
      and(
        eq(trackComments.collectiveId, collectiveId),
        eq(trackComments.trackId, trackId),
        eq(trackComments.trackVersion, shown),
        isNull(trackComments.parentId),
        isNull(trackComments.resolvedAt),
        isNull(trackComments.hiddenAt),
      ),
    )
    .orderBy(asc(trackComments.atSeconds), asc(trackComments.createdAt), asc(trackComments.id));
  const markers: Marker[] = rows.map((r) => ({
    start: r.atSeconds,
    end: r.endSeconds,
    text: `${displayName(r)}: ${r.content}`,
  }));
  const [file] = await db.select({ filename: tracks.filename }).from(tracks).where(eq(tracks.id, trackId));
  const base = [track.name, `v${shown}`, 'comments'].join(' ');
  const body =
    format === 'audacity'
      ? audacityLabels(markers)
      : format === 'reaper'
        ? reaperCsv(markers)
        : cueSheet(markers, `${track.name} v${shown}`, file?.filename ?? `${track.name}.wav`);
  const { extension, mimeType } = MARKER_FILES[format];
  return { body, fileName: `${base}.${extension}`, mimeType };
}
