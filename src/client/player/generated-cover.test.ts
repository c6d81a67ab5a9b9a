import { describe, expect, it } from 'vitest';
import { fakeCanvas } from '../test/fake-canvas';
import { barHeights, drawCover, fitLines, generateCover } from './generated-cover';

describe('the generated cover (decision 0365)', () => {
  it('scales the loudest stretch of the peaks to 1, however quiet the track', () => {
    const peaks = [-0.1, 0.1, -0.05, 0.05, -0.2, 0.2, 0, 0];
    expect(barHeights(peaks, 4)).toEqual([0.5, 0.25, 1, 0.04]);
    expect(barHeights([0, 0, 0, 0], 2)).toEqual([0.04, 0.04]);
  });

  it('without peaks still draws a wave, the same for the same name', () => {
    const a = barHeights(null, 10, 'Harbour');
    expect(a).toHaveLength(10);
    expect(a.every((h) => h > 0 && h <= 1)).toBe(true);
    expect(barHeights([], 10, 'Harbour')).toEqual(a);
    expect(barHeights(null, 10, 'Night Bus')).not.toEqual(a);
  });

  it('fits the name on two lines at most, cutting the rest with an ellipsis', () => {
    const { context } = fakeCanvas();
    context.font = '10px sans-serif'; // 5 px a character
    const ctx = context as unknown as CanvasRenderingContext2D;
    expect(fitLines(ctx, 'Short', 100)).toEqual(['Short']);
    expect(fitLines(ctx, 'Harbour sunrise take two', 75)).toEqual(['Harbour sunrise', 'take two']);
    const [first, second] = fitLines(ctx, 'One two three four five six seven eight', 50);
    expect(first).toBe('One two');
    expect(second?.endsWith('…')).toBe(true);
    expect((second?.length ?? 0) * 5).toBeLessThanOrEqual(50);
    expect(fitLines(ctx, 'Supercalifragilistic', 50)).toEqual(['Supercali…']);
  });

  it('draws the waveform and the name at 512, the waveform alone at 96', () => {
    const { context, texts, bars } = fakeCanvas();
    const ctx = context as unknown as CanvasRenderingContext2D;
    drawCover(ctx, 512, { name: 'Harbour Sunrise', peaks: [0.5, -0.5] });
    expect(texts).toEqual(['Journal', 'Harbour Sunrise']);
    expect(bars).toHaveLength(40);
    expect(bars.every((b) => b.x >= 0 && b.x + b.w <= 512 && b.y >= 0 && b.y + b.h <= 512)).toBe(true);
    texts.length = 0;
    bars.length = 0;
    drawCover(ctx, 96, { name: 'Harbour Sunrise', peaks: null });
    expect(texts).toEqual([]);
    expect(bars).toHaveLength(20);
  });

  it('gives one PNG object URL per size, largest first', async () => {
    fakeCanvas();
    expect(await generateCover({ name: 'Harbour', peaks: [0.3, -0.3] })).toEqual([
      { src: 'blob:fake/1', sizes: '512x512', type: 'image/png' },
      { src: 'blob:fake/2', sizes: '256x256', type: 'image/png' },
      { src: 'blob:fake/3', sizes: '96x96', type: 'image/png' },
    ]);
  });

  it('gives nothing where the browser draws no canvas', async () => {
    expect(await generateCover({ name: 'Harbour', peaks: null })).toEqual([]);
  });
});
