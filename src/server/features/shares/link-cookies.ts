import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_PASSWORD_REQUIRED_MESSAGE } from '../../../shared/schemas/share-passwords';
import { HttpError } from '../../plugins/errors';
import { byTokenBase } from './share-paths';

/**
 * The cookies a share link sets in a signed-out browser (issue 45, decision 0700): one saying the
 * link's password was given, one holding the guest's id and name (review and upload links). Each is
 * scoped to the link's own API path (`/api/shares/by-token/{token}`), so one link's cookie never
 * reaches another link's routes, and carries the link's id inside its HMAC-signed value, so a cookie
 * copied to another link's path is refused too. Signed with the session secrets (the first signs,
 * all verify), like the session cookie.
 */

export const UNLOCK_COOKIE = 'journal_link_unlock';
export const GUEST_COOKIE = 'journal_link_guest';

/** The app's one instance, for every route that reads a link's cookies (shares and share pages). */
export const linkCookiesOf = (config: {
  sessionSecret: string;
  previousSessionSecrets?: readonly string[];
  publicUrl: string;
}) =>
  new LinkCookies(
    [config.sessionSecret, ...(config.previousSessionSecrets ?? [])],
    config.publicUrl.startsWith('https://'),
  );
const UNLOCK_DAYS = 30;
const GUEST_DAYS = 365;

export interface LinkGuest {
  /** Random, made when the guest first gives a name; what their comments and uploads are kept under. */
  guestId: string;
  name: string;
}

interface LinkRef {
  id: number;
  token: string;
  passwordHash: string | null;
  /** The link's owner: signed in, they pass its password gate (decision 0702). */
  userId?: string;
}

/** A short fingerprint of the stored hash: changing or removing the password ends old unlocks. */
const passwordFingerprint = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

export class LinkCookies {
  constructor(
    private readonly secrets: readonly string[],
    private readonly secure: boolean,
  ) {}

  /**
   * Whether this request may read a password-protected link: true when the link has no password,
   * and for its owner's own session (they know it, and may have removed it: decision 0702).
   */
  isUnlocked(request: FastifyRequest, link: LinkRef): boolean {
    if (link.passwordHash === null) return true;
    if (link.userId !== undefined && request.session?.userId === link.userId) return true;
    const value = this.read(request, UNLOCK_COOKIE);
    return value?.s === link.id && value.p === passwordFingerprint(link.passwordHash);
  }

  /** After the right password: the browser may read the link until the password changes. */
  setUnlocked(reply: FastifyReply, link: LinkRef): void {
    if (link.passwordHash === null) return;
    this.write(
      reply,
      link,
      UNLOCK_COOKIE,
      { s: link.id, p: passwordFingerprint(link.passwordHash) },
      UNLOCK_DAYS,
    );
  }

  /** The guest this browser is on this link, or null before they gave a name. */
  guest(request: FastifyRequest, link: LinkRef): LinkGuest | null {
    const value = this.read(request, GUEST_COOKIE);
    if (value?.s !== link.id || typeof value.g !== 'string' || typeof value.n !== 'string') return null;
    return { guestId: value.g, name: value.n };
  }

  /** Keeps the guest's name (a new id unless they had one on this link); returns who they are now. */
  setGuest(request: FastifyRequest, reply: FastifyReply, link: LinkRef, name: string): LinkGuest {
    const guest = { guestId: this.guest(request, link)?.guestId ?? randomUUID(), name };
    this.write(reply, link, GUEST_COOKIE, { s: link.id, g: guest.guestId, n: guest.name }, GUEST_DAYS);
    return guest;
  }

  private sign(payload: string, secret: string) {
    return createHmac('sha256', secret).update(payload).digest('base64url');
  }

  private read(request: FastifyRequest, name: string): Record<string, unknown> | null {
    const raw = request.cookies[name];
    if (!raw) return null;
    const dot = raw.lastIndexOf('.');
    if (dot <= 0) return null;
    const payload = raw.slice(0, dot);
    const mac = Buffer.from(raw.slice(dot + 1));
    const valid = this.secrets.some((secret) => {
      const expected = Buffer.from(this.sign(payload, secret));
      return expected.length === mac.length && timingSafeEqual(expected, mac);
    });
    if (!valid) return null;
    try {
      const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  private write(reply: FastifyReply, link: LinkRef, name: string, value: object, days: number) {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    reply.setCookie(name, `${payload}.${this.sign(payload, this.secrets[0]!)}`, {
      path: byTokenBase(link.token),
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: days * 24 * 60 * 60,
    });
  }
}

export { SHARE_PASSWORD_REQUIRED_MESSAGE };

/** The 401 of a locked link: `{ statusCode, error, message, passwordRequired: true }` (decision 0702). */
export const passwordRequired = (message = SHARE_PASSWORD_REQUIRED_MESSAGE) =>
  new HttpError(401, message, undefined, { passwordRequired: true });

/**
 * Every by-token route's gate after the link is found (issue 45): a password-protected link not yet
 * unlocked in this browser answers 401 `{ passwordRequired: true }` to its reads and writes alike.
 * Such a route declares `401: passwordRequiredSchema` (shared/schemas/share-passwords.ts).
 */
export function requireUnlocked(cookies: LinkCookies, request: FastifyRequest, link: LinkRef): void {
  if (!cookies.isUnlocked(request, link)) throw passwordRequired();
}
