#!/usr/bin/env node
// npm run dev:oidc (issue 48, decision 0863): Journal with a local OpenID Connect issuer standing in
// for Google, the one the tests sign in with (src/test/oidc-provider.ts), so a newcomer can sign in
// as an instance admin without a Google client. "Sign in with Google" then signs in at once as Ada
// Lovelace (ada@example.com), whom ADMIN_USERS makes an admin. For trying things out only: anyone
// who reaches the issuer signs in as Ada.
//   DEV_OIDC_PORT (default 5010): the issuer's port, on 127.0.0.1.
//   DEV_OIDC_SERVER=source: run src/server/main.ts through tsx instead of building (the tests).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_OIDC_USER, startOidcProvider } from '../src/test/oidc-provider.ts';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const issuer = await startOidcProvider(Number(process.env.DEV_OIDC_PORT ?? 5010));
const fromSource = process.env.DEV_OIDC_SERVER === 'source';
if (!fromSource) {
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    await issuer.stop();
    process.exit(build.status ?? 1);
  }
}
const admins = [process.env.ADMIN_USERS, DEFAULT_OIDC_USER.email].filter(Boolean).join(',');
console.log(
  `Local sign-in issuer at ${issuer.issuer}: "Sign in with Google" signs you in as ${DEFAULT_OIDC_USER.given_name} ${DEFAULT_OIDC_USER.family_name} (${DEFAULT_OIDC_USER.email}), an instance admin. Not for production.`,
);
const server = spawn(
  process.execPath,
  fromSource
    ? ['--import', 'tsx', 'src/server/main.ts']
    : [...serverNodeFlags(process.env.DATABASE_URL), 'dist/server/main.js'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      ADMIN_USERS: admins,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('close', async (code) => {
  await issuer.stop();
  process.exit(code ?? 0);
});
