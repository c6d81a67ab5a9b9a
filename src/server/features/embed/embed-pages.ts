import type { FastifyReply } from 'fastify';
import { INT4_MAX } from '../../../shared/schemas/primitives';
import { allowFraming } from '../../plugins/security-headers';

/** The built embed page (a second Vite entry beside index.html; decision 0330). */
export const EMBED_HTML = 'embed.html';

/** An id as a page address carries it, or null for anything that cannot name a row. */
export function pageId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}

/**
 * The embed's 404: the same words for a private, hidden, removed or unknown item, so a frame tells
 * nobody what exists. Plain HTML (styles inline, allowed by the CSP; no script) in the player's look.
 */
const NOT_AVAILABLE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Not available · Journal</title>
    <style>
      html, body { height: 100%; margin: 0; }
      body {
        display: flex; align-items: center; justify-content: center; box-sizing: border-box;
        padding: 12px; background: #14161d; color: #eceef3; text-align: center;
        font: 14px/1.4 Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      }
      p { margin: 0; }
      .sub { margin-top: 4px; color: #a3a8b6; font-size: 13px; }
    </style>
  </head>
  <body>
    <main>
      <p>This player is not available.</p>
      <p class="sub">It may be private, or it has been removed.</p>
    </main>
  </body>
</html>
`;

/** The not-available page; a share link's embed answers 410 with it once the link expired (0335). */
export function sendNotAvailable(reply: FastifyReply, status: 404 | 410 = 404) {
  return allowFraming(reply)
    .code(status)
    .header('Cache-Control', 'no-cache')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(NOT_AVAILABLE_PAGE);
}

/** The embed page itself (the built embed.html), which other sites may frame. */
export function sendEmbedPage(reply: FastifyReply) {
  return allowFraming(reply).header('Cache-Control', 'no-cache').sendFile(EMBED_HTML);
}
