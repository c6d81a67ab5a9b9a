import { OAuth2Server } from 'oauth2-mock-server';

/** The ID-token claims the local provider puts in the next token it issues. */
export interface OidcTestUser {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export const DEFAULT_OIDC_USER: OidcTestUser = {
  sub: 'google-oauth2|ada',
  email: 'ada@example.com',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://example.com/ada.png',
};

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims for the next sign-ins (until changed). */
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
  server.service.on('beforeTokenSigning', (token) => {
    // Only the ID token carries profile claims; the access token keeps its defaults.
    if (token.payload.aud !== undefined && token.payload.aud !== issuer) {
      Object.assign(token.payload, user);
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
