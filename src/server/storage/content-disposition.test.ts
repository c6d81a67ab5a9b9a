import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(attachmentDisposition('take 1.wav')).toBe(
      `attachment; filename="take 1.wav"; filename*=UTF-8''take%201.wav`,
    );
  });

  it('never lets a quote, backslash or line break into the header; the exact name goes in filename*', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x.mp3');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x.mp3"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x.mp3`,
    );
  });
});
