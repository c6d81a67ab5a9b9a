import { INT4_MAX } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { findListenableTrack, type TrackRow } from '../tracks/tracks.service';
import { notFound } from './subsonic-response';

/** A row id as sent (a song's, a playlist's), if it can be one: anything else names nothing. */
export const rowIdOf = (raw: string): number | undefined =>
  /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= INT4_MAX ? Number(raw) : undefined;

/** A song id is its track's id. */
export const songIdOf = rowIdOf;

/** A song the caller may hear by the web app's rule (findListenableTrack); 70 otherwise. */
export async function listenableSong(db: Database, raw: string, userId: string): Promise<TrackRow> {
  const id = songIdOf(raw);
  if (id === undefined) throw notFound('Song');
  try {
    return await findListenableTrack(db, id, userId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw notFound('Song');
    throw err;
  }
}
