import { vi } from 'vitest';

/**
 * jsdom has no canvas: a 2D context that records what is drawn, `toBlob` that answers a PNG blob
 * of the canvas's size, and object URLs `blob:fake/N` that remember which were revoked.
 */
export function fakeCanvas() {
  const texts: string[] = [];
  const bars: Array<{ x: number; y: number; w: number; h: number }> = [];
  const revoked: string[] = [];
  let urls = 0;
  const context = {
    font: '10px sans-serif',
    fillStyle: '' as unknown,
    textBaseline: 'alphabetic',
    createLinearGradient: () => ({ addColorStop: () => {} }),
    createRadialGradient: () => ({ addColorStop: () => {} }),
    fillRect: () => {},
    beginPath: () => {},
    fill: () => {},
    roundRect: (x: number, y: number, w: number, h: number) => bars.push({ x, y, w, h }),
    fillText: (text: string) => texts.push(text),
    // Every character as wide as half the font's size.
    measureText(text: string) {
      const px = Number(/(\d+)px/.exec(this.font)?.[1] ?? 10);
      return { width: text.length * px * 0.5 } as TextMetrics;
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
  ) {
    callback(new Blob([`${this.width}`], { type: 'image/png' }));
  });
  // jsdom's URL has neither; spied on, they are put back after each test (test-setup.ts).
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => {};
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:fake/${++urls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
  });
  return { context, texts, bars, revoked };
}
