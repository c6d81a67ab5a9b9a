const PLAYED = '#67d8c4';
const UNPLAYED = '#4b5161';
const BAR = 2;
const GAP = 1;

/**
 * Bars of a waveform from the server's peaks (flattened min/max pairs, each in -1..1): one bar per
 * BAR+GAP pixels, as tall as the loudest pair it covers. Without peaks, a flat line.
 */
export function barsOf(peaks: readonly number[] | null, count: number): number[] {
  const pairs = peaks ? Math.floor(peaks.length / 2) : 0;
  if (!pairs || count <= 0) return Array.from({ length: Math.max(count, 0) }, () => 0);
  const bars: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * pairs) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * pairs) / count));
    let top = 0;
    for (let p = from; p < to && p < pairs; p++) {
      top = Math.max(top, Math.abs(peaks![2 * p]!), Math.abs(peaks![2 * p + 1]!));
    }
    bars.push(Math.min(1, top));
  }
  return bars;
}

/** Draws the waveform with the part before `progress` (0..1) in the accent colour. */
export function drawWaveform(canvas: HTMLCanvasElement, peaks: readonly number[] | null, progress: number) {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const ctx = width && height ? canvas.getContext('2d') : null;
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const bars = barsOf(peaks, Math.floor(width / (BAR + GAP)));
  const played = progress * width;
  const middle = height / 2;
  bars.forEach((amp, i) => {
    const x = i * (BAR + GAP);
    // At least a hairline, so silence and a missing waveform still read as a track to seek along.
    const h = Math.max(1, amp * (height - 2));
    ctx.fillStyle = x + BAR / 2 <= played ? PLAYED : UNPLAYED;
    ctx.fillRect(x, middle - h / 2, BAR, h);
  });
}
