import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { openApiText } from '../server/openapi/openapi-document';
import { testConfig } from './build-test-app';

/**
 * The OpenAPI document of the app built with the test configuration, on a throw-away in-memory
 * database (the document does not depend on it, but building the app needs one). `npm run openapi`.
 */
export async function generateOpenApiText(): Promise<string> {
  const handle = openDatabase({ databaseUrl: 'memory:', dataDir: '' });
  try {
    await runMigrations(handle);
    const app = await buildApp({ config: testConfig(), db: handle.db, logger: false });
    try {
      await app.ready();
      return openApiText(app);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}
