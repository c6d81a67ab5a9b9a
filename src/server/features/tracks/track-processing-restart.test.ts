import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, restartTestApp, type TestApp } from '../../../test/build-test-app';
import { ffmpegFixture, sineInput } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks } from '../../db/schema';

const opened: TestApp[] = [];
afterAll(async () => {
  // The second app shares the first one's database and files: close it first, the owner last.
  for (const app of opened.reverse()) await app.close();
});

/** Resolves once a process-track job has its working copy in the temp folder (ffmpeg is running). */
async function jobRunning(dataDir: string, timeoutMs = 15_000) {
  const tmp = path.join(dataDir, 'tmp');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(tmp) && readdirSync(tmp).some((name) => name.startsWith('process-'))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the job never started');
}

/** An "ffmpeg" that hangs until it is killed, as a stuck transcode would. */
function hangingFfmpeg() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'hanging-ffmpeg-')), 'ffmpeg');
  writeFileSync(file, '#!/bin/sh\nexec sleep 600\n');
  chmodSync(file, 0o755);
  return file;
}

describe('a job interrupted by a restart', () => {
  it('runs again after the app starts anew on the same database, and the track becomes ready', async () => {
    // The first app's ffmpeg never finishes, so the restart surely lands mid-job; a real media file
    // would race the stop's grace period on a fast machine.
    const data = ffmpegFixture('tone-5s.opus', sineInput(5, 300, 48_000), ['-ac', '2', '-c:a', 'libopus']);
    const first = await buildTestApp({ mediaWorkers: 1, config: { ffmpegPath: hangingFfmpeg() } });
    opened.push(first);
    const owner = await first.signedInClient();
    const uploaded = await uploadAudio(owner, 'long.opus', data);

    await jobRunning(first.dataDir);
    await first.app.close();
    const [interrupted] = await first.db.select().from(tracks).where(eq(tracks.id, uploaded.id));
    expect(interrupted?.processingState).toBe('pending');
    // The aborted run left no working files behind.
    expect(readdirSync(path.join(first.dataDir, 'tmp')).filter((n) => n.startsWith('process-'))).toEqual([]);

    const second = await restartTestApp(first, { mediaWorkers: 1 });
    opened.push(second);
    const sameOwner = await second.signedInAs(owner.userId);
    const track = await waitForProcessing(sameOwner, uploaded.id, 40_000);
    expect(track.processing).toEqual({ state: 'ready', error: null });
    expect((await sameOwner.get(`/api/tracks/${track.id}/stream`)).headers['content-type']).toBe('audio/mp4');
  }, 90_000);

  it('start-up queues every track still pending without a job (e.g. tracks from before the upgrade)', async () => {
    // An app that only enqueues (MEDIA_WORKERS=0), whose jobs are then lost: as after migration 0002,
    // the tracks are pending and no job exists for them.
    const first = await buildTestApp();
    opened.push(first);
    const owner = await first.signedInClient();
    const uploaded = await uploadAudio(owner, 'old.aiff', ffmpegFixture('tone-1s.aiff', sineInput(1)));
    await first.db.execute(sql`delete from pgboss.job where name = 'process-track'`);
    await first.app.close();

    const second = await restartTestApp(first, { mediaWorkers: 1 });
    opened.push(second);
    const track = await waitForProcessing(await second.signedInAs(owner.userId), uploaded.id);
    expect(track.processing.state).toBe('ready');
  });
});
