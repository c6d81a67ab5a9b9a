import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_USER_ELEMENT_ID } from '../../../shared/constants';
import type { AuthUser } from '../../../shared/schemas/auth';
import { toAuthUser } from '../users/users.service';

/**
 * The request's signed-in user as GET /api/auth/user answers it, or undefined when signed out (or
 * when the session cannot be read: the page then asks as before).
 */
export async function pageUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | undefined> {
  if (!request.session?.userId) return undefined;
  try {
    await app.requireUser(request);
    const user = request.currentUser;
    return user ? toAuthUser(user, await request.server.instanceAdmins.roster()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The app's page with the signed-in user in it (decision 0380): a JSON data block, which no
 * browser runs (the CSP stays `script-src 'self'`), read by the client before its first render
 * instead of asking GET /api/auth/user and waiting a round trip. `<` is escaped so no text of the
 * user's (a name, a bio) can close the element.
 */
export function withSessionUser(html: string, user: AuthUser): string {
  const json = JSON.stringify(user).replace(/</g, '\\u003c');
  const element = `<script type="application/json" id="${SESSION_USER_ELEMENT_ID}">${json}</script>`;
  // A replacer function: a replacement string would read `$&` or `$'` in a name or a bio as patterns.
  return html.includes('</head>') ? html.replace('</head>', () => `${element}</head>`) : `${element}${html}`;
}
