import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from, for the start-up log line. */
  source: 'configured' | 'system' | 'npm';
}

const require = createRequire(import.meta.url);

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on PATH that may be executed, like a shell's lookup. */
function onPath(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The binary an npm installer package ships for this platform; undefined where it has none. */
function fromNpm(installer: string): string | undefined {
  try {
    const found = (require(installer) as { path?: string }).path;
    return found && isExecutable(found) ? found : undefined;
  } catch {
    // Unsupported platform, or the optional platform package was not installed.
    return undefined;
  }
}

/**
 * Which ffmpeg/ffprobe run (decision 0040): FFMPEG_PATH/FFPROBE_PATH when set, else the system's
 * (a distribution's build is usually newer and has more codecs), else the static builds of
 * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe. Throws when there is none at all.
 */
export function resolveFfmpeg(
  configured: { ffmpegPath?: string; ffprobePath?: string } = {},
): FfmpegBinaries {
  if (configured.ffmpegPath || configured.ffprobePath) {
    const ffmpeg = configured.ffmpegPath ?? onPath('ffmpeg') ?? fromNpm('@ffmpeg-installer/ffmpeg');
    const ffprobe = configured.ffprobePath ?? onPath('ffprobe') ?? fromNpm('@ffprobe-installer/ffprobe');
    if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, source: 'configured' };
  }
  const systemFfmpeg = onPath('ffmpeg');
  const systemFfprobe = onPath('ffprobe');
  if (systemFfmpeg && systemFfprobe)
    return { ffmpeg: systemFfmpeg, ffprobe: systemFfprobe, source: 'system' };
  const npmFfmpeg = fromNpm('@ffmpeg-installer/ffmpeg');
  const npmFfprobe = fromNpm('@ffprobe-installer/ffprobe');
  if (npmFfmpeg && npmFfprobe) return { ffmpeg: npmFfmpeg, ffprobe: npmFfprobe, source: 'npm' };
  throw new Error(
    'No ffmpeg found: install it (apt-get install ffmpeg), set FFMPEG_PATH and FFPROBE_PATH, or reinstall the npm dependencies',
  );
}
