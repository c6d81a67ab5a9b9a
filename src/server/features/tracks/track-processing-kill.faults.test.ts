import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { ffmpegFixture, sineInput } from '../../../test/media-fixtures';
import {
  freePort,
  type ServerProcess,
  signInAsDemo,
  startServerProcess,
  waitForHealth,
} from '../../../test/server-process';

// Slow: `npm run test:faults`. The real server, killed with SIGKILL while ffmpeg runs: nothing can
// clean up, the job stays `active` with a heartbeat that stops, and a new process must finish it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-kill-'));
const env = {
  DATA_DIR: dataDir,
  MEDIA_WORKERS: '1',
  MEDIA_JOB_HEARTBEAT_SECONDS: '10',
  SESSION_SECRET: 'kill-test-session-secret-0123456789abcdef',
  DEMO_ENABLED: 'true',
};
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a media job whose process is killed', () => {
  it('is picked up after its heartbeat stops, by the next process, and the track becomes ready', async () => {
    const port = await freePort();
    const first = startServerProcess(port, env);
    servers.push(first);
    await waitForHealth(first, 60_000);
    const { cookie, token } = await signInAsDemo(first.baseUrl);
    const form = new FormData();
    const data = ffmpegFixture('tone-120s.opus', sineInput(120, 300, 48_000), [
      '-ac',
      '2',
      '-c:a',
      'libopus',
    ]);
    form.append('audio', new Blob([new Uint8Array(data)], { type: 'audio/ogg' }), 'long.opus');
    const res = await fetch(`${first.baseUrl}/api/tracks`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token },
      body: form,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Track;

    await until(
      'the job to start',
      async () => (first.output().includes(`"trackId":${id},"msg":"Processing track"`) ? true : undefined),
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startServerProcess(port, env);
    servers.push(second);
    await waitForHealth(second, 60_000);
    const track = await until(
      'the track to be processed',
      async () => {
        const list = (await (
          await fetch(`${second.baseUrl}/api/tracks`, { headers: { cookie } })
        ).json()) as Track[];
        const found = list.find((t) => t.id === id);
        return found && found.processing.state !== 'pending' ? found : undefined;
      },
      90_000,
    );
    expect(track.processing).toEqual({ state: 'ready', error: null });
    expect(second.output()).toContain(`"trackId":${id},"msg":"Processing track"`);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 200_000);
});
