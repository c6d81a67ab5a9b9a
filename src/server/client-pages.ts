import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANDING_PAGE_FILE } from '../shared/constants';
import { pageUser, withSessionUser } from './features/auth/session-in-page';
import { EMBED_HTML, sendNotAvailable } from './features/embed/embed-pages';
import { sendHtml } from './features/previews/html-reply';
import { errorBody } from './plugins/errors';

/** The built client's folder when it holds an index.html; undefined: API only. */
export const hasClientAt = (clientDir: string | undefined) =>
  clientDir !== undefined && existsSync(path.join(clientDir, 'index.html')) ? clientDir : undefined;

/**
 * The built files a browser may ask for by address, as paths relative to the build, spelt exactly
 * as on disk (so a case alias on a case-insensitive disk is no address). Not served: source maps
 * (none are built for the client; should one be put there, still not); the .br and .gz copies,
 * which are encodings of their file rather than addresses; the embed page, served at /embed/… only
 * with the headers that let it be framed (0330); the drawn landing, at `/` only, to a visitor who
 * is signed out (0930).
 */
export function servableFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (/\.(map|br|gz)$/.test(file) || file === EMBED_HTML || file === LANDING_PAGE_FILE) continue;
    files.add(file);
  }
  return files;
}

/**
 * Serves the built client: hashed assets cached for a year, index.html for every client route. The
 * build writes .br and .gz beside each text file; `preCompressed` sends the one Accept-Encoding
 * allows, with Content-Encoding and Vary (decision 0058). Pages with a link preview (a track, a
 * playlist, a profile) get index.html with their tags instead (decision 0325).
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<boolean> {
  const hasClient = clientDir !== undefined;
  // A build older than decision 0930 has none: signed-out visitors then get index.html, as before.
  const hasLanding = hasClient && existsSync(path.join(clientDir, LANDING_PAGE_FILE));
  if (hasClient) {
    // Only `reply.sendFile`: the plugin's own wildcard route reads every parent folder on each
    // request to check the spelling (decision 0952); the addresses are known once, at start.
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      serve: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const servable = servableFiles(clientDir);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return servable.has(file) ? reply.sendFile(file) : reply.callNotFound();
    });
  }
  /** A page of the app: index.html, with its link preview's tags and, signed in, the user. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.header('Cache-Control', 'no-cache');
    // The page still loads when its preview cannot be made (the app then says what is wrong).
    const page = await app.pagePreviews.page(pathname).catch((err: unknown) => {
      request.log.warn({ err }, 'Could not make the link preview of a page');
      return undefined;
    });
    // Signed in, the page carries the user, so the first screen draws without asking (0380).
    const user = await pageUser(app, request);
    if (user) reply.header('Cache-Control', 'private, no-cache');
    if (page !== undefined) {
      if (page.noindex) reply.header('X-Robots-Tag', 'noindex');
      // Made per page, so not among the build's precompressed files: compressed here (0375).
      return sendHtml(request, reply, page.status, user ? withSessionUser(page.html, user) : page.html);
    }
    if (user) {
      const html = await readFile(path.join(clientDir as string, 'index.html'), 'utf8');
      return sendHtml(request, reply, 200, withSessionUser(html, user));
    }
    // No session at all at `/`: the landing already drawn, so it shows before any script has run
    // (decision 0930). A session whose user could not be read gets index.html: the client asks.
    if (pathname === '/' && hasLanding && !request.session?.userId) return reply.sendFile(LANDING_PAGE_FILE);
    return reply.sendFile('index.html');
  };
  // The journal's address, before the static files' own answer for `/` (their index.html).
  if (hasClient) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing asset is a 404, not the page: a script tag must not get HTML (an old chunk after a deploy).
    const notPage = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/assets/');
    if (notPage || !hasClient || request.method !== 'GET') {
      return reply.code(404).send(errorBody(404, `Route ${request.method} ${pathname} not found`));
    }
    // An embed address of no known kind is the embed's own 404 page, never the app in a frame.
    if (pathname.startsWith('/embed/')) return sendNotAvailable(reply);
    return sendPage(request, reply, pathname);
  });
  return hasClient;
}
