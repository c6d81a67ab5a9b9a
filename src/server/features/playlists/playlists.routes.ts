import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { listOwnPlaylists } from './playlists.service';

export async function playlistsRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.addHook('preHandler', app.requireUser);
  app.get('/api/playlists', async (request) => listOwnPlaylists(opts.db, userOf(request).id));
}
