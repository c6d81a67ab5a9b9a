/**
 * Reading a route's zod schemas (as the app registered them) to aim the fuzz test: which keys a
 * body or query has, which path parameters are ids, what a minimal valid body looks like and which
 * values sit just past a limit.
 */

export const INT4_MAX = 2_147_483_647;

/** Text that has broken servers: a NUL byte, a lone surrogate, dates PostgreSQL cannot store. */
export const BAD_TEXT = ['a\0b', '\u0007', 'x\ud800', '-001000-01-01T00:00:00.000Z', '0000-01-01'];
/** Numbers past what an int4 column, or an integer, holds. */
export const BAD_NUMBERS = [INT4_MAX + 1, -INT4_MAX - 2, 1e300, 1.5];

export interface Def {
  type: string;
  innerType?: unknown;
  in?: unknown;
  shape?: Record<string, unknown>;
  element?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: unknown[];
}

export function defOf(schema: unknown): Def | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return (schema as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional, nullable, default and the input side of a pipe. */
export function unwrap(schema: unknown): unknown {
  const def = defOf(schema);
  if (!def) return schema;
  if (WRAPPERS.has(def.type)) return unwrap(def.innerType);
  if (def.type === 'pipe') return unwrap(def.in);
  return schema;
}

const typeOf = (schema: unknown) => defOf(unwrap(schema))?.type;

/** The fields of an object schema. */
export function shapeOf(schema: unknown): Record<string, unknown> {
  return defOf(unwrap(schema))?.shape ?? {};
}

/** The keys of an object schema, or of the objects in an array schema. */
export function objectKeys(schema: unknown): string[] {
  const def = defOf(unwrap(schema));
  if (def?.type === 'array') return objectKeys(def.element);
  return Object.keys(def?.shape ?? {});
}

/** Whether a schema takes a number (a coerced path id, a body id). */
export const isNumber = (schema: unknown) => typeOf(schema) === 'number' || typeOf(schema) === 'int';

/** A field that may be left out. */
function isOptional(schema: unknown): boolean {
  const def = defOf(schema);
  if (!def) return true;
  if (def.type === 'optional' || def.type === 'default') return true;
  if (def.type === 'pipe') return isOptional(def.in);
  return WRAPPERS.has(def.type) && def.type !== 'nonoptional' ? isOptional(def.innerType) : false;
}

/** The smallest value the schema plausibly accepts: required fields only, ids 1, text 'Fuzz'. */
export function minimalValue(schema: unknown): unknown {
  const def = defOf(unwrap(schema));
  switch (def?.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, field]) => !isOptional(field))
          .map(([key, field]) => [key, minimalValue(field)]),
      );
    case 'array':
      return [];
    case 'record':
      return {};
    case 'string':
      return 'Fuzz';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    default:
      return null;
  }
}

/**
 * Values of the right type just past a limit, each in an otherwise minimal valid body, so that
 * each one reaches the code behind the schema on its own.
 */
export function valuesPastLimits(schema: unknown): unknown[] {
  const def = defOf(unwrap(schema));
  switch (def?.type) {
    case 'string':
    case 'enum':
      return BAD_TEXT;
    case 'number':
    case 'int':
      return BAD_NUMBERS;
    case 'array':
      return valuesPastLimits(def.element).map((bad) => [bad]);
    case 'record': {
      const key = Object.values(defOf(unwrap(def.keyType))?.entries ?? { fuzz: 'fuzz' })[0] as string;
      return valuesPastLimits(def.valueType).map((bad) => ({ [key]: bad }));
    }
    case 'object': {
      const base = minimalValue(schema) as Record<string, unknown>;
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        valuesPastLimits(field).map((bad) => ({ ...base, [key]: bad })),
      );
    }
    default:
      return [];
  }
}
