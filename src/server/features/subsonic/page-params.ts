import type { SubsonicParams } from './subsonic-params';
import { SubsonicCode, SubsonicError } from './subsonic-response';

// Sizes and offsets of the lists /rest answers, for every method module that pages (decision 0466:
// method modules share through modules like this one, never through each other).

/** A page of a list: `limit` items from place `offset` (0 the first). */
export interface ListPage {
  offset: number;
  limit: number;
}

/** The most items one page holds, whatever a client asks (Navidrome and Subsonic cap at 500). */
export const MAX_PAGE = 500;

/** An optional whole number in [0, max]; anything else is the client's mistake (code 0). */
export function count(params: SubsonicParams, name: string, fallback: number, max = MAX_PAGE): number {
  const value = params.get(name);
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value))
    throw new SubsonicError(SubsonicCode.generic, `${name} must be a whole number`);
  return Math.min(Number(value), max);
}
export const offsetOf = (params: SubsonicParams, name: string) => count(params, name, 0, 1_000_000);
