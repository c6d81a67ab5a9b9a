import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What the logs must never hold (issue 9): the sign-in hand-off token and the OpenID Connect code
 * and state travel in query strings of requests Fastify logs, and a failed query's message lists
 * its parameters (session ids, token hashes, emails). These serializers replace Fastify's.
 */
const SECRET_QUERY_KEYS = new Set([
  'handoff',
  'code',
  'state',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'session_state',
  // The Subsonic API's credentials (/rest, decision 0385): an API key, a password (plain or `enc:`
  // hex), and md5(password + salt) with its salt, from which a password could be guessed offline.
  'apikey',
  'p',
  't',
  's',
]);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw key
      }
      return eq !== -1 && SECRET_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** drizzle's "Failed query: …\nparams: …" message: the statement stays, its values go. */
const withoutParams = (text: string | undefined) =>
  text?.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(err: Error) {
    const serialized = pino.stdSerializers.err(err) as ReturnType<typeof pino.stdSerializers.err> & {
      params?: unknown;
    };
    if ('params' in serialized) serialized.params = REDACTED;
    serialized.message = withoutParams(serialized.message) ?? '';
    serialized.stack = withoutParams(serialized.stack) ?? '';
    return serialized;
  },
};
