import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SplitTrackResult, TrackSplitProposal } from '../../../shared/schemas/track-split';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, ffprobeAudio, makeWav, sineInput } from '../../../test/media-fixtures';
import { rehearsalPlan, rehearsalTake } from '../../../test/rehearsal-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks } from '../../db/schema';

// Splitting a long recording (issue 47, decisions 0850–0853), through the API with the real job.

const plan = rehearsalPlan(1200, 10);
let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let rehearsal: Track;
let proposal: TrackSplitProposal;

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1, captureLogs: true });
  owner = await t.signedInClient();
  stranger = await t.signedInClient();
  rehearsal = await uploadAudio(owner, 'Friday rehearsal.mp3', rehearsalTake(plan));
  await waitForProcessing(owner, rehearsal.id, 120_000);
  const gear = (await owner.post('/api/equipment', { name: 'Zoom H5' })).json<{ id: number }>().id;
  await owner.post('/api/tracks/bulk', { ids: [rehearsal.id], action: 'addEquipment', equipmentIds: [gear] });
  await owner.patch(`/api/tracks/${rehearsal.id}`, { notes: 'Room B, new bass amp', visibility: 'public' });
}, 240_000);
afterAll(async () => t?.close());

/**
 * The originals stored (`tracks/<uuid>`, no extension): what a refused split must not add. What the
 * queue derives from earlier parts (peaks, renditions, spectrograms) lands meanwhile and is not counted.
 */
const storedFiles = () =>
  readdirSync(path.join(t.dataDir, 'files', 'tracks')).filter((name) => !name.includes('.')).length;

describe('GET /api/tracks/{id}/split', () => {
  it('proposes the middle of every pause of the 20-minute rehearsal, within 0.2 s', async () => {
    const res = await owner.get(`/api/tracks/${rehearsal.id}/split`);
    expect(res.statusCode).toBe(200);
    proposal = res.json<TrackSplitProposal>();
    expect(proposal.duration).toBeCloseTo(1200, 0);
    expect(proposal.points).toHaveLength(plan.silences.length);
    for (const [i, truth] of plan.silences.entries()) {
      expect(Math.abs(proposal.points[i]! - (truth.start + truth.end) / 2)).toBeLessThan(0.2);
    }
  });

  it('is nobody else’s business: 404 to another person, 401 signed out', async () => {
    expect((await stranger.get(`/api/tracks/${rehearsal.id}/split`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/tracks/${rehearsal.id}/split`)).statusCode).toBe(401);
  });

  it('proposes nothing for a short take', async () => {
    const short = await uploadAudio(owner, 'short.wav', makeWav(8));
    await waitForProcessing(owner, short.id);
    const res = await owner.get(`/api/tracks/${short.id}/split`);
    expect(res.json()).toEqual({ duration: 8, silences: null, points: [] });
  });
});

describe('POST /api/tracks/{id}/split', () => {
  it('makes private parts named "– part N" with the notes and equipment, each as long as asked', async () => {
    const res = await owner.post(`/api/tracks/${rehearsal.id}/split`, { points: proposal.points });
    expect(res.statusCode).toBe(201);
    const parts = res.json<SplitTrackResult>().tracks;
    expect(parts.map((p) => p.name)).toEqual(plan.songs.map((_, i) => `Friday rehearsal – part ${i + 1}`));
    const edges = [0, ...proposal.points, proposal.duration!];
    for (const [i, part] of parts.entries()) {
      expect(part.visibility).toBe('private');
      expect(part.notes).toBe('Room B, new bass amp');
      expect(part.equipment.map((e) => e.name)).toEqual(['Zoom H5']);
      expect(part.mimeType).toBe('audio/mpeg');
      expect(part.filename).toBe(`Friday rehearsal – part ${i + 1}.mp3`);
      expect(Math.abs(part.duration! - (edges[i + 1]! - edges[i]!))).toBeLessThan(0.2);
    }
    // The parts are processed as uploads are; the original stays as it was.
    const first = await waitForProcessing(owner, parts[0]!.id, 180_000);
    expect(first.processing.state).toBe('ready');
    const original = (await owner.get('/api/tracks')).json<Track[]>().find((x) => x.id === rehearsal.id);
    expect(original?.visibility).toBe('public');
    // What is stored is what the duration says: the bytes of part 2 downloaded and measured.
    const download = await owner.get(`/api/tracks/${parts[1]!.id}/original`);
    expect(download.statusCode).toBe(200);
    const measured = ffprobeAudio(download.rawPayload);
    expect(measured.codec).toBe('mp3');
    expect(Math.abs(measured.duration - (edges[2]! - edges[1]!))).toBeLessThan(0.2);
  }, 300_000);

  it('cuts a WAV without loss: the parts hold every sample between the points', async () => {
    const wav = ffmpegFixture('split-tone-20s.wav', sineInput(20), ['-ac', '2', '-c:a', 'pcm_s24le']);
    const take = await uploadAudio(owner, 'tone.wav', wav);
    const res = await owner.post(`/api/tracks/${take.id}/split`, { points: [12.5, 4.25] });
    expect(res.statusCode, JSON.stringify(t.logs.slice(-3))).toBe(201);
    const parts = res.json<SplitTrackResult>().tracks;
    expect(parts.map((p) => p.name)).toEqual(['tone – part 1', 'tone – part 2', 'tone – part 3']);
    const lengths = [4.25, 8.25, 7.5];
    for (const [i, part] of parts.entries()) {
      // Read from the store (a megabyte-long download through inject is slow to no purpose).
      const [row] = await t.db.select().from(tracks).where(eq(tracks.id, part.id));
      const bytes = readFileSync(path.join(t.dataDir, 'files', row!.filepath));
      const measured = ffprobeAudio(bytes);
      expect(measured.codec).toBe('pcm_s24le');
      expect(Math.abs(measured.duration - lengths[i]!)).toBeLessThan(0.05);
    }
  }, 60_000);

  it('refuses to split the same take at the same points twice, and splits it at other points', async () => {
    const wav = ffmpegFixture('split-tone-20s.wav', sineInput(20), ['-ac', '2', '-c:a', 'pcm_s24le']);
    const take = await uploadAudio(owner, 'twice.wav', wav);
    expect((await owner.post(`/api/tracks/${take.id}/split`, { points: [10] })).statusCode).toBe(201);
    const tracksBefore = (await owner.get('/api/tracks')).json<Track[]>().length;
    const filesBefore = storedFiles();
    const again = await owner.post(`/api/tracks/${take.id}/split`, { points: [10] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This take is already split at these points: see “twice – part 1” and the parts after it',
    );
    expect((await owner.get('/api/tracks')).json<Track[]>()).toHaveLength(tracksBefore);
    expect(storedFiles()).toBe(filesBefore);
    const elsewhere = await owner.post(`/api/tracks/${take.id}/split`, { points: [8] });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json<SplitTrackResult>().tracks.map((p) => p.name)).toEqual([
      'twice – part 1',
      'twice – part 2',
    ]);
  }, 60_000);

  it('splits only your own take: 404 to another person, 401 signed out, 403 without the CSRF token', async () => {
    const before = storedFiles();
    const body = { points: [100] };
    expect((await stranger.post(`/api/tracks/${rehearsal.id}/split`, body)).statusCode).toBe(404);
    expect((await t.client().post(`/api/tracks/${rehearsal.id}/split`, body)).statusCode).toBe(401);
    const forged = await owner.request('POST', `/api/tracks/${rehearsal.id}/split`, { body, csrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await owner.post('/api/tracks/999999/split', body)).statusCode).toBe(404);
    expect(storedFiles()).toBe(before);
  });

  it.each([
    ['no point', { points: [] }],
    ['a point at the start', { points: [0] }],
    ['a point past the end', { points: [1200.5] }],
    ['a part shorter than a second', { points: [100, 100.6] }],
    ['a part shorter than a second at the end', { points: [proposalEnd() - 0.5] }],
    ['more than 100 points', { points: Array.from({ length: 101 }, (_, i) => 10 + i * 5) }],
    ['points that are not numbers', { points: ['10'] }],
    ['no body', undefined],
  ])('answers 400 for %s, and keeps nothing', async (_, body) => {
    const before = (await owner.get('/api/tracks')).json<Track[]>().length;
    const res = await owner.post(`/api/tracks/${rehearsal.id}/split`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect((await owner.get('/api/tracks')).json<Track[]>()).toHaveLength(before);
  });

  it('counts the parts toward the storage quota: 413 when they do not fit, nothing left behind', async () => {
    const wav = makeWav(6);
    const tight = await t.signedInClient({ quotaBytes: Math.floor(wav.length * 1.5) });
    const take = await uploadAudio(tight, 'take.wav', wav);
    const files = storedFiles();
    const res = await tight.post(`/api/tracks/${take.id}/split`, { points: [3] });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/Storage quota exceeded/);
    expect((await tight.get('/api/tracks')).json<Track[]>()).toHaveLength(1);
    expect(storedFiles()).toBe(files);
    expect(readdirSync(path.join(t.dataDir, 'tmp')).filter((name) => name.startsWith('split-'))).toEqual([]);
  });
});

/** The rehearsal's length as the plan makes it (the proposal is read in an earlier test). */
function proposalEnd() {
  return plan.duration;
}
