/**
 * Which /rest methods change data (decision 0405). A player may call any method by GET or by form
 * POST, so the HTTP method says nothing: each method that writes declares it by being wrapped in
 * `writes(…)`, and only those bump the access-cache generation (decision 0066), whichever way they
 * came. A read-only method sent as a form POST leaves everyone's cached sessions and stream answers
 * alone. The route × role matrix (rest-roles.test.ts) checks each method against its declaration.
 */
const WRITES = Symbol('subsonic method writes');

export function writes<M extends (...args: never[]) => unknown>(method: M): M {
  return Object.assign(method, { [WRITES]: true as const });
}

/** Whether a method was declared with `writes`; unknown methods change nothing. */
export const isWrite = (method: unknown): boolean => typeof method === 'function' && WRITES in method;
