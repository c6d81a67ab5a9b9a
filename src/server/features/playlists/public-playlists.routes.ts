import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicPlaylistSchema } from '../../../shared/schemas/playlists';
import type { Database } from '../../db/client';
import { pageId } from '../embed/embed.service';
import { getPublicPlaylist } from './public-playlist.service';

// Any text: an id that is not a number is a playlist nobody can find, the same 404 (decision 0345).
const params = z.object({ id: z.string().max(100) });

/**
 * The public playlist page's data (issue 24, decision 0345), beside GET /api/public/users/{x}. No
 * sign-in, and registered outside the playlists plugin, whose every route needs one.
 */
export async function publicPlaylistsRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/public/playlists/:id',
    {
      schema: {
        summary: 'A public playlist and its public tracks',
        description:
          'No sign-in needed; the same for everyone, its owner included. A private, missing or ' +
          'malformed one answers the same 404. Private tracks in it are left out.',
        tags: ['playlists'],
        params,
        response: { 200: publicPlaylistSchema },
      },
    },
    async (request) => getPublicPlaylist(opts.db, pageId(request.params.id)),
  );
}
