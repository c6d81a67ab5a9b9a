import type { IncomingMessage } from 'node:http';

/**
 * Calls onIdle when the client has sent nothing for ms. A request paused by back-pressure (our
 * disk is slower than the client) is not the client's silence, so the wait starts again.
 */
export function watchIdle(req: IncomingMessage, ms: number, onIdle: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (req.isPaused() ? arm() : onIdle()), ms);
  };
  const stop = () => {
    clearTimeout(timer);
    req.off('data', arm);
    req.off('end', stop);
  };
  // The request is already piped into the parser, so listening does not change its flow.
  req.on('data', arm);
  req.once('end', stop);
  if (!req.complete) arm();
  return stop;
}

export interface MinimumRate {
  /** Bytes a second the body must average once the grace period is over; 0 = no minimum. */
  bytesPerSecond: number;
  /** Time the client is given on top (a slow start, a phone waking its radio). */
  graceMs: number;
}

/**
 * Calls onTooSlow when the body arrives more slowly than rate.bytesPerSecond on average (decision
 * 0250). The idle timeout alone lets a client that sends one byte just before each timeout keep an
 * upload open for ever; here every byte received buys 1/bytesPerSecond seconds, so the n bytes
 * received so far must have been followed by more before
 *
 *   start + grace + n / bytesPerSecond (+ time we paused the request ourselves)
 *
 * which bounds a whole upload of `size` bytes to grace + size / bytesPerSecond. It is checked by a
 * timer set for that moment (a client that sends nothing new is cut off then) and as each chunk
 * arrives (in case the timer ran late). Time the request spent paused by our back-pressure (the
 * disk slower than the client) is not held against the client.
 */
export function watchRate(req: IncomingMessage, rate: MinimumRate, onTooSlow: () => void): () => void {
  if (rate.bytesPerSecond <= 0 || req.complete) return () => {};
  const started = performance.now();
  let received = 0;
  let pausedMs = 0;
  let pausedSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const ourPauses = (now: number) => pausedMs + (pausedSince === undefined ? 0 : now - pausedSince);
  const deadline = (now: number) =>
    started + rate.graceMs + ourPauses(now) + (received / rate.bytesPerSecond) * 1000;

  const check = () => {
    const now = performance.now();
    const left = deadline(now) - now;
    if (left > 0) {
      clearTimeout(timer);
      // At least a few ms, so that a deadline a hair away does not spin the event loop.
      timer = setTimeout(check, Math.max(left, 5));
      return;
    }
    stop();
    onTooSlow();
  };
  const onData = (chunk: Buffer) => {
    const now = performance.now();
    // Late already before this chunk: the bytes that would have saved it came too late.
    if (now > deadline(now)) return check();
    received += chunk.length;
  };
  const onPause = () => {
    pausedSince ??= performance.now();
  };
  const onResume = () => {
    if (pausedSince === undefined) return;
    pausedMs += performance.now() - pausedSince;
    pausedSince = undefined;
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('pause', onPause);
    req.off('resume', onResume);
    req.off('end', stop);
  };
  req.on('data', onData);
  req.on('pause', onPause);
  req.on('resume', onResume);
  req.once('end', stop);
  if (req.isPaused()) onPause();
  timer = setTimeout(check, rate.graceMs);
  return stop;
}
