import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from, for the start-up log line. */
  source: 'configured' | 'system' | 'npm';
}

/**
 * tools/ffmpeg-fallback of this checkout, where scripts/ensure-ffmpeg.mjs installs the static builds
 * on a machine without ffmpeg (they are not root dependencies: 142 MB, issue 48). Found by walking up
 * from this module, which runs from src/server/media or from a chunk of dist/server.
 */
function defaultFallbackDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'tools', 'ffmpeg-fallback');
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

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

/**
 * The binary an npm installer package installed in `fallbackDir` ships for this platform; undefined
 * where it has none (not installed there, or an unsupported platform).
 */
function fromNpm(installer: string, fallbackDir: string | undefined): string | undefined {
  if (!fallbackDir) return undefined;
  try {
    const require = createRequire(path.join(fallbackDir, 'package.json'));
    const found = (require(installer) as { path?: string }).path;
    return found && isExecutable(found) ? found : undefined;
  } catch {
    // Not installed there, unsupported platform, or the optional platform package is missing.
    return undefined;
  }
}

/**
 * Which ffmpeg/ffprobe run (decision 0040): FFMPEG_PATH/FFPROBE_PATH when set, else the system's
 * (a distribution's build is usually newer and has more codecs), else the static builds of
 * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe in tools/ffmpeg-fallback (installed there
 * by `npm install` or `npm start` on a machine without ffmpeg). Throws when there is none at all.
 */
export function resolveFfmpeg(
  configured: { ffmpegPath?: string; ffprobePath?: string } = {},
  fallbackDir: string | undefined = defaultFallbackDir(),
): FfmpegBinaries {
  const npm = (installer: string) => fromNpm(installer, fallbackDir);
  if (configured.ffmpegPath || configured.ffprobePath) {
    const ffmpeg = configured.ffmpegPath ?? onPath('ffmpeg') ?? npm('@ffmpeg-installer/ffmpeg');
    const ffprobe = configured.ffprobePath ?? onPath('ffprobe') ?? npm('@ffprobe-installer/ffprobe');
    if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, source: 'configured' };
  }
  const systemFfmpeg = onPath('ffmpeg');
  const systemFfprobe = onPath('ffprobe');
  if (systemFfmpeg && systemFfprobe)
    return { ffmpeg: systemFfmpeg, ffprobe: systemFfprobe, source: 'system' };
  const npmFfmpeg = npm('@ffmpeg-installer/ffmpeg');
  const npmFfprobe = npm('@ffprobe-installer/ffprobe');
  if (npmFfmpeg && npmFfprobe) return { ffmpeg: npmFfmpeg, ffprobe: npmFfprobe, source: 'npm' };
  throw new Error(
    'No ffmpeg found: install it (apt-get install ffmpeg), set FFMPEG_PATH and FFPROBE_PATH, or run `node scripts/ensure-ffmpeg.mjs` (the static build, into tools/ffmpeg-fallback)',
  );
}
