import { type SQL, sql } from 'drizzle-orm';
import { equipmentOfTrack, isoTime, trackColumns, trackJson } from './track-list.query';

/**
 * The track reply's JSON (trackSchema) of the track `t` in scope, written by PostgreSQL as the
 * journal list's rows are (decision 0063), for other features' lists of tracks (decision 0949).
 * `more` adds fields after the track's own (`expression as "name"`, comma separated), in the order
 * the reply's schema extends trackSchema with them.
 */
export const trackJsonOf = (more: SQL): SQL => sql`(select ${trackJson} from (
  select r0.*, ${more} from (${trackColumns(equipmentOfTrack)}) r0
) r)`;

/** A timestamp as Date.prototype.toISOString writes it, in SQL (UTC, milliseconds). */
export const isoTimeSql = isoTime;
