import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { type EssentiaLike, measureTempoAndKey } from './tempo-key';
import type { FromTempoKeyWorker, ToTempoKeyWorker } from './tempo-key-thread';

/**
 * The tempo and key worker's entry (its own bundle entry, see package.json's build:server): loads
 * essentia.js once, on the first excerpt (its WASM module takes ~0.2 s and ~60 MB), and measures
 * each excerpt the main thread sends, one at a time, off the event loop.
 */
let essentia: EssentiaLike | null = null;

function loadEssentia(): EssentiaLike {
  if (!essentia) {
    // essentia.js is CommonJS only.
    const { Essentia, EssentiaWASM } = createRequire(import.meta.url)('essentia.js');
    essentia = new Essentia(EssentiaWASM) as EssentiaLike;
  }
  return essentia;
}

parentPort!.on('message', ({ id, samples }: ToTempoKeyWorker) => {
  let reply: FromTempoKeyWorker;
  try {
    reply = { id, result: measureTempoAndKey(loadEssentia(), samples) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  // After an error the main thread ends this worker (essentia's state is not to be trusted).
  parentPort!.postMessage(reply);
});
