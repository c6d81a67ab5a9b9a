import { describe, expect, it } from 'vitest';
import { cn, imageVariant, initial, tileColor } from './utils';

describe('utils', () => {
  it('cn lets later Tailwind classes win', () => {
    expect(cn('px-2 text-sm', false && 'hidden', 'px-4')).toBe('text-sm px-4');
  });

  it('imageVariant appends the size suffix and an optional cache-busting version', () => {
    expect(imageVariant('/uploads/abc', 128)).toBe('/uploads/abc-128.webp');
    expect(imageVariant('/uploads/abc', 256, '2024-01-01T00:00:00.000Z')).toBe(
      '/uploads/abc-256.webp?v=1704067200000',
    );
    expect(imageVariant(null, 128)).toBeUndefined();
  });

  it('initial and tileColor give stable fallbacks', () => {
    expect(initial('beats')).toBe('B');
    expect(initial('')).toBe('?');
    expect(tileColor(7)).toBe(tileColor(7));
  });
});
