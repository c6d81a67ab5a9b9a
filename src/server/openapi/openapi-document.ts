import type { FastifyInstance } from 'fastify';

/** The committed document, at the repository root (decision 0190); `npm run openapi` rewrites it. */
export const OPENAPI_FILE = 'openapi.json';

/** Object keys in code-point order at every depth; arrays keep their order (it can mean something). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/**
 * The app's OpenAPI document as the text that is committed and served: keys sorted, two-space
 * indent, one final newline. Sorted so that the order in which features register their routes
 * (or a merge of two branches) changes no line that the contract itself did not change.
 */
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(sortKeys(liftHeaderRequired(app.swagger())), null, 2)}\n`;
}

type Headers = Record<string, { required?: unknown; schema?: Record<string, unknown> }>;
type Paths = Record<string, Record<string, { responses?: Record<string, { headers?: Headers }> }>>;

/**
 * @fastify/swagger copies a response header's fields into its `schema`, where `required: true` is
 * not JSON Schema; OpenAPI has it on the Header Object. Moved there, on a copy (blob-responses.ts).
 */
function liftHeaderRequired<T>(document: T): T {
  const copy = structuredClone(document) as T & { paths?: Paths };
  for (const operations of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const header of Object.values(response.headers ?? {})) {
          if (header.schema?.required !== true) continue;
          const { required, ...schema } = header.schema;
          header.schema = schema;
          header.required = required;
        }
      }
    }
  }
  return copy;
}
