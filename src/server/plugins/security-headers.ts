import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start-up and set on every reply (decision 0067).
 * @fastify/helmet built a new helmet (and parsed the CSP directives again) on every request: a tenth
 * of what GET /api/auth/user cost. Our options are the same for every route and have no per-request
 * part (no nonces), so the headers are constants.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { helmet: HelmetOptions }) => {
  const entries = Object.entries(helmetHeaders(opts.helmet));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
});
