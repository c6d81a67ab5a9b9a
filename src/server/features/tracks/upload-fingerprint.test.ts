import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { PIECES, pieceTake } from '../../../test/fingerprint-audio';
import { makeWav } from '../../../test/media-fixtures';
import { probeAudio } from '../../media/audio-probe';
import { resolveFfmpeg } from '../../media/ffmpeg-binaries';
import { MIN_FINGERPRINT_SECONDS } from '../../media/take-fingerprint';
import { fingerprintUpload } from './similar-tracks.service';

// The upload's own fingerprint (decision 0832) spawns ffmpeg only for what can have one
// (decision 0892): an ffmpeg that writes down each call, then runs the real one.
const dir = mkdtempSync(path.join(tmpdir(), 'upload-fingerprint-'));
const calls = path.join(dir, 'calls');
const ffmpeg = path.join(dir, 'ffmpeg');
writeFileSync(ffmpeg, `#!/bin/sh\necho call >> '${calls}'\nexec '${resolveFfmpeg().ffmpeg}' "$@"\n`);
chmodSync(ffmpeg, 0o755);
const log = { info: () => {} };
const spawned = () =>
  existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean).length : 0;
/** The received file and its header's facts, as the upload route hands them over. */
async function fingerprintOf(name: string, data: Buffer) {
  const at = path.join(dir, name);
  writeFileSync(at, data);
  return fingerprintUpload(ffmpeg, at, await probeAudio(at), log);
}

beforeEach(() => rmSync(calls, { force: true }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fingerprinting an upload', () => {
  it('spawns no ffmpeg for a take too short to have a fingerprint', async () => {
    expect(MIN_FINGERPRINT_SECONDS).toBeGreaterThan(1.9);
    expect(await fingerprintOf('one-shot', makeWav(0.05))).toBeNull();
    expect(await fingerprintOf('hit', makeWav(1.2))).toBeNull();
    expect(spawned()).toBe(0);
  });

  it('spawns none for what is not audio: the upload is refused first', async () => {
    const t = await buildTestApp({ fingerprintUploads: true, config: { ffmpegPath: ffmpeg } });
    try {
      const alice = await t.signedInClient({ username: 'alice' });
      const res = await alice.upload(
        '/api/tracks',
        {},
        { field: 'audio', name: 'notes.mp3', type: 'audio/mpeg', data: Buffer.from('just words, no sound') },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('notes.mp3 is not an audio file');
      expect(spawned()).toBe(0);
      // The same app spawns it for a take long enough: the check above could tell.
      const take = await alice.upload(
        '/api/tracks',
        {},
        { field: 'audio', name: 'take.wav', type: 'audio/wav', data: pieceTake(PIECES.first) },
      );
      expect(take.statusCode).toBe(201);
      expect(spawned()).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('fingerprints a take long enough, by ffmpeg', async () => {
    const raw = await fingerprintOf('take', pieceTake(PIECES.first));
    expect(spawned()).toBe(1);
    expect(raw?.length).toBeGreaterThanOrEqual(16);
  });

  it('asks ffmpeg about a length near the shortest, where the header may guess', async () => {
    await fingerprintOf('edge', makeWav(1.8));
    expect(spawned()).toBe(1);
  });
});
