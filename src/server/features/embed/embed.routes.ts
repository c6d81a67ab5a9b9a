import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EmbedKind, embedSchema } from '../../../shared/schemas/embed';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { publicPlaylistEmbed, publicTrackEmbed } from './embed.service';
import { pageId, sendEmbedPage, sendNotAvailable } from './embed-pages';

export interface EmbedRoutesOptions {
  db: Database;
  /** Whether the built client, with its embed.html, is being served. */
  hasPage: boolean;
}

const idParams = z.object({ id: idParam() });

const KINDS: Record<
  EmbedKind,
  { load: typeof publicTrackEmbed; tag: 'tracks' | 'playlists'; summary: string }
> = {
  track: {
    load: publicTrackEmbed,
    tag: 'tracks',
    summary: 'A public track, as its embeddable player shows it',
  },
  playlist: {
    load: publicPlaylistEmbed,
    tag: 'playlists',
    summary: 'A public playlist and its public tracks, as its embeddable player shows them',
  },
};

/**
 * The embeddable player (issue 24, decision 0330): `/embed/{kind}/{id}` is the small embed page
 * (not the app) for a public item, or a generic 404 page; `/api/embed/{kind}/{id}` is the JSON the
 * page reads at the same path. Framing is allowed on `/embed/*` only (plugins/security-headers.ts).
 * Share links hook in with their own pair (`/embed/s/{token}`, `/api/embed/s/{token}`) answering
 * the same `Embed` shape with token-scoped media addresses: the page needs nothing else.
 */
export async function embedRoutes(fastify: FastifyInstance, opts: EmbedRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  for (const [kind, { load, tag, summary }] of Object.entries(KINDS)) {
    app.get(
      `/api/embed/${kind}/:id`,
      {
        schema: {
          summary,
          description: 'No sign-in needed, and a session changes nothing: 404 unless the item is public.',
          tags: [tag],
          params: idParams,
          response: { 200: embedSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-cache');
        return load(db, request.params.id);
      },
    );

    app.get(`/embed/${kind}/:id`, { schema: { hide: true } }, async (request, reply) => {
      const id = pageId((request.params as { id?: string }).id);
      if (!opts.hasPage || id === null) return sendNotAvailable(reply);
      try {
        await load(db, id);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return sendNotAvailable(reply);
        throw err;
      }
      return sendEmbedPage(reply);
    });
  }
}
