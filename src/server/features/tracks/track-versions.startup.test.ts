import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, restartTestApp, type TestApp } from '../../../test/build-test-app';
import { hasFfmpeg } from '../../../test/media-fixtures';
import { burstTake, waitForVersions } from '../../../test/take-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks, trackVersions } from '../../db/schema';

// Versions kept before issue 43 (decision 0606): migration 0035 marks them `pending` with nothing
// measured, and their tracks were processed without onsets. Start-up queues them; each version's job
// processes its file and, the track having no onsets, measures the current file's too.

const opened: TestApp[] = [];
afterAll(async () => {
  // The second app shares the first one's database and files: close it first, the owner last.
  for (const app of opened.reverse()) await app.close();
});

describe.skipIf(!hasFfmpeg)('versions waiting since the upgrade', () => {
  it('start-up queues them; they are processed and lined up, the track gets its onsets', async () => {
    const first = await buildTestApp({ mediaWorkers: 1 });
    opened.push(first);
    const owner = await first.signedInClient();
    const uploaded = await uploadAudio(owner, 'take.wav', burstTake('wav', 1.0));
    await waitForProcessing(owner, uploaded.id);
    const res = await owner.upload(
      `/api/tracks/${uploaded.id}/versions`,
      {},
      { field: 'file', name: 'take.mp3', type: 'audio/mpeg', data: burstTake('mp3', 0.3, -10) },
    );
    expect(res.statusCode).toBe(201);
    await waitForProcessing(owner, uploaded.id);
    await first.app.close();

    // As the upgrade leaves them: the track processed without onsets, version 1 pending and bare,
    // no job for it.
    await first.db
      .update(tracks)
      .set({ onsets: null, audioStartSeconds: null })
      .where(eq(tracks.id, uploaded.id));
    const v1 = and(eq(trackVersions.trackId, uploaded.id), eq(trackVersions.version, 1));
    await first.db
      .update(trackVersions)
      .set({
        processingState: 'pending',
        renditionKey: null,
        peaksKey: null,
        loudnessLufs: null,
        truePeakDb: null,
        duration: null,
        onsets: null,
        audioStartSeconds: null,
        alignSeconds: null,
      })
      .where(v1);
    await first.db.execute(sql`delete from pgboss.job where name = 'process-track'`);

    const second = await restartTestApp(first, { mediaWorkers: 1 });
    opened.push(second);
    const sameOwner = await second.signedInAs(owner.userId);
    const versions = await waitForVersions(sameOwner, uploaded.id, (all) =>
      all.every((v) => v.current || v.alignSeconds !== null),
    );
    const earlier = versions.find((v) => v.version === 1)!;
    expect(earlier).toMatchObject({ processingState: 'ready', current: false });
    expect(earlier.loudnessLufs).toBeLessThan(0);
    expect(Math.abs(earlier.alignSeconds! - 0.7)).toBeLessThan(0.02);
    const [track] = await second.db.select().from(tracks).where(eq(tracks.id, uploaded.id));
    expect(track!.onsets).not.toBeNull();
    expect(track!.audioStartSeconds).toBeCloseTo(0.3, 1);
    const [row] = await second.db.select().from(trackVersions).where(v1);
    expect(row!.peaksKey).not.toBeNull();
  }, 90_000);
});
