import type { AudioTap } from './analyse-audio';
import { FloatChunks } from './float-chunks';
import { TEMPO_KEY_SAMPLE_RATE, TEMPO_KEY_WINDOW_SECONDS } from './tempo-key';
import { measureTempoAndKeyOffThread, TempoKeyMeasureError } from './tempo-key-thread';

/**
 * The tempo and key tap (issue 47, decision 0812): ffmpeg hands it TEMPO_KEY_WINDOW_SECONDS of
 * mono float PCM at TEMPO_KEY_SAMPLE_RATE from the middle of the take (the start when the length is
 * unknown), so it holds under a megabyte whatever the take's length; the worker measures it.
 */
export function tempoKeyTap(duration: number | null): AudioTap {
  const window = TEMPO_KEY_WINDOW_SECONDS;
  const start = duration !== null && duration > window ? (duration - window) / 2 : 0;
  const capacity = Math.ceil(window * TEMPO_KEY_SAMPLE_RATE) + 1024;
  const samples = new Float32Array(capacity);
  let filled = 0;
  const chunks = new FloatChunks();
  return {
    filters: [
      `atrim=start=${start.toFixed(3)}:duration=${window}`,
      `aresample=${TEMPO_KEY_SAMPLE_RATE}`,
      'aformat=sample_fmts=flt:channel_layouts=mono',
    ].join(','),
    format: 'f32le',
    push(chunk) {
      const arrived = chunks.samples(chunk).subarray(0, capacity - filled);
      samples.set(arrived, filled);
      filled += arrived.length;
    },
    async finish() {
      try {
        return await measureTempoAndKeyOffThread(samples.slice(0, filled));
      } catch (err) {
        // A take essentia cannot read is still a take: it goes without tempo and key. A stopped
        // or hung worker (TempoKeyWorkerError) is rethrown, for the job to retry.
        if (err instanceof TempoKeyMeasureError) return {};
        throw err;
      }
    },
  };
}
