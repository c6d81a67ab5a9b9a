import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { TRACK_NAME_MAX } from '../../../shared/schemas/tracks';
import { type AudioFacts, NotAudioError, probeAudio } from '../../media/audio-probe';
import type { ReceivedUpload } from '../../media/receive-upload';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';

/** What a new track row takes from its received, probed and stored file. */
export interface StoredAudio {
  filename: string;
  filepath: string;
  mimeType: string;
  size: number;
  contentHash: string;
  duration: number | null;
  originalPlayable: boolean;
}

/** A track's name when none is given: the file's name without its extension. */
export const trackNameOf = (filename: string) =>
  (path.parse(filename).name || filename).slice(0, TRACK_NAME_MAX);

/** What the received file really is; 415 unless it is audio. */
export const probeUpload = (upload: ReceivedUpload, filename: string): Promise<AudioFacts> =>
  probeAudio(upload.tempFile).catch((err: unknown) => {
    if (err instanceof NotAudioError) throw new HttpError(415, `${filename} is not an audio file`);
    throw err;
  });

/**
 * A received upload made a track's file, the same for every way in (the journal's upload, an upload
 * link): probed first (415 unless it is audio; `probed` when the caller already did), then put in
 * the store, then `keep` makes the row. Whatever fails once the store took it, the file is deleted:
 * an upload leaves neither a file nor a row behind.
 */
export async function storeAudioUpload<T>(
  store: BlobStore,
  upload: ReceivedUpload,
  filename: string,
  keep: (file: StoredAudio) => Promise<T>,
  probed?: AudioFacts,
): Promise<T> {
  const audio = probed ?? (await probeUpload(upload, filename));
  const filepath = `tracks/${randomUUID()}`;
  try {
    const info = await store.putFile(filepath, upload.tempFile);
    return await keep({
      filename,
      filepath,
      mimeType: audio.mimeType,
      size: info.size,
      contentHash: upload.sha256,
      duration: audio.duration,
      originalPlayable: audio.browserPlayable,
    });
  } catch (err) {
    await store.delete(filepath);
    throw err;
  }
}
