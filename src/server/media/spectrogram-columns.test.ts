import { describe, expect, it } from 'vitest';
import { SPECTROGRAM, SpectrogramColumns } from './spectrogram-columns';

// The spectrogram's columns (decision 0842): bounded whatever the length, and in time order.

/** Pushes `seconds` of a tone that starts at `from` seconds (silence before), a second at a time. */
function pushTake(columns: SpectrogramColumns, seconds: number, from: number, hz = 1000) {
  const rate = SPECTROGRAM.sampleRate;
  const chunk = new Float32Array(rate);
  for (let second = 0; second < seconds; second += 1) {
    for (let i = 0; i < rate; i += 1) {
      const t = second + i / rate;
      chunk[i] = t >= from ? 0.5 * Math.sin(2 * Math.PI * hz * t) : 0;
    }
    columns.pushAll(chunk);
  }
}

/** The tone of pushTake starts half-way: the first column with sound lies within 1 % of the middle. */
function expectToneFromTheMiddle(result: Float64Array[]) {
  const firstLoud = result.findIndex((column) => loudness(column) > 1e-3);
  expect(Math.abs(firstLoud / result.length - 0.5)).toBeLessThan(0.01);
  expect(result.slice(firstLoud + 1).every((column) => loudness(column) > 1e-3)).toBe(true);
}

const loudness = (column: Float64Array) => column.reduce((sum, power) => sum + power, 0);

describe('SpectrogramColumns', () => {
  it('keeps at most twice the picture’s width of columns for a long take, in time order', () => {
    const columns = new SpectrogramColumns();
    // Ten minutes: long enough to merge neighbours several times.
    pushTake(columns, 600, 300);
    const result = columns.finish();
    expect(result.length).toBeGreaterThanOrEqual(SPECTROGRAM.width);
    expect(result.length).toBeLessThan(2 * SPECTROGRAM.width);
    expectToneFromTheMiddle(result);
  });

  it('starts at the spacing the probed length needs: the same picture for fewer FFTs', () => {
    const told = new SpectrogramColumns(600 * SPECTROGRAM.sampleRate);
    pushTake(told, 600, 300);
    const result = told.finish();
    expect(result.length).toBeGreaterThanOrEqual(SPECTROGRAM.width);
    expect(result.length).toBeLessThan(2 * SPECTROGRAM.width);
    expectToneFromTheMiddle(result);
    const untold = new SpectrogramColumns();
    pushTake(untold, 600, 300);
    untold.finish();
    expect(told.analysed).toBeLessThan(0.8 * untold.analysed);
  });

  it('costs at most four FFTs a column however long the take (an hour here)', () => {
    const columns = new SpectrogramColumns(3600 * SPECTROGRAM.sampleRate);
    pushTake(columns, 3600, 1800);
    const result = columns.finish();
    expect(result.length).toBeLessThan(2 * SPECTROGRAM.width);
    expect(columns.analysed).toBeLessThanOrEqual(4 * result.length);
    expectToneFromTheMiddle(result);
  }, 60_000);

  it('puts a tone on its own row of the log scale', () => {
    const columns = new SpectrogramColumns();
    pushTake(columns, 2, 0, 440);
    const result = columns.finish();
    const middle = result[Math.floor(result.length / 2)]!;
    const loudest = middle.indexOf(Math.max(...middle));
    const octaveRows = SPECTROGRAM.height / Math.log2(SPECTROGRAM.highHz / SPECTROGRAM.lowHz);
    expect(Math.abs(loudest - Math.log2(440 / SPECTROGRAM.lowHz) * octaveRows)).toBeLessThanOrEqual(2);
  });
});
