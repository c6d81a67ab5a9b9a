import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Short-lived answers to "who is this session" and "may this viewer stream that track", reused by
 * the requests that follow instead of asking the database again (decision 0066).
 *
 * Two things end an entry: its age (`ttlMs`, the bound for changes this process cannot see: another
 * instance, SQL by hand, a background sweep) and a generation counter that every unsafe request
 * (POST, PUT, PATCH, DELETE) bumps when it starts and again when its reply is sent. Every change of
 * a permission (deleting a track, a private profile, leaving a collective, unsharing a playlist,
 * signing out) is such a request, so through the API a change is seen at once, whoever made it.
 * A lookup records the generation it started in; a mutation that overlaps it makes the entry stale
 * before anyone can reuse it. Coarse on purpose: one rule, no list of which change touches which
 * entry to keep in step with the features.
 */
export class Generation {
  value = 0;
  bump() {
    this.value += 1;
  }
}

interface Entry<V> {
  value: V;
  generation: number;
  expiresAt: number;
}

export class AccessCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly generation: Generation,
    private readonly ttlMs: number,
    /** Oldest entries go first past this many (a Map keeps insertion order). */
    private readonly maxEntries = 10_000,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The generation to pass to set() for a lookup starting now. */
  begin(): number {
    return this.generation.value;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation.value || entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps what a lookup begun in `generation` found, unless something changed meanwhile. */
  set(key: string, value: V, generation: number, now = Date.now()) {
    if (!this.enabled || generation !== this.generation.value) return;
    this.entries.delete(key);
    this.entries.set(key, { value, generation, expiresAt: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * Methods that read without changing anything: they leave the generation alone, and they are the
 * only ones exempt from the CSRF token (session.ts).
 */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Bumped by every unsafe request; background jobs that change permissions may bump it too. */
    accessGeneration: Generation;
  }
  interface FastifyContextConfig {
    /**
     * Whether this request may change data, for a route whose HTTP method does not say (the Subsonic
     * API: a player GETs createPlaylist and form-POSTs getArtists, decision 0405). Without it, an
     * unsafe HTTP method is the answer.
     */
    changesData?: (request: FastifyRequest) => boolean;
  }
}

/** Whether a request may change what the caches hold: its route says, else its HTTP method. */
export const changesData = (request: FastifyRequest) =>
  request.routeOptions.config?.changesData?.(request) ?? !SAFE_METHODS.has(request.method);

/** Decorates app.accessGeneration and bumps it around every request that may change data. */
export const accessGenerationPlugin = fp(async (app: FastifyInstance, opts: { generation: Generation }) => {
  app.decorate('accessGeneration', opts.generation);
  // Routing is done before onRequest, so the route's config (and its params) can be read here.
  app.addHook('onRequest', (request, _reply, done) => {
    if (changesData(request)) opts.generation.bump();
    done();
  });
  // onSend runs after the handler (and its transaction) finished, for errors too.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (changesData(request)) opts.generation.bump();
    done(null, payload);
  });
});
