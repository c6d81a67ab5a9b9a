import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TempoAndKey } from './tempo-key';

// The main thread's side of the tempo and key worker (decision 0813): one worker for the process,
// started on the first excerpt and ended once idle, excerpts measured one after another.

export type ToTempoKeyWorker = { id: number; samples: Float32Array };
export type FromTempoKeyWorker = { id: number; result: TempoAndKey } | { id: number; error: string };

/**
 * The worker ends after this long without work, giving its ~60 MB back between batches; long enough
 * that a batch of uploads finds it running (its cold start is ~0.2 s of essentia plus the thread).
 */
const IDLE_MS = 5 * 60_000;
/** Its own heap limit: an excerpt is ~1 MB, essentia's WASM memory lives outside this heap. */
const WORKER_HEAP_MB = 128;

/**
 * An excerpt's measurement never came back in this long (~0.4 s of CPU is usual): the worker is
 * ended, as hung, and the take retried.
 */
const EXCERPT_DEADLINE_MS = 120_000;

/** The worker stopped, hung or failed: the machine's trouble, not the file's, so the job retries. */
export class TempoKeyWorkerError extends Error {}

/** essentia threw on this excerpt: it would again, so the take goes without tempo and key. */
export class TempoKeyMeasureError extends Error {}

/** A fault drill's stand-ins (tempoKeyWorkerDrill); null in production. */
let drill: { script: string; deadlineMs: number } | null = null;

let worker: Worker | null = null;
let nextId = 1;
let idleTimer: NodeJS.Timeout | null = null;
const pending = new Map<number, { resolve: (r: TempoAndKey) => void; reject: (e: Error) => void }>();

/**
 * Where tempo-key-worker runs from (as journal-thread.ts finds its worker): built, it is
 * dist/server/tempo-key-worker.js above this code; from source (tests, tsx), the .ts beside it.
 */
function workerScript(): { file: string; fromSource: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return { file: path.join(path.dirname(here), 'tempo-key-worker.ts'), fromSource: true };
  for (let dir = path.dirname(here); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'tempo-key-worker.js');
    if (existsSync(file)) return { file, fromSource: false };
    if (path.dirname(dir) === dir) throw new Error(`tempo-key-worker.js not found above ${here}`);
  }
}

function startWorker(): Worker {
  const { file, fromSource } = drill ? { file: drill.script, fromSource: false } : workerScript();
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  const started = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`,
        { ...options, eval: true },
      )
    : new Worker(file, options);
  // An idle worker must not keep the process (or a test run) alive.
  started.unref();
  const fail = (reason: string) => {
    if (worker !== started) return;
    worker = null;
    for (const [id, waiter] of pending) {
      pending.delete(id);
      waiter.reject(new TempoKeyWorkerError(`The tempo and key worker stopped: ${reason}`));
    }
  };
  started.on('message', (message: FromTempoKeyWorker) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if ('error' in message) {
      waiter.reject(new TempoKeyMeasureError(`Tempo and key: ${message.error}`));
      // After a throw (a WASM abort among them) essentia's state is not to be trusted: excerpts
      // still waiting are retried, the next one gets a fresh worker.
      fail('ended after an error');
      void started.terminate();
      return;
    }
    waiter.resolve(message.result);
    if (pending.size === 0) armIdleTimer();
  });
  started.on('error', (err) => fail(err.message));
  started.on('exit', (code) => fail(`exit code ${code}`));
  return started;
}

function armIdleTimer() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void stopTempoKeyWorker(), IDLE_MS);
  idleTimer.unref();
}

/** Tempo and key of an excerpt (mono, TEMPO_KEY_SAMPLE_RATE), measured in the worker. */
export function measureTempoAndKeyOffThread(samples: Float32Array): Promise<TempoAndKey> {
  if (idleTimer) clearTimeout(idleTimer);
  worker ??= startWorker();
  const id = nextId++;
  const running = worker;
  const deadline = setTimeout(() => {
    if (pending.has(id) && worker === running) void running.terminate();
  }, drill?.deadlineMs ?? EXCERPT_DEADLINE_MS);
  deadline.unref();
  return new Promise<TempoAndKey>((resolve, reject) => {
    pending.set(id, {
      resolve: (result) => {
        clearTimeout(deadline);
        resolve(result);
      },
      reject: (err) => {
        clearTimeout(deadline);
        reject(err);
      },
    });
    // Handed over, not copied: the tap is done with it.
    const message: ToTempoKeyWorker = { id, samples };
    running.postMessage(message, [samples.buffer as ArrayBuffer]);
  });
}

/** Ends the worker now (at shutdown, when idle, or in a test); waiting excerpts fail retryably. */
export async function stopTempoKeyWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  const running = worker;
  if (running) await running.terminate();
}

/**
 * For fault tests only: the next workers run `script` (one that hangs, or answers an error) with an
 * excerpt deadline of `deadlineMs`, until the returned function puts the real worker back.
 */
export async function tempoKeyWorkerDrill(script: string, deadlineMs: number): Promise<() => Promise<void>> {
  await stopTempoKeyWorker();
  drill = { script, deadlineMs };
  return async () => {
    await stopTempoKeyWorker();
    drill = null;
  };
}
