import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { uploadAudio } from '../../../test/track-processing';
import { tracks } from '../../db/schema';
import type { JobQueue, QueueDefinition } from '../../jobs/job-queue';
import type { TrackProcessingDeps } from './track-analysis';
import { startTrackProcessing } from './track-processing.queue';
import { PROCESS_TRACK_QUEUE, type ProcessTrackJob } from './track-processing.service';

// Decision 0921: a track set pending while its job ran (a new version, a retry) had its send refused
// (one job per track); once the job is marked complete, the queue asks process-track to look again.
// job-queue.after-complete.test.ts proves the queue's side; this, what process-track looks at.

let t: TestApp;
let owner: TestClient & { userId: string };
let definition: QueueDefinition<ProcessTrackJob>;
const sent: { name: string; data: object; key: string }[] = [];

/** Records the definition and every send; runs nothing. */
const recordingQueue: JobQueue = {
  async define(def) {
    definition = def as unknown as QueueDefinition<ProcessTrackJob>;
  },
  async send(name, data, key) {
    sent.push({ name, data, key });
    return true;
  },
  wake() {},
  async counts() {
    return [];
  },
  async stop() {},
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient();
  const deps = { db: t.db, queue: recordingQueue, log: t.app.log } as unknown as TrackProcessingDeps;
  const { queued } = await startTrackProcessing(recordingQueue, deps, { workers: 1 });
  await queued;
});
afterAll(async () => t?.close());

describe('after a process-track job is marked complete', () => {
  it('queues the track again when it is pending again, and only then', async () => {
    const track = await uploadAudio(owner, 'take.wav', makeWav(1));
    sent.length = 0;

    await definition.afterComplete!({ trackId: track.id });
    expect(sent).toEqual([
      { name: PROCESS_TRACK_QUEUE, data: { trackId: track.id }, key: `track-${track.id}` },
    ]);

    sent.length = 0;
    for (const state of ['ready', 'failed'] as const) {
      await t.db.update(tracks).set({ processingState: state }).where(eq(tracks.id, track.id));
      await definition.afterComplete!({ trackId: track.id });
    }
    await definition.afterComplete!({ trackId: track.id + 1000 });
    expect(sent).toEqual([]);
  });

  it('leaves a version’s job and a sweep step alone: each is queued once', async () => {
    const track = await uploadAudio(owner, 'other.wav', makeWav(1));
    sent.length = 0;
    await definition.afterComplete!({ trackId: track.id, version: 1 });
    await definition.afterComplete!({ trackId: 0, describeAfter: track.id });
    expect(sent).toEqual([]);
  });
});
