import { z } from 'zod';

/** GET /api/oembed's query (issue 24): `url` is a Journal page; only JSON is offered. */
export const oembedQuerySchema = z.object({
  url: z.string().max(2000).optional().describe('A Journal page: /track/{id}, /playlist/{id}'),
  format: z
    .string()
    .max(20)
    .optional()
    .describe('`json` (the default); `xml` answers 501, anything else 400'),
  maxwidth: z.string().max(10).optional(),
  maxheight: z.string().max(10).optional(),
});

/** The oEmbed 1.0 "rich" reply (https://oembed.com, section 2.3.4): a player in an iframe. */
export const oembedSchema = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('rich'),
    html: z.string().describe('An <iframe> of the embeddable player'),
    width: z.number().int(),
    height: z.number().int(),
    title: z.string(),
    author_name: z.string(),
    author_url: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.number().int().optional(),
    thumbnail_height: z.number().int().optional(),
  })
  .meta({ id: 'OEmbed' });
export type OEmbed = z.infer<typeof oembedSchema>;
