import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  START_DEADLINE_MS,
  startServerProcess,
  waitForHealth,
} from '../test/server-process';

let running: ServerProcess | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

describe('main: migrating as a step of its own (decision 0096)', () => {
  it(
    '`migrate` applies the migrations and exits; a start with MIGRATE_ON_START=false then serves',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-migrate-'));
      running = startServerProcess(await freePort(), { DATA_DIR: dataDir }, { args: ['migrate'] });
      expect(await running.exited, running.output()).toBe(0);
      expect(running.output()).toContain('Migrations applied (embedded PGlite)');

      const port = await freePort();
      running = startServerProcess(port, { DATA_DIR: dataDir, MIGRATE_ON_START: 'false' });
      await waitForHealth(running);
      const demo = await fetch(`${running.baseUrl}/api/auth/csrf-token`);
      expect(demo.status).toBe(200);
      // A first start on disk creates PGlite and migrates it: tens of seconds on a busy machine.
    },
    2 * START_DEADLINE_MS,
  );

  it('refuses to serve PostgreSQL without SESSION_SECRET, naming the setting', async () => {
    running = startServerProcess(0, {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      SESSION_SECRET: '',
    });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('SESSION_SECRET: is required with PostgreSQL');
    expect(running.output()).not.toContain('nobody');
  }, 60_000);
});
