import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every reply carries, for replies no hook sees (app.ts's frameworkErrors). */
    securityHeaders: readonly (readonly [string, string])[];
    /** The same for a page other sites may frame (see allowFraming). */
    frameableSecurityHeaders: readonly (readonly [string, string])[];
  }
}

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

/**
 * Browser features no page of the app uses are switched off for it and for anything it might frame
 * (decision 0244): an injected script, or a page a link opens in a frame, cannot ask for the
 * camera, the microphone, a location or a payment. Kept on, for this origin only: autoplay (the
 * queue plays the next track), fullscreen, picture-in-picture, the screen wake lock (a phone
 * playing a long set), and writing to the clipboard (Copy link). Only feature names Chromium
 * knows: an unknown one is an error in the console of every page.
 */
export const PERMISSIONS_POLICY = [
  ...[
    'accelerometer',
    'browsing-topics',
    'camera',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'publickey-credentials-get',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
  ...['autoplay', 'clipboard-write', 'fullscreen', 'picture-in-picture', 'screen-wake-lock'].map(
    (feature) => `${feature}=(self)`,
  ),
].join(', ');

/**
 * The headers of a frameable page: the same, but `frame-ancestors *` in the CSP and no
 * X-Frame-Options (which knows no "anyone" and would win in old browsers).
 */
export function frameableHeaders(entries: readonly (readonly [string, string])[]) {
  return entries
    .filter(([name]) => name.toLowerCase() !== 'x-frame-options')
    .map(([name, value]) => {
      if (name.toLowerCase() !== 'content-security-policy') return [name, value] as const;
      const directives = value.split(';').filter((d) => !/^\s*frame-ancestors\b/i.test(d));
      return [name, [...directives, 'frame-ancestors *'].join(';')] as const;
    });
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { helmet: HelmetOptions }) => {
  const entries = [
    ...Object.entries(helmetHeaders(opts.helmet)),
    ['Permissions-Policy', PERMISSIONS_POLICY] as const,
  ];
  app.decorate('securityHeaders', entries);
  app.decorate('frameableSecurityHeaders', frameableHeaders(entries));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
});

/**
 * Lets other sites frame this reply: called by the embeddable player's pages alone (its page and
 * its not-available page; issue 24, decision 0330), just before they are sent. Framing is granted
 * per page, not per address, so an error answered under `/embed/` (a JSON 404 for another method,
 * a 503, a rate limit) refuses frames like every other reply (issue 41, decision 0545), and the
 * error handler takes it back from a page that failed after asking (restoreSecurityHeaders).
 */
export function allowFraming(reply: FastifyReply) {
  reply.raw.removeHeader('X-Frame-Options');
  for (const [name, value] of reply.server.frameableSecurityHeaders) reply.raw.setHeader(name, value);
  return reply;
}

/** Every reply's own headers again, for an error replacing a page that had allowed framing. */
export function restoreSecurityHeaders(reply: FastifyReply) {
  for (const [name, value] of reply.server.securityHeaders ?? []) reply.raw.setHeader(name, value);
}
