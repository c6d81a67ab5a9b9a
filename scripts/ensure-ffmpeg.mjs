#!/usr/bin/env node
// After `npm install`/`npm ci` (postinstall) and before `npm start`: ffmpeg is the system's, else the
// static build of @ffmpeg-installer/* (decision 0040). Those builds are 142 MB, so they are no
// longer root dependencies that every install carries (issue 48): they are installed into
// tools/ffmpeg-fallback only here, on a machine with no ffmpeg/ffprobe on PATH and none named by
// FFMPEG_PATH/FFPROBE_PATH. src/server/media/ffmpeg-binaries.ts looks there last.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { ensureTools } from './ensure-tools.mjs';

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {}
  }
  return false;
}

const has = (variable, name) => Boolean(process.env[variable]) || onPath(name);
if (!has('FFMPEG_PATH', 'ffmpeg') || !has('FFPROBE_PATH', 'ffprobe')) {
  console.error('No ffmpeg/ffprobe on PATH: Journal will use the static build of @ffmpeg-installer/*.');
  try {
    ensureTools('ffmpeg-fallback');
  } catch (error) {
    // Not fatal here: `npm install` finishes, and a server with media workers then stops at start-up
    // with resolveFfmpeg's message naming the ways to get one (MEDIA_WORKERS=0 runs without).
    console.error(`Could not install tools/ffmpeg-fallback (${error.message}); install ffmpeg instead.`);
  }
}
