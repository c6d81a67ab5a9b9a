import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every reply carries, for replies no hook sees (app.ts's frameworkErrors). */
    securityHeaders: readonly (readonly [string, string])[];
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

/** The only pages other sites may put in a frame: the embeddable player (issue 24, decision 0330). */
export const FRAMEABLE_PREFIX = '/embed/';

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
  const frameable = frameableHeaders(entries);
  app.decorate('securityHeaders', entries);
  app.addHook('onRequest', (request, reply, done) => {
    // Decided by the address alone, so an embed's 404 page and errors may be framed too, and no
    // other page ever is.
    const set = request.url.startsWith(FRAMEABLE_PREFIX) ? frameable : entries;
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  });
});
