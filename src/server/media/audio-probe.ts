import { parseFile } from 'music-metadata';

export interface AudioFacts {
  mimeType: string;
  /** Seconds; null when the file is audio but its length cannot be read. */
  duration: number | null;
}

/** Container names music-metadata reports, to the MIME type we store and serve. */
const CONTAINER_MIME: [RegExp, string][] = [
  [/^MPEG$/i, 'audio/mpeg'],
  [/^WAVE$/i, 'audio/wav'],
  [/^(M4A|MP4|M4B|isom|mp4)/i, 'audio/mp4'],
  [/^AIFF?(-C)?$/i, 'audio/aiff'],
  [/^FLAC$/i, 'audio/flac'],
  [/^Ogg$/i, 'audio/ogg'],
  [/^(EBML\/)?webm$/i, 'audio/webm'],
  [/^(ADTS|AAC)$/i, 'audio/aac'],
  [/^(ASF\/)?WMA/i, 'audio/x-ms-wma'],
];

export class NotAudioError extends Error {}

/**
 * Reads what the bytes really are. The file must have no extension: music-metadata trusts an
 * extension over the content, and a text file named .mp3 would then "parse" (decision 0011).
 */
export async function probeAudio(extensionlessFile: string): Promise<AudioFacts> {
  let container: string | undefined;
  let duration: number | undefined;
  try {
    const { format } = await parseFile(extensionlessFile, { skipCovers: true });
    container = format.container;
    duration = format.duration;
  } catch (err) {
    // Failing to read our own temp file is a server fault; failing to parse it is the upload's.
    if ((err as NodeJS.ErrnoException).syscall) throw err;
    throw new NotAudioError('not a readable audio file');
  }
  const mimeType = container && CONTAINER_MIME.find(([pattern]) => pattern.test(container))?.[1];
  if (!mimeType) throw new NotAudioError(`unsupported format ${container ?? 'unknown'}`);
  return {
    mimeType,
    duration: duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}
