import { z } from 'zod';

/**
 * A multipart upload's form for the OpenAPI document (`schema.multipartBody`): its text fields and
 * the one file field. The routes read the stream themselves and check the fields with the same
 * zod schemas (media/form-fields.ts).
 */
export function uploadForm<T extends z.ZodRawShape>(
  fileField: string,
  description: string,
  fields: z.ZodObject<T> = z.object({}) as z.ZodObject<T>,
) {
  return fields.extend({ [fileField]: z.file().describe(description) });
}
