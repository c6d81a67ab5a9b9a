import { HttpError } from '../plugins/errors';

/** A browser sends a bare file name; anything with a path in it is not from our client. */
export function displayFileName(name: string): string {
  if (!name.trim() || /[/\\]/.test(name) || name.includes('\0') || name === '.' || name === '..') {
    throw new HttpError(400, 'The file name must be a plain name, without folders');
  }
  if (/[\p{Cc}\p{Cs}]/u.test(name))
    throw new HttpError(400, 'The file name must not contain control characters');
  return name.trim().slice(0, 255);
}
