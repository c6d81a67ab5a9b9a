import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config';
import type { IdentityClaims } from './identity.service';

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  startAuthorization(redirectUri: string): Promise<AuthorizationRequest>;
  /** Exchanges the code in callbackUrl; throws SignInRefused when state, nonce or PKCE do not match. */
  finishAuthorization(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityClaims>;
}

/** The provider answered, but the answer does not belong to this browser's sign-in attempt. */
export class SignInRefused extends Error {}

const LOOPBACK = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/;

/**
 * Google (or any OpenID Connect issuer) through openid-client: authorization code flow with PKCE,
 * state and nonce. Discovery happens on first use and is cached, so the app starts offline.
 */
export function createOidcClient(settings: OidcConfig): OidcClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain http is only ever allowed for an issuer on this machine (the tests' local provider).
        LOOPBACK.test(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    async startAuthorization(redirectUri) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finishAuthorization(callbackUrl, expected) {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        // Wrong state, nonce or verifier, an error answer (user cancelled), a bad token: all mean
        // this attempt cannot finish; the caller shows a page rather than a 500.
        throw new SignInRefused(err instanceof Error ? err.message : String(err));
      }
      const claims = tokens.claims();
      if (!claims?.sub) throw new SignInRefused('The ID token has no subject');
      const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
      return {
        // The issuer the token was checked against: with the subject, it names the identity.
        iss: claims.iss,
        sub: claims.sub,
        email: text(claims.email),
        // Only a JSON true vouches for the address: absent, false or a string is not verified.
        email_verified: claims.email_verified === true,
        given_name: text(claims.given_name),
        family_name: text(claims.family_name),
        picture: text(claims.picture),
      };
    },
  };
}
