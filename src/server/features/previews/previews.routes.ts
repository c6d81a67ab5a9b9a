import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { type OEmbed, oembedQuerySchema, oembedSchema } from '../../../shared/schemas/previews';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { badRequest, errorBody, notFound } from '../../plugins/errors';
import { loadPublicTrack } from '../tracks/public-track.service';
import { escapeHtml, SITE } from './meta-tags';
import { type OgImageDeps, ogImageOf, sendOgImage } from './og-image-store.service';
import type { PagePreviews } from './page-previews.service';

export interface PreviewRoutesOptions {
  db: Database;
  publicUrl: string;
  previews: PagePreviews;
  /** Where track pictures are drawn and stored (decision 0350). */
  ogImages: OgImageDeps;
}

const png = z.string().meta({ format: 'binary' });

/** The link-preview routes of issue 24: oEmbed and a public track's preview picture. */
export async function previewsRoutes(fastify: FastifyInstance, opts: PreviewRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, publicUrl, previews, ogImages } = opts;
  const site = new URL(publicUrl);

  app.get(
    '/api/oembed',
    {
      schema: {
        summary: 'oEmbed for a public track or playlist page, or a live share link',
        description:
          'No sign-in. For a public track or playlist page, or a live share link (`/s/{token}`: its embed plays what the link opens, and the reply is `Cache-Control: private`, since the address is a secret). 404 for anything else (private, expired or revoked, or a URL of another site); 501 for format=xml; 400 without a valid url.',
        tags: ['previews'],
        querystring: oembedQuerySchema,
        response: { 200: oembedSchema, 501: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { url, format } = request.query;
      // oEmbed's one other format is answered "not implemented", as the spec says; anything else is
      // bad input (a 4xx, as the route fuzzer holds every route to).
      if (format?.toLowerCase() === 'xml') {
        return reply.code(501).send(errorBody(501, 'Only format=json is offered'));
      }
      if (format !== undefined && format !== 'json') throw badRequest('format must be json');
      let target: URL;
      try {
        if (!url) throw new Error('missing');
        target = new URL(url);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('scheme');
      } catch {
        throw badRequest('url must be the full address of a Journal page');
      }
      if (target.host.toLowerCase() !== site.host.toLowerCase()) throw notFound('Not a page of this site');
      const found = await previews.previewOf(target.pathname);
      const preview = found?.preview;
      const embed = preview?.embed;
      const author = preview?.author;
      if (!found || !preview || !embed || !author) throw notFound('Nothing public to embed at this address');
      const src = `${publicUrl}${embed.path}`;
      const body: OEmbed = {
        version: '1.0',
        type: 'rich',
        html: `<iframe src="${escapeHtml(src)}" width="${embed.width}" height="${embed.height}" title="${escapeHtml(preview.title)}" frameborder="0" allow="autoplay" loading="lazy"></iframe>`,
        width: embed.width,
        height: embed.height,
        title: preview.title,
        author_name: author.name,
        author_url: `${publicUrl}${author.path}`,
        provider_name: SITE.name,
        provider_url: `${publicUrl}/`,
        ...(preview.image
          ? {
              thumbnail_url: `${publicUrl}${preview.image.path}`,
              ...(preview.image.width ? { thumbnail_width: preview.image.width } : {}),
              ...(preview.image.height ? { thumbnail_height: preview.image.height } : {}),
            }
          : {}),
      };
      // Who may see it can change at any moment: nothing kept by a shared cache for long. A share
      // link's address is a secret: what it opens is for its holder alone, kept by no shared cache.
      reply.header('Cache-Control', found.secretAddress ? 'private, max-age=60' : 'public, max-age=60');
      return body;
    },
  );

  app.get(
    '/api/tracks/:id/og.png',
    {
      schema: {
        summary: "A public track's link-preview picture (1200×630 PNG)",
        description: 'Its waveform, name and owner. No sign-in; 404 unless the track is public.',
        tags: ['previews'],
        params: z.object({ id: idParam() }),
        response: {
          200: { description: 'The PNG', content: { 'image/png': { schema: png } } },
          304: z.undefined().describe('Not modified'),
        },
      },
    },
    async (request, reply) => {
      const found = await loadPublicTrack(db, request.params.id);
      const image = found && (await ogImageOf(ogImages, found));
      if (!image) throw notFound('Track not found');
      // Bytes, which the route's typed reply (a binary string in the document) does not describe.
      return sendOgImage(request, reply as FastifyReply, image);
    },
  );
}
