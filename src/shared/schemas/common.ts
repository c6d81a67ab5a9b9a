import { z } from 'zod';

/**
 * Every error reply, from any route: Fastify's standard shape. Declared once for every route's 4xx
 * and 5xx replies (src/server/openapi/openapi.plugin.ts) and read by the client's ApiError. The
 * `id` makes it one shared component of the OpenAPI document instead of a copy per route.
 */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int().describe('The HTTP status, repeated'),
    error: z.string().describe("The status's name, e.g. 'Not Found'"),
    message: z.string().describe('What went wrong, written for the person using the app'),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The reply of a change that has nothing else to say (delete, reorder, sign out). */
export const successSchema = z.object({ success: z.literal(true) });
