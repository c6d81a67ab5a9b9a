import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_OIDC_USER,
  type LocalOidcProvider,
  OIDC_USER_COOKIE,
  type OidcTestUser,
  oidcUserCookie,
  startOidcProvider,
} from './oidc-provider';

// The local issuer the browser stories sign in at: a browser may choose its person with a cookie,
// so stories running side by side each sign in as someone of their own (decision 0153).

let provider: LocalOidcProvider;
const redirectUri = 'http://127.0.0.1:9/api/auth/callback';

beforeAll(async () => {
  provider = await startOidcProvider();
});
afterAll(async () => provider.stop());

/** The authorize step as a browser makes it (with its cookies), then the app's token request. */
async function signInClaims(cookie?: string): Promise<Record<string, unknown>> {
  const authorize = new URL(`${provider.issuer}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: 's',
    nonce: 'n',
  }).toString();
  const answer = await fetch(authorize, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const code = new URL(answer.headers.get('location') as string).searchParams.get('code');
  expect(code).toBeTruthy();
  const token = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code as string,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
  });
  expect(token.status).toBe(200);
  const idToken = ((await token.json()) as { id_token: string }).id_token;
  return JSON.parse(Buffer.from(idToken.split('.')[1] as string, 'base64url').toString('utf8'));
}

describe('local OIDC provider', () => {
  const grace: OidcTestUser = {
    sub: 'google-oauth2|grace-1',
    email: 'grace@example.com',
    given_name: 'Grace',
    family_name: 'Hopper',
  };

  it('signs a browser in as the person its cookie names, and others as the current user', async () => {
    const chosen = await signInClaims(`other=1; ${OIDC_USER_COOKIE}=${oidcUserCookie(grace)}`);
    expect(chosen).toMatchObject({ ...grace, nonce: 'n' });
    expect(await signInClaims()).toMatchObject({
      sub: DEFAULT_OIDC_USER.sub,
      email: DEFAULT_OIDC_USER.email,
    });
  });

  it('keeps the cookie per sign-in: setUser changes only browsers without one', async () => {
    provider.setUser({ sub: 'google-oauth2|linus', email: 'linus@example.com' });
    expect(await signInClaims(`${OIDC_USER_COOKIE}=${oidcUserCookie(grace)}`)).toMatchObject({
      sub: grace.sub,
    });
    expect(await signInClaims()).toMatchObject({ sub: 'google-oauth2|linus' });
    // A cookie that is not a person falls back to the current user.
    expect(await signInClaims(`${OIDC_USER_COOKIE}=bm9wZQ`)).toMatchObject({ sub: 'google-oauth2|linus' });
  });
});
