import type { FastifyReply } from 'fastify';
import { allowFraming } from '../../plugins/security-headers';
import { sharePath } from './share-views';

/**
 * The embed of a password link (issue 45, decision 0702): no title, no player, only a line saying
 * the link is protected and a link that opens its page (where the password is asked) in a new tab.
 * Framed by other sites as the player is; plain HTML in the player's look, no script. The token has
 * already been checked against SHARE_TOKEN_PATTERN (base64url), so it is safe in the address.
 */
const lockedPage = (token: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Protected link · Journal</title>
    <style>
      html, body { height: 100%; margin: 0; }
      body {
        display: flex; align-items: center; justify-content: center; box-sizing: border-box;
        padding: 12px; background: #14161d; color: #eceef3; text-align: center;
        font: 14px/1.4 Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      }
      p { margin: 0; }
      a { display: inline-block; margin-top: 8px; color: #c4b5fd; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <p>This link is protected by a password.</p>
      <a href="${sharePath(token)}" target="_blank" rel="noopener noreferrer">Open it on Journal</a>
    </main>
  </body>
</html>
`;

export function sendLockedEmbedPage(reply: FastifyReply, token: string) {
  return allowFraming(reply)
    .header('Cache-Control', 'no-cache')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(lockedPage(token));
}
