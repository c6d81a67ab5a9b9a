import { afterAll, describe, expect, it } from 'vitest';
import type { TrackCommentThread } from '../../../shared/schemas/track-comments';
import { buildTestApp, restartTestApp, type TestApp } from '../../../test/build-test-app';
import { hasFfmpeg } from '../../../test/media-fixtures';
import { burstTake, waitForVersions } from '../../../test/take-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { collectiveMembers } from '../../db/schema';

// Decision 0866: v2 arrives while v1 is still to be processed. The track's job (v2) then finishes
// while v1's version row has no onsets yet; its threads must wait for v1's own job to line it up
// (+0.7 s), not land on v2 unmoved. A first app only enqueues, so both jobs are waiting when a
// second app with one worker starts on the same data: the track's job runs first, as it was queued.

const opened: TestApp[] = [];
afterAll(async () => {
  for (const app of opened.reverse()) await app.close();
});

describe.skipIf(!hasFfmpeg)('a thread on a version still being processed', () => {
  it('is carried once that version is lined up, at its moment − 0.7 s', async () => {
    const first = await buildTestApp();
    opened.push(first);
    const owner = await first.signedInClient({ username: 'owner' });
    const fan = await first.signedInClient({ username: 'fan' });
    const crew = (await owner.post('/api/collectives', { name: 'Crew' })).json<{ id: number }>().id;
    await first.db.insert(collectiveMembers).values({ collectiveId: crew, userId: fan.userId });
    const trackId = (await uploadAudio(owner, 'Night Bus.wav', burstTake('wav', 1.0))).id;
    const playlistId = (await owner.post('/api/playlists', { name: 'Demos' })).json<{ id: number }>().id;
    await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
    await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [crew] });
    const path = `/api/collectives/${crew}/tracks/${trackId}/comments`;
    const said = await fan.post(path, { content: 'Hats too loud', atSeconds: 2.5 });
    expect(said.statusCode, said.body).toBe(201);
    const v2 = await owner.upload(
      `/api/tracks/${trackId}/versions`,
      {},
      { field: 'file', name: 'Night Bus v2.flac', type: 'audio/flac', data: burstTake('flac', 0.3) },
    );
    expect(v2.statusCode, v2.body).toBe(201);
    await first.app.close();

    const second = await restartTestApp(first, { mediaWorkers: 1 });
    opened.push(second);
    const sameOwner = await second.signedInAs(owner.userId);
    const sameFan = await second.signedInAs(fan.userId);
    await waitForProcessing(sameOwner, trackId, 30_000);
    await waitForVersions(sameOwner, trackId, (vs) => vs.every((v) => v.current || v.alignSeconds !== null));
    let carried: TrackCommentThread | undefined;
    await expect
      .poll(
        async () => {
          const list = (await sameFan.get(`${path}?version=2`)).json<TrackCommentThread[]>();
          carried = list.find((c) => c.carriedFromCommentId === said.json<{ id: number }>().id);
          return carried?.carriedFrom ?? null;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(1);
    expect(Math.abs(carried!.atSeconds - 1.8)).toBeLessThan(0.02);
  }, 120_000);
});
