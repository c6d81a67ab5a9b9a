import { OAuth2Server } from 'oauth2-mock-server';

/** The ID-token claims the local provider puts in the next token it issues. */
export interface OidcTestUser {
  sub: string;
  email: string;
  /**
   * Whether the issuer vouches for `email`. Left out, the token carries no such claim (some issuers
   * send none); Google says true for its accounts, as DEFAULT_OIDC_USER does.
   */
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export const DEFAULT_OIDC_USER: OidcTestUser = {
  sub: 'google-oauth2|ada',
  email: 'ada@example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://example.com/ada.png',
};

/**
 * A browser carrying this cookie to the issuer's authorize step signs in as the user it names
 * (base64url JSON of an OidcTestUser, see oidcUserCookie), whatever `setUser` chose: each browser
 * story picks its own person, so stories can run side by side on one server (decision 0153).
 */
export const OIDC_USER_COOKIE = 'journal_test_oidc_user';

/** The value of OIDC_USER_COOKIE for `user`. */
export function oidcUserCookie(user: OidcTestUser): string {
  return Buffer.from(JSON.stringify(user)).toString('base64url');
}

function userFromCookie(header: string | undefined): OidcTestUser | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name !== OIDC_USER_COOKIE || !value) continue;
    try {
      const user = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as OidcTestUser;
      if (typeof user.sub === 'string' && typeof user.email === 'string') return user;
    } catch {
      // Not ours to judge: fall back to the provider's current user.
    }
  }
  return undefined;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims for the next sign-ins (until changed) of browsers without OIDC_USER_COOKIE. */
  setUser(user: OidcTestUser): void;
  /** Makes the next token carry this nonce instead of the one the client sent (to test refusal). */
  forceNextNonce(nonce: string): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect issuer on 127.0.0.1 (discovery, JWKS, authorize with PKCE, token with
 * nonce), standing in for Google in tests. The authorize step signs the user in at once.
 */
export async function startOidcProvider(port = 0): Promise<LocalOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('OIDC test provider did not report its URL');

  let user = DEFAULT_OIDC_USER;
  let forcedNonce: string | undefined;
  // Authorization codes of browsers that chose their user by cookie; the token request (server to
  // server, no cookie) names the code.
  const chosenByCode = new Map<string, OidcTestUser>();
  server.service.on('beforeAuthorizeRedirect', ({ url }, req) => {
    const chosen = userFromCookie(req.headers.cookie);
    const code = url.searchParams.get('code');
    if (chosen && code) chosenByCode.set(code, chosen);
  });
  server.service.on('beforeTokenSigning', (token, req) => {
    // Only the ID token carries profile claims; the access token keeps its defaults.
    if (token.payload.aud !== undefined && token.payload.aud !== issuer) {
      const code = (req.body as { code?: unknown } | undefined)?.code;
      const chosen = typeof code === 'string' ? chosenByCode.get(code) : undefined;
      if (typeof code === 'string') chosenByCode.delete(code);
      Object.assign(token.payload, chosen ?? user);
      if (forcedNonce !== undefined) {
        token.payload.nonce = forcedNonce;
        forcedNonce = undefined;
      }
    }
  });

  return {
    issuer,
    clientId: 'journal-test-client',
    clientSecret: 'journal-test-secret',
    setUser(next) {
      user = next;
    },
    forceNextNonce(nonce) {
      forcedNonce = nonce;
    },
    stop: () => server.stop(),
  };
}
