import { parseFile } from 'music-metadata';

export interface AudioFacts {
  mimeType: string;
  /** Seconds; null when the file is audio but its length cannot be read. */
  duration: number | null;
  /** Every current browser plays the file as it is (decision 0041); otherwise it gets a rendition. */
  browserPlayable: boolean;
  channels: number | null;
  sampleRate: number | null;
}

/**
 * Container names music-metadata reports, to the MIME type we store and serve. Anything it
 * recognises as audio is accepted; whether ffmpeg can decode it is the processing job's verdict.
 */
const CONTAINER_MIME: [RegExp, string][] = [
  [/^MPEG$/i, 'audio/mpeg'],
  [/^WAVE$/i, 'audio/wav'],
  // MP4 family by major brand: M4A/M4B/M4P, isom/iso2…, mp41/mp42, 3GPP, QuickTime, DASH.
  [/^(M4A|M4B|M4P|F4A|isom|iso\d|mp4\d|avc1|dash|3gp|3g2|qt\b|MSNV)/i, 'audio/mp4'],
  [/^AIFF?(-C)?$/i, 'audio/aiff'],
  [/^FLAC$/i, 'audio/flac'],
  [/^Ogg$/i, 'audio/ogg'],
  [/^EBML\/webm$/i, 'audio/webm'],
  [/^EBML\/matroska$/i, 'audio/x-matroska'],
  [/^ADTS|^AAC$/i, 'audio/aac'],
  [/^ASF/i, 'audio/x-ms-wma'],
  [/^WavPack$/i, 'audio/wavpack'],
  [/^Monkey's Audio$/i, 'audio/ape'],
  [/^Musepack/i, 'audio/musepack'],
  [/^DSF$/i, 'audio/dsf'],
  [/^DSDIFF/i, 'audio/dsdiff'],
];

/**
 * What every current browser (Chrome, Firefox, Safari incl. iOS, Edge) plays as it is: MP3,
 * AAC in MP4, integer PCM WAV, native FLAC (decision 0041). The codec decides, not the container:
 * an M4A may hold ALAC, a WAV float or ADPCM samples.
 */
export function isBrowserPlayable(
  mimeType: string,
  codec: string | undefined,
  bitsPerSample?: number,
): boolean {
  const c = codec ?? '';
  switch (mimeType) {
    case 'audio/mpeg':
      return /Layer 3$/i.test(c);
    case 'audio/mp4':
      return /^MPEG-4\/AAC/i.test(c);
    case 'audio/wav':
      return c === 'PCM' && (bitsPerSample === undefined || bitsPerSample <= 24);
    case 'audio/flac':
      return true;
    default:
      return false;
  }
}

export class NotAudioError extends Error {}

/**
 * Reads what the bytes really are. The file must have no extension: music-metadata trusts an
 * extension over the content, and a text file named .mp3 would then "parse" (decision 0011).
 */
export async function probeAudio(extensionlessFile: string): Promise<AudioFacts> {
  let format: Awaited<ReturnType<typeof parseFile>>['format'];
  try {
    ({ format } = await parseFile(extensionlessFile, { skipCovers: true }));
  } catch (err) {
    // Failing to read our own temp file is a server fault; failing to parse it is the upload's.
    if ((err as NodeJS.ErrnoException).syscall) throw err;
    throw new NotAudioError('not a readable audio file');
  }
  const { container, duration } = format;
  const mimeType = container && CONTAINER_MIME.find(([pattern]) => pattern.test(container))?.[1];
  if (!mimeType) throw new NotAudioError(`unsupported format ${container ?? 'unknown'}`);
  return {
    mimeType,
    duration: duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : null,
    browserPlayable: isBrowserPlayable(mimeType, format.codec, format.bitsPerSample),
    channels: format.numberOfChannels ?? null,
    sampleRate: format.sampleRate ?? null,
  };
}
