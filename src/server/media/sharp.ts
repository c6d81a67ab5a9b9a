import type Sharp from 'sharp';

export type { Metadata } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips: about 30 MB of memory) loaded on first use, not at start-up, and made safe before
 * anything may call it. Decision 0242: libvips reads dozens of formats, some of them documents (SVG
 * follows XInclude and external references, which once put a temp file's text into a public
 * avatar) or parsers with a long CVE history (TIFF, HEIF, PDF, JPEG 2000). This process decodes only
 * the four formats uploads may be, whatever calls sharp and whatever the bytes claim: every loader
 * is blocked, then the four are allowed again (from files, as uploads are read, and from buffers, as
 * tests read variants). The block is libvips-wide, so it holds for any later `import sharp` too;
 * .dependency-cruiser.cjs lets only this module import sharp, so none can come first.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.block({ operation: ['VipsForeignLoad'] });
    sharp.unblock({
      operation: ['Jpeg', 'Png', 'Nsgif', 'Webp'].flatMap((name) => [
        `VipsForeignLoad${name}File`,
        `VipsForeignLoad${name}Buffer`,
      ]),
    });
    return sharp;
  });
  return loading;
}
