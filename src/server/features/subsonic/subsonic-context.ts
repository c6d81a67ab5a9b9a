import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { UserActionLimit } from '../../plugins/rate-limits';
import type { SyncAnchors } from './listed-song-ids';
import type { SubsonicCaller } from './subsonic-auth';
import type { SubsonicParams } from './subsonic-params';
import type { SubsonicNode } from './subsonic-response';

// What a /rest method is handed and what it answers. Apart from the registry of methods
// (subsonic-methods.ts), so that the method modules it lists never import it (decision 0466).

export interface SubsonicContext {
  db: Database;
  caller: SubsonicCaller;
  params: SubsonicParams;
  /** Where the request came to (`https://host:port`): absolute URLs in replies (artist images) start here. */
  origin: string;
  /**
   * Counts one of the caller's actions against the web app's per-person limit of that kind (the
   * same counter as the web app's routes); over it, a SubsonicError (decision 0405).
   */
  limit(action: UserActionLimit): Promise<void>;
  /** Where syncs were in people's own tracks (listed-song-ids.ts); absent: every page is walked to. */
  syncAnchors?: SyncAnchors;
}

/** One /rest method: the payload beside the envelope's own attributes, or a thrown SubsonicError. */
export type SubsonicMethod = (context: SubsonicContext) => SubsonicNode | Promise<SubsonicNode>;

export interface SubsonicMediaContext extends SubsonicContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A /rest method that answers with bytes rather than the envelope. Errors before the first byte are
 * thrown as SubsonicError and become the envelope; after it, the connection is cut.
 */
export type SubsonicMediaMethod = (context: SubsonicMediaContext) => Promise<FastifyReply>;
