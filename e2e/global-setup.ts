import type { FullConfig } from '@playwright/test';
import { ensureBuilt, makeDataTemplate, SERVER_LOG, startJournal } from './support/journal-server';

/**
 * Runs once before all stories: builds if needed, starts the local OIDC issuer and the built server,
 * and hands the address to the workers through E2E_BASE_URL (workers inherit this process's env and
 * playwright.config.ts reads it as baseURL). The returned function is the teardown.
 *
 * Set E2E_BASE_URL yourself to run the stories against a server you started (nothing is started then).
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the running server at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  ensureBuilt();
  const removeTemplate = makeDataTemplate();
  const journal = await startJournal().catch((error: unknown) => {
    removeTemplate();
    throw error;
  });
  process.env.E2E_BASE_URL = journal.baseURL;
  // Where the fixtures set the cookie choosing each story's OIDC user (e2e/fixtures.ts).
  if (journal.oidc) process.env.E2E_OIDC_ISSUER = journal.oidc.issuer;
  console.log(`[e2e] Journal at ${journal.baseURL} (OIDC issuer ${journal.oidc?.issuer}; log ${SERVER_LOG})`);
  return async () => {
    await journal.stop();
    removeTemplate();
  };
}
