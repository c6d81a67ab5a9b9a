import { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/common';

/**
 * A header of a reply, for the OpenAPI document only (`schema.responseHeaders`, turned into the
 * response's `headers` by openapi.plugin.ts): a JSON Schema for its value, with a description.
 * Fastify never checks reply headers; the contract test (contract.test.ts) does.
 */
export interface ResponseHeader {
  type: 'string' | 'integer';
  description: string;
  pattern?: string;
  /** Sent with every reply of its status (openapi-document.ts lifts it to the Header Object). */
  required?: true;
}
export type ResponseHeaders = Record<string, Record<string, ResponseHeader>>;

const binary = z.string().meta({ format: 'binary' });
const bytes = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: binary } },
});

const CONTENT_RANGE: ResponseHeader = {
  type: 'string',
  description: 'The bytes in this reply and the file size, `bytes first-last/size`',
  pattern: '^bytes \\d+-\\d+/\\d+$',
  required: true,
};
const VALIDATORS: Record<string, ResponseHeader> = {
  ETag: { type: 'string', description: 'The file version, for If-None-Match and If-Range' },
  'Last-Modified': { type: 'string', description: 'For If-Modified-Since and If-Range' },
};

export interface BlobRepliesOptions {
  /** The Content-Type of the bytes: a range such as `audio/*` when it is the stored file's own. */
  mediaType: string;
  description: string;
  /** The route may answer a 302 to a presigned bucket URL instead (S3_STREAM=redirect). */
  redirect?: boolean;
}

/**
 * Every reply of a route that serves a stored file through storage/serve-blob.ts (decision 0261):
 * 200 the whole file, 206 a Range of it, 304 when If-None-Match or If-Modified-Since matches,
 * 416 (an `ApiError` with `Content-Range: bytes *\/size`) for a range that is not satisfiable,
 * and the 302 of S3_STREAM=redirect. `response` goes to the route's schema, `responseHeaders` beside it.
 */
export function blobReplies({ mediaType, description, redirect }: BlobRepliesOptions) {
  const response = {
    200: bytes(mediaType, `${description}: the whole file`),
    206: bytes(mediaType, `${description}: the one byte range the Range header asked for`),
    ...(redirect
      ? {
          302: z
            .undefined()
            .describe('With S3_STREAM=redirect: the bytes are at the presigned bucket URL in Location'),
        }
      : {}),
    304: z.undefined().describe('Not modified: the ETag (or the date) the request named is still current'),
    416: {
      description: 'No byte of the file is in the range asked for; Content-Range gives its size',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
  };
  const responseHeaders: ResponseHeaders = {
    200: VALIDATORS,
    206: { 'Content-Range': CONTENT_RANGE, ...VALIDATORS },
    304: VALIDATORS,
    416: {
      'Content-Range': {
        type: 'string',
        description: 'The file size, `bytes */size`',
        pattern: '^bytes \\*/\\d+$',
        required: true,
      },
    },
    ...(redirect
      ? { 302: { Location: { type: 'string', description: 'The presigned URL', required: true } } }
      : {}),
  };
  return { response, responseHeaders };
}
