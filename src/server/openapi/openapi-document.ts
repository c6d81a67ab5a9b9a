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
  return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
}
