import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from './ffmpeg-binaries';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe('resolveFfmpeg', () => {
  it('takes the system ffmpeg from PATH when there is one', () => {
    const found = resolveFfmpeg();
    expect(found.source).toBe('system');
    expect(found.ffmpeg).toMatch(/\/ffmpeg$/);
    expect(found.ffprobe).toMatch(/\/ffprobe$/);
  });

  it('falls back to the binaries of the npm packages, which run', () => {
    process.env.PATH = '/nonexistent';
    const found = resolveFfmpeg();
    expect(found.source).toBe('npm');
    expect(found.ffmpeg).toContain('@ffmpeg-installer');
    expect(execFileSync(found.ffmpeg, ['-version']).toString()).toMatch(/^ffmpeg version/);
    expect(execFileSync(found.ffprobe, ['-version']).toString()).toMatch(/^ffprobe version/);
  });

  it('FFMPEG_PATH and FFPROBE_PATH win', () => {
    expect(resolveFfmpeg({ ffmpegPath: '/opt/ff/ffmpeg', ffprobePath: '/opt/ff/ffprobe' })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      source: 'configured',
    });
  });
});
