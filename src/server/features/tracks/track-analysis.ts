import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import {
  type AudioAnalysis,
  analyseAudio,
  RENDITION,
  UndecodableAudioError,
} from '../../media/analyse-audio';
import { NotAudioError, probeAudio } from '../../media/audio-probe';
import { spectrogramKey, spectrogramTap } from '../../media/spectrogram';
import { ANALYSIS_LEVEL, fullDescription, takeDescriptionTaps } from '../../media/take-description';
import { holdTempFile } from '../../media/temp-files';
import type { BlobStore } from '../../storage/blob-store';

// One stored file through ffmpeg: what the track's job and a version's job both do (decision 0606).

export interface TrackProcessingDeps {
  db: Database;
  store: BlobStore;
  tempDir: string;
  ffmpeg: string;
  log: FastifyBaseLogger;
  /** Where the drain of the blobs a new result displaces is asked for (decision 0095). */
  queue: JobQueue;
  /** Bytes of the instance's own demo samples, whose measures demo accounts share (decision 0918). */
  isDemoSample?: (contentHash: string) => boolean;
}

/** The stored file is gone (its owner removed it, or the store lost it): retrying will not help. */
export class MissingOriginalError extends Error {}

export interface StoredAnalysis {
  analysis: AudioAnalysis;
  /** Browsers play the original as it is (no rendition was made). */
  browserPlayable: boolean;
  duration: number;
  /** As probed: Subsonic apps show them (decision 0808). */
  sampleRate: number | null;
  channels: number | null;
  peaksKey: string;
  renditionKey: string | null;
  /** Blobs this run stored, which no row names yet: the caller removes them should it not keep them. */
  made: string[];
}

/**
 * The columns a finished analysis fills, the same on a track row and on a version's row (decision
 * 0606): the row is `ready` with its rendition, peaks, loudness, onsets and audio format.
 */
export function processedColumns(result: StoredAnalysis) {
  const { analysis } = result;
  return {
    processingState: 'ready' as const,
    processingError: null,
    originalPlayable: result.browserPlayable,
    renditionKey: result.renditionKey,
    renditionMimeType: result.renditionKey ? RENDITION.mimeType : null,
    peaksKey: result.peaksKey,
    loudnessLufs: analysis.integratedLufs,
    truePeakDb: analysis.truePeakDb,
    sampleRate: result.sampleRate,
    channels: result.channels,
    duration: result.duration,
    onsets: analysis.onsets,
    audioStartSeconds: analysis.audioStartSeconds,
    ...fullDescription(analysis.description),
    analysisLevel: ANALYSIS_LEVEL,
  };
}

/**
 * Copies `key` out of the store, probes it and runs ffmpeg once (decision 0042): the rendition when
 * browsers need one (and `rendition` allows), peaks, loudness, onsets and the spectrogram. Stores the
 * peaks, spectrogram and rendition beside the original; a failure removes what it stored. Undecodable input throws
 * UndecodableAudioError, a missing file MissingOriginalError, anything else is worth a retry.
 */
export async function analyseStoredFile(
  deps: TrackProcessingDeps,
  key: string,
  options: { knownDuration: number | null; rendition?: boolean },
  signal?: AbortSignal,
): Promise<StoredAnalysis> {
  const made: string[] = [];
  try {
    return await withWorkingCopy(deps, key, signal, async (files) => {
      const facts = await probe(files.original);
      const rendition = (options.rendition ?? true) && !facts.browserPlayable;
      const spectrogram = spectrogramTap(facts.duration);
      const analysis = await analyseAudio({
        ffmpeg: deps.ffmpeg,
        input: files.original,
        renditionFile: rendition ? files.rendition : undefined,
        channels: facts.channels,
        sampleRate: facts.sampleRate,
        taps: [...takeDescriptionTaps(facts), spectrogram],
        signal,
      });
      const duration = options.knownDuration ?? facts.duration ?? analysis.duration;
      const base = `tracks/${randomUUID()}`;
      const peaksKey = `${base}.peaks.json`;
      await writeFile(files.peaks, JSON.stringify({ duration, peaks: analysis.peaks }));
      await deps.store.putFile(peaksKey, files.peaks);
      made.push(peaksKey);
      // Beside the peaks, under a key derived from theirs: removed with them (decision 0842).
      const pictureKey = spectrogramKey(peaksKey)!;
      await writeFile(files.spectrogram, await spectrogram.render());
      await deps.store.putFile(pictureKey, files.spectrogram);
      made.push(pictureKey);
      let renditionKey: string | null = null;
      if (rendition) {
        renditionKey = `${base}.${RENDITION.extension}`;
        await deps.store.putFile(renditionKey, files.rendition);
        made.push(renditionKey);
      }
      return {
        analysis,
        browserPlayable: facts.browserPlayable,
        duration,
        sampleRate: facts.sampleRate,
        channels: facts.channels,
        peaksKey,
        renditionKey,
        made,
      };
    });
  } catch (err) {
    await removeBlobs(deps, made);
    throw err;
  }
}

/** Only the measures of a stored file (no rendition, nothing stored): e.g. the onsets it lacks. */
export async function measureStoredFile(
  deps: TrackProcessingDeps,
  key: string,
  signal?: AbortSignal,
): Promise<AudioAnalysis> {
  return await withWorkingCopy(deps, key, signal, async (files) => {
    const facts = await probe(files.original);
    return await analyseAudio({
      ffmpeg: deps.ffmpeg,
      input: files.original,
      channels: facts.channels,
      signal,
    });
  });
}

/**
 * A take's description measured anew (issue 47's taps, no rendition, no peaks): for a file processed
 * before a tap existed (decision 0867). With its peaks' key, the spectrogram it lacks is stored beside
 * them, named in `made` until the caller keeps it.
 */
export async function describeStoredFile(
  deps: TrackProcessingDeps,
  key: string,
  peaksKey: string | null,
  signal?: AbortSignal,
): Promise<{ description: ReturnType<typeof fullDescription>; made: string[] }> {
  const made: string[] = [];
  try {
    return await withWorkingCopy(deps, key, signal, async (files) => {
      const facts = await probe(files.original);
      const pictureKey = peaksKey ? spectrogramKey(peaksKey) : null;
      const spectrogram = pictureKey ? spectrogramTap(facts.duration) : null;
      const analysis = await analyseAudio({
        ffmpeg: deps.ffmpeg,
        input: files.original,
        channels: facts.channels,
        sampleRate: facts.sampleRate,
        taps: [...takeDescriptionTaps(facts), ...(spectrogram ? [spectrogram] : [])],
        signal,
      });
      if (pictureKey && spectrogram) {
        await writeFile(files.spectrogram, await spectrogram.render());
        await deps.store.putFile(pictureKey, files.spectrogram);
        made.push(pictureKey);
      }
      return { description: fullDescription(analysis.description), made };
    });
  } catch (err) {
    await removeBlobs(deps, made);
    throw err;
  }
}

export async function removeBlobs(deps: Pick<TrackProcessingDeps, 'store' | 'log'>, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => deps.store.delete(key)));
  for (const r of results) {
    if (r.status === 'rejected') deps.log.warn({ err: r.reason }, 'Could not remove a processing file');
  }
}

type WorkFiles = { original: string; rendition: string; peaks: string; spectrogram: string };

/** Runs `use` on a temp copy of `key` (held from the temp sweep), removing the temp files after. */
async function withWorkingCopy<T>(
  deps: TrackProcessingDeps,
  key: string,
  signal: AbortSignal | undefined,
  use: (files: WorkFiles) => Promise<T>,
): Promise<T> {
  await mkdir(deps.tempDir, { recursive: true });
  const work = path.join(deps.tempDir, `process-${randomUUID()}`);
  const files = {
    original: work,
    rendition: `${work}-rendition`,
    peaks: `${work}-peaks`,
    spectrogram: `${work}-spectrogram`,
  };
  const releases = Object.values(files).map((file) => holdTempFile(file));
  try {
    try {
      // The store's stream, not a path: the store may be remote (S3).
      await pipeline(await deps.store.createReadStream(key), createWriteStream(files.original), { signal });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new MissingOriginalError('The uploaded file is missing from storage');
      }
      throw err;
    }
    return await use(files);
  } finally {
    await Promise.all(Object.values(files).map((file) => rm(file, { force: true })));
    for (const release of releases) release();
  }
}

async function probe(file: string) {
  return await probeAudio(file).catch((err: unknown) => {
    if (err instanceof NotAudioError) throw new UndecodableAudioError('The file is not audio we can read');
    throw err;
  });
}
