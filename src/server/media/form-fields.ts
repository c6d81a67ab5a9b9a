import type { z } from 'zod';
import { HttpError } from '../plugins/errors';

/**
 * The text fields of a multipart upload, checked against their shared schema as a JSON body is:
 * the first problem is a 400 `field: message`, as the error handler words schema failures.
 */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new HttpError(400, `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid form'}`);
}
