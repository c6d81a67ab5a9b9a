import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * INSTANCE_NAME set: every reply carries `X-Instance: <name>`, so whoever stands behind a balancer
 * (the cluster test, an operator with curl) can tell which instance answered (decision 0106).
 * Set on the raw response at onRequest, so it also rides on replies written straight to the socket
 * (streams, the event stream) and on errors.
 */
export const instanceNamePlugin = fp(async (app: FastifyInstance, opts: { name: string | undefined }) => {
  const { name } = opts;
  if (!name) return;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('x-instance', name);
    done();
  });
});
