import { describe, expect, it } from 'vitest';
import {
  formatTime,
  isAiff,
  isPlayable,
  nextInQueue,
  previousInQueue,
  unplayableReason,
} from './player-queue';

const queue = [1, 2, 3].map((id) => ({ id, name: `t${id}` }));

describe('player queue', () => {
  it('next wraps last to first and starts at the first with nothing playing', () => {
    expect(nextInQueue(queue, queue[0] ?? null)?.id).toBe(2);
    expect(nextInQueue(queue, queue[2] ?? null)?.id).toBe(1);
    expect(nextInQueue(queue, null)?.id).toBe(1);
    expect(nextInQueue([], null)).toBeNull();
  });

  it('previous wraps first to last', () => {
    expect(previousInQueue(queue, queue[1] ?? null)?.id).toBe(1);
    expect(previousInQueue(queue, queue[0] ?? null)?.id).toBe(3);
  });

  it('formats m:ss and spots AIFF', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(isAiff({ id: 1, name: 'x', mimeType: 'audio/aiff' })).toBe(true);
    expect(isAiff({ id: 1, name: 'take.AIF' })).toBe(true);
    expect(isAiff({ id: 1, name: 'x', mimeType: 'audio/mpeg' })).toBe(false);
  });

  it('plays only MP3, WAV and M4A/MP4 (spec section 5)', () => {
    const of = (mimeType: string | null) => ({ id: 1, name: 'x', mimeType });
    for (const type of ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/x-m4a'])
      expect(isPlayable(of(type))).toBe(true);
    for (const type of ['audio/aiff', 'audio/x-aiff', 'audio/flac']) expect(isPlayable(of(type))).toBe(false);
    expect(isPlayable(of(null))).toBe(true);
    expect(unplayableReason(of('audio/aiff'))).toBe(
      'AIFF files cannot be played in web browsers. Please convert to MP3, WAV, or M4A for playback.',
    );
    expect(unplayableReason(of('audio/flac'))).toMatch(/^FLAC files cannot be played/);
  });
});
