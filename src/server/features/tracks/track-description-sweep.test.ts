import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, restartTestApp, type TestApp } from '../../../test/build-test-app';
import { hasFfmpeg } from '../../../test/media-fixtures';
import { waitForVersions } from '../../../test/take-audio';
import { chordProgression, drumLoop, pcmToWav } from '../../../test/tempo-key-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks, trackVersions } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { spectrogramKey } from '../../media/spectrogram';
import { ANALYSIS_LEVEL, UNMEASURED_DESCRIPTION } from '../../media/take-description';
import { startDescriptionSweep } from './track-description-sweep.service';

// Decision 0867: takes processed before the current analysis (issue 47's tempo, key, fingerprint,
// spectrogram) are described again after an upgrade, one track at a time. The first app processes
// three takes and a version, which are then made to look as an older release left them; a second
// app started on the same data describes them. One take's file no longer decodes: the sweep marks
// it and goes on to the next.

const opened: TestApp[] = [];
let second: TestApp;
const ids: Record<'groove' | 'broken' | 'last', number> = { groove: 0, broken: 0, last: 0 };
let ownerId: string;

/** A groove at `bpm` over a cadence in a key, 30 s: what a band's take sounds like. */
function groove(bpm: number, tonic: number, mode: 'major' | 'minor'): Buffer {
  const chords = chordProgression(tonic, mode, 30);
  return pcmToWav(drumLoop(bpm, 0, 30).map((sample, i) => 0.5 * sample + 0.5 * chords[i]!));
}
const near = (measured: number | null, truth: number) =>
  measured !== null && [1, 0.5, 2].some((f) => Math.abs(measured - truth * f) <= truth * f * 0.02);

beforeAll(async () => {
  if (!hasFfmpeg) return;
  const first = await buildTestApp({ mediaWorkers: 1 });
  opened.push(first);
  const owner = await first.signedInClient();
  ownerId = owner.userId;
  ids.groove = (await uploadAudio(owner, 'groove.wav', groove(96, 2, 'major'))).id;
  ids.broken = (await uploadAudio(owner, 'broken.wav', groove(110, 9, 'minor'))).id;
  ids.last = (await uploadAudio(owner, 'last.wav', groove(128, 7, 'major'))).id;
  for (const id of Object.values(ids)) await waitForProcessing(owner, id, 60_000);
  const res = await owner.upload(
    `/api/tracks/${ids.groove}/versions`,
    {},
    { field: 'file', name: 'groove v2.wav', type: 'audio/wav', data: groove(140, 9, 'minor') },
  );
  expect(res.statusCode, res.body).toBe(201);
  await waitForProcessing(owner, ids.groove, 60_000);
  await waitForVersions(owner, ids.groove, (vs) => vs.every((v) => v.processingState === 'ready'));
  await first.app.close();

  // As a release before issue 47 left them: nothing described, no spectrogram, level 0.
  await first.db.update(tracks).set({ ...UNMEASURED_DESCRIPTION, fingerprintHashes: null });
  await first.db.update(trackVersions).set(UNMEASURED_DESCRIPTION);
  await first.db.execute(sql`delete from pgboss.job where name = 'process-track'`);
  const [broken] = await first.db.select().from(tracks).where(eq(tracks.id, ids.broken));
  writeFileSync(path.join(first.dataDir, 'files', broken!.filepath), 'no longer audio');
  const folder = path.join(first.dataDir, 'files', 'tracks');
  const pictures = readdirSync(folder).filter((name) => name.endsWith('.spectrogram.webp'));
  expect(pictures.length).toBeGreaterThanOrEqual(4);
  for (const name of pictures) rmSync(path.join(folder, name));

  second = await restartTestApp(first, { mediaWorkers: 1 });
  opened.push(second);
}, 240_000);
afterAll(async () => {
  for (const app of opened.reverse()) await app.close();
});

describe.skipIf(!hasFfmpeg)('the description sweep after an upgrade', () => {
  it('describes every take and kept version anew, and goes on past a file that no longer decodes', async () => {
    await expect
      .poll(
        async () => {
          const rows = await second.db.select({ level: tracks.analysisLevel }).from(tracks);
          // The current version's row holds no file of its own (the track row does).
          const versions = await second.db
            .select({ level: trackVersions.analysisLevel })
            .from(trackVersions)
            .where(isNotNull(trackVersions.storageKey));
          expect(versions).toHaveLength(1);
          return [...rows, ...versions].every((r) => r.level === ANALYSIS_LEVEL);
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    const [groove] = await second.db.select().from(tracks).where(eq(tracks.id, ids.groove));
    expect(near(groove!.bpm, 140), `bpm ${groove!.bpm}`).toBe(true);
    expect(['A minor', 'C major']).toContain(groove!.musicalKey);
    expect(groove!.fingerprint).toBeTruthy();
    expect(groove!.fingerprintHashes?.length).toBeGreaterThan(0);
    const [kept] = await second.db
      .select()
      .from(trackVersions)
      .where(and(eq(trackVersions.trackId, ids.groove), eq(trackVersions.version, 1)));
    expect(near(kept!.bpm, 96), `version bpm ${kept!.bpm}`).toBe(true);
    expect(kept!.fingerprint).toBeTruthy();
    const [last] = await second.db.select().from(tracks).where(eq(tracks.id, ids.last));
    expect(near(last!.bpm, 128), `bpm ${last!.bpm}`).toBe(true);
    // The broken one is marked, with nothing measured: the sweep does not come back to it.
    const [broken] = await second.db.select().from(tracks).where(eq(tracks.id, ids.broken));
    expect(broken).toMatchObject({ analysisLevel: ANALYSIS_LEVEL, bpm: null, fingerprint: null });
  }, 150_000);

  it('draws the spectrogram the take lacked, beside its peaks', async () => {
    const owner = await second.signedInAs(ownerId);
    const res = await owner.get(`/api/tracks/${ids.groove}/spectrogram`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const [row] = await second.db.select().from(tracks).where(eq(tracks.id, ids.groove));
    expect(spectrogramKey(row!.peaksKey!)).toBeTruthy();
    expect((await owner.get(`/api/tracks/${ids.groove}/versions/1/spectrogram`)).statusCode).toBe(200);
    expect((await owner.get('/api/tracks')).json<Track[]>().find((x) => x.id === ids.last)?.bpm).toBeTruthy();
  });

  it('queues nothing when every take is described', async () => {
    const sent: string[] = [];
    const queue = {
      send: async (_: string, __: object, key: string) => {
        sent.push(key);
        return true;
      },
    } as unknown as JobQueue;
    expect(await startDescriptionSweep(second.db, queue)).toBe(false);
    expect(sent).toEqual([]);
  });
});
