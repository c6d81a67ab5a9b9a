import { PassThrough, Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hasFfmpeg, wavHeader } from '../../../test/media-fixtures';
import { SubsonicParams } from './subsonic-params';
import { SubsonicError } from './subsonic-response';
import { planTranscode, startTranscode, transcodeArgs } from './transcode';

const params = (query: string) => new SubsonicParams({ url: `/rest/stream?${query}` } as FastifyRequest);
/** A 60-second file of 128 kbit/s (an 8 kHz mono WAV). */
const source = { size: 960_044, duration: 60 };

describe('planTranscode: when stream transcodes', () => {
  it('the stored bytes: no format, format=raw (whatever else), a format we do not make, a generous maxBitRate', () => {
    for (const query of [
      '',
      'format=raw',
      'format=raw&maxBitRate=64&timeOffset=10',
      'format=flac',
      'maxBitRate=320',
      'maxBitRate=0',
    ]) {
      expect(planTranscode(params(query), source), query).toBeUndefined();
    }
  });

  it('a named format, a maxBitRate below the source, or a timeOffset', () => {
    expect(planTranscode(params('format=mp3'), source)).toEqual({ format: 'mp3', bitRate: 192, offset: 0 });
    expect(planTranscode(params('format=OPUS&timeOffset=12.5'), source)).toEqual({
      format: 'opus',
      bitRate: 128,
      offset: 12.5,
    });
    expect(planTranscode(params('maxBitRate=96'), source)).toEqual({ format: 'mp3', bitRate: 96, offset: 0 });
    expect(planTranscode(params('timeOffset=30'), source)).toEqual({
      format: 'mp3',
      bitRate: 192,
      offset: 30,
    });
    // Bounded: nobody hears above 320, and below 32 the encoders sound broken.
    expect(planTranscode(params('format=aac&maxBitRate=8'), source)?.bitRate).toBe(32);
    expect(planTranscode(params('format=aac&maxBitRate=999'), source)?.bitRate).toBe(320);
    // libopus takes at most 256 kbit/s from a mono source: more would be "Transcoding produced nothing".
    expect(planTranscode(params('format=opus&maxBitRate=320'), source)?.bitRate).toBe(256);
  });

  it('a bad number, or a timeOffset past the end, is an error (code 0)', () => {
    const bad = [
      'format=mp3&timeOffset=-1',
      'maxBitRate=abc',
      'format=mp3&timeOffset=Infinity',
      'timeOffset=60',
    ];
    for (const query of bad) {
      expect(() => planTranscode(params(query), source), query).toThrow(SubsonicError);
    }
  });

  it('-ss goes before -i: an input option, so the output starts at the offset', () => {
    const args = transcodeArgs(
      { format: 'mp3', bitRate: 128, offset: 30 },
      { file: '/data/files/tracks/a.m4a' },
    );
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '30']);
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual([
      '-i',
      'file:/data/files/tracks/a.m4a',
    ]);
    expect(
      transcodeArgs({ format: 'mp3', bitRate: 128, offset: 0 }, { url: 'https://bucket/x' }),
    ).not.toContain('-ss');
  });
});

describe.skipIf(!hasFfmpeg)('startTranscode', () => {
  it('stop() ends ffmpeg and the read while it is still encoding (the listener went away)', async () => {
    // A WAV that never ends: ffmpeg would encode for ever.
    const input = new PassThrough();
    input.write(wavHeader(0xfffff000));
    const feed = setInterval(() => input.write(Buffer.alloc(16_000)), 10);
    try {
      const { output, stop, exited } = await startTranscode(
        'ffmpeg',
        { stream: input },
        {
          format: 'mp3',
          bitRate: 64,
          offset: 0,
        },
      );
      output.resume();
      stop();
      await exited;
      expect(input.destroyed).toBe(true);
    } finally {
      clearInterval(feed);
    }
  });

  it('what ffmpeg cannot decode is an error before any byte', async () => {
    const garbage = Readable.from([Buffer.from('this is not audio at all '.repeat(100))]);
    await expect(
      startTranscode('ffmpeg', { stream: garbage }, { format: 'mp3', bitRate: 64, offset: 0 }),
    ).rejects.toThrow(SubsonicError);
  });
});
