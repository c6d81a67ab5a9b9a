import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWav } from '../../test/media-fixtures';
import {
  freePort,
  type ServerProcess,
  signInAsDemo,
  startServerProcess,
  waitForHealth,
} from '../../test/server-process';

// Slow: `npm run test:faults`. The real server, killed with SIGKILL after a track's deletion has
// committed and before its file could be removed (decision 0095): the next process removes it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-blob-kill-'));
const tracksDir = path.join(dataDir, 'files', 'tracks');
const env = {
  DATA_DIR: dataDir,
  MEDIA_WORKERS: '0',
  SESSION_SECRET: 'blob-kill-test-session-secret-0123456789',
  DEMO_ENABLED: 'true',
};
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(what: string, probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const storedTracks = () => (existsSync(tracksDir) ? readdirSync(tracksDir) : []);

describe('a track deleted just before its process is killed', () => {
  it('has its file removed by the next process on the same data', async () => {
    const port = await freePort();
    const first = startServerProcess(port, env);
    servers.push(first);
    await waitForHealth(first, 90_000);
    const { cookie, token } = await signInAsDemo(first.baseUrl);
    const before = new Set(storedTracks());
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(makeWav(0.5))], { type: 'audio/wav' }), 'doomed.wav');
    const res = await fetch(`${first.baseUrl}/api/tracks`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token },
      body: form,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const key = storedTracks().find((name) => !before.has(name));
    expect(key).toBeDefined();
    const file = path.join(tracksDir, key!);

    // Until the process dies, the store cannot remove the file: a directory stands in its place
    // (rm without `recursive` refuses it, even for root), so the drain fails after the commit.
    rmSync(file);
    mkdirSync(file);
    writeFileSync(path.join(file, 'inside'), 'x');
    const deleted = await fetch(`${first.baseUrl}/api/tracks/${id}`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(deleted.status).toBe(200);
    await until(
      'the failed removal',
      () => first.output().includes('Could not remove a blob; will retry'),
      30_000,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    // The file is back as a file, which nothing refers to any more.
    rmSync(file, { recursive: true });
    writeFileSync(file, 'orphan unless the outbox survived');
    const second = startServerProcess(port, env);
    servers.push(second);
    await waitForHealth(second, 90_000);
    await until('the start-up drain to remove the file', () => !existsSync(file), 30_000);
    // The demo account's own sample files are untouched.
    for (const name of before) expect(existsSync(path.join(tracksDir, name)), name).toBe(true);
  });
});
