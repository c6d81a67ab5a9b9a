import type { Database } from '../../db/client';
import type { UserActionLimit } from '../../plugins/rate-limits';
import { browseMethods } from './browse-methods';
import { listMethods } from './list-methods';
import { playMethods } from './play-methods';
import { playlistMethods } from './playlist-methods';
import { starMethods } from './star-methods';
import type { SubsonicCaller } from './subsonic-auth';
import type { SubsonicParams } from './subsonic-params';
import type { SubsonicNode } from './subsonic-response';
import { systemMethods } from './system-methods';

export interface SubsonicContext {
  db: Database;
  caller: SubsonicCaller;
  params: SubsonicParams;
  /**
   * Counts one of the caller's actions against the web app's per-person limit of that kind (the
   * same counter as the web app's routes); over it, a SubsonicError (decision 0405).
   */
  limit(action: UserActionLimit): Promise<void>;
}

/** One /rest method: the payload beside the envelope's own attributes, or a thrown SubsonicError. */
export type SubsonicMethod = (context: SubsonicContext) => SubsonicNode | Promise<SubsonicNode>;

/** Every method /rest answers, by name (`ping` for `/rest/ping` and `/rest/ping.view`). */
export const SUBSONIC_METHODS: ReadonlyMap<string, SubsonicMethod> = new Map(
  Object.entries({
    ...systemMethods,
    ...browseMethods,
    ...playlistMethods,
    ...listMethods,
    ...playMethods,
    ...starMethods,
  }),
);
