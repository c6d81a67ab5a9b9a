import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Chromaprint (AcoustID's audio fingerprint) from @unimusic/chromaprint's WebAssembly build
 * (decision 0830). The package's own glue (dist/chromaprint.js) was built for browsers only: it
 * throws in Node before loading anything, and its index.js decodes with AudioContext. The .wasm
 * itself is plain C: it needs a dozen small imports (heap growth, a clock, stderr), given here, and
 * is instantiated once, lazily, the first time a take is fingerprinted.
 */

/** The default algorithm of fpcalc and AcoustID (CHROMAPRINT_ALGORITHM_TEST2). */
const ALGORITHM_DEFAULT = 1;
const WASM_PAGE = 65_536;

interface ChromaprintExports {
  memory: WebAssembly.Memory;
  __wasm_call_ctors(): void;
  emscripten_stack_init(): void;
  malloc(bytes: number): number;
  free(pointer: number): void;
  chromaprint_new(algorithm: number): number;
  chromaprint_free(context: number): void;
  chromaprint_start(context: number, sampleRate: number, channels: number): number;
  chromaprint_feed(context: number, samples: number, count: number): number;
  chromaprint_finish(context: number): number;
  chromaprint_get_raw_fingerprint(context: number, data: number, size: number): number;
}

let loading: Promise<ChromaprintExports> | undefined;

/** The instantiated module, shared by every fingerprint (one at a time: JavaScript is one thread). */
function chromaprintModule(): Promise<ChromaprintExports> {
  loading ??= instantiate().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

async function instantiate(): Promise<ChromaprintExports> {
  const wasmPath = createRequire(import.meta.url).resolve('@unimusic/chromaprint/dist/chromaprint.wasm');
  let memory: WebAssembly.Memory | undefined;
  const fail = (what: string) => () => {
    throw new Error(`chromaprint: ${what}`);
  };
  const env = {
    emscripten_resize_heap: (requested: number) => {
      if (!memory) return 0;
      const pages = Math.ceil((requested - memory.buffer.byteLength) / WASM_PAGE);
      try {
        memory.grow(Math.max(pages, 1));
        return 1;
      } catch {
        return 0;
      }
    },
    emscripten_get_now: () => performance.now(),
    emscripten_date_now: () => Date.now(),
    // Its only messages are assertion texts; the failing call's return value says enough.
    emscripten_err: () => undefined,
    _abort_js: fail('aborted'),
    __cxa_throw: fail('C++ exception'),
    _setitimer_js: () => 0,
    _emscripten_runtime_keepalive_clear: () => undefined,
  };
  const wasi = {
    fd_write: () => 0,
    fd_close: () => 0,
    fd_seek: () => 0,
    random_get: () => 0,
    environ_sizes_get: (count: number, size: number) => {
      if (!memory) return 0;
      const view = new DataView(memory.buffer);
      view.setUint32(count, 0, true);
      view.setUint32(size, 0, true);
      return 0;
    },
    environ_get: () => 0,
    proc_exit: fail('exit'),
  };
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    env,
    wasi_snapshot_preview1: wasi,
  });
  const exports = instance.exports as unknown as ChromaprintExports;
  memory = exports.memory;
  exports.emscripten_stack_init();
  exports.__wasm_call_ctors();
  return exports;
}

/**
 * One fingerprint being made: 16-bit mono samples are fed as they arrive (copied into the module's
 * heap a chunk at a time, so memory stays bounded), then `finish` gives the raw sub-fingerprints.
 */
export class ChromaprintSession {
  private constructor(
    private readonly module: ChromaprintExports,
    private readonly context: number,
  ) {}

  static async start(sampleRate: number): Promise<ChromaprintSession> {
    const module = await chromaprintModule();
    const context = module.chromaprint_new(ALGORITHM_DEFAULT);
    if (!context) throw new Error('chromaprint: no context');
    if (!module.chromaprint_start(context, sampleRate, 1)) {
      module.chromaprint_free(context);
      throw new Error('chromaprint: could not start');
    }
    return new ChromaprintSession(module, context);
  }

  /** Little-endian signed 16-bit samples (an even number of bytes). */
  feed(samples: Buffer): void {
    const count = samples.length >> 1;
    if (count === 0) return;
    const pointer = this.module.malloc(count * 2);
    try {
      new Uint8Array(this.module.memory.buffer, pointer, count * 2).set(samples.subarray(0, count * 2));
      if (!this.module.chromaprint_feed(this.context, pointer, count)) {
        throw new Error('chromaprint: could not feed audio');
      }
    } finally {
      this.module.free(pointer);
    }
  }

  /** The raw fingerprint (one 32-bit sub-fingerprint per ~0.124 s); frees the session. */
  finish(): Uint32Array {
    const { module, context } = this;
    const cells = module.malloc(8);
    try {
      if (!module.chromaprint_finish(context)) throw new Error('chromaprint: could not finish');
      if (!module.chromaprint_get_raw_fingerprint(context, cells, cells + 4)) {
        throw new Error('chromaprint: no fingerprint');
      }
      const view = new DataView(module.memory.buffer);
      const data = view.getUint32(cells, true);
      const size = view.getInt32(cells + 4, true);
      const raw = new Uint32Array(module.memory.buffer.slice(data, data + size * 4));
      module.free(data);
      return raw;
    } finally {
      module.free(cells);
      module.chromaprint_free(context);
    }
  }

  /** Gives the session up without a result (an aborted analysis). */
  discard(): void {
    this.module.chromaprint_free(this.context);
  }
}
