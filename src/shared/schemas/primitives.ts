import { z } from 'zod';

/**
 * The building blocks every request schema uses, so that bad input is refused at the contract with
 * a 400 and a clear message, never passed on to the database to fail there as a 500 (decision 0022).
 */

/** The largest value of PostgreSQL's `integer`, the type of every id column. */
export const INT4_MAX = 2_147_483_647;

// Control characters (C0, DEL, C1) and unpaired UTF-16 surrogates. Nobody types them; PostgreSQL
// refuses NUL outright, and the rest hide or garble what other people are shown.
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Text a person typed: trimmed (unless `trim: false`), well-formed Unicode, without control
 * characters; `multiline` text (notes, about, comments, descriptions) may hold line breaks and tabs.
 * Chain length rules after it: `text('Track name').min(1, …).max(200, …)`.
 */
export function text(label: string, options: { multiline?: boolean; trim?: boolean } = {}) {
  const control = options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL;
  return (options.trim === false ? z.string() : z.string().trim())
    .refine((value) => !control.test(value), `${label} must not contain control characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} must be valid text`);
}

const ID_MESSAGE = 'Not a valid id';

/** An id in a JSON body: a whole number from 1 to INT4_MAX. */
export const id = () => z.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT4_MAX, ID_MESSAGE);

/** An id in a path (`/api/tracks/{id}`): the text coerced to a number, in the same range. */
export const idParam = () =>
  z.coerce.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT4_MAX, ID_MESSAGE);

/** A count or position stored in an integer column: a whole number from 0 to INT4_MAX. */
export const int4 = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(INT4_MAX, `${label} must be at most ${INT4_MAX}`);

export const NOTHING_TO_UPDATE = 'Nothing to update: send at least one field to change';

/** A PATCH body must change something: an empty one is refused rather than half-applied. */
export const nonEmptyPatch = <T extends z.ZodObject>(schema: T) =>
  schema.refine((changes) => Object.keys(changes).length > 0, NOTHING_TO_UPDATE);

/** `?limit=` of a paged list, within `bounds` (what each list allows), said in words when not. */
export const pageLimit = (bounds: { min: number; max: number }) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(bounds.min, `limit must be at least ${bounds.min}`)
    .max(bounds.max, `limit must be at most ${bounds.max}`);
