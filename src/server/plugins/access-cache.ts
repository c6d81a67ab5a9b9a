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
 * entry to keep in step with the features. One exception (decision 0904): sessions follow a second
 * counter, which a route that declares `keepsIdentity` (editing a take) does not bump, so that the
 * list read right after an edit need not read the session again.
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
    /**
     * What cached sessions (with their users) are checked against: bumped by every unsafe request
     * but those whose route `keepsIdentity`, and with accessGeneration by whatever bumps that from
     * outside a request (decision 0904).
     */
    identityGeneration: Generation;
  }
  interface FastifyContextConfig {
    /**
     * This route never changes a session, a person's row (but for the journal revision its
     * triggers renew, which a cached session is never asked for: tracks.routes.ts) or anything else
     * a session lookup answers, whatever it is sent: the sessions cached before it stay valid
     * (decision 0904). It still drops every cached stream permission and Subsonic caller. Only
     * for routes identity-generation.test.ts lists and proves so.
     */
    keepsIdentity?: true;
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

/**
 * Decorates app.accessGeneration and app.identityGeneration, and bumps them around every request
 * that may change data: both, or only the first for a route that keepsIdentity.
 */
export const accessGenerationPlugin = fp(
  async (app: FastifyInstance, opts: { generation: Generation; identity: Generation }) => {
    app.decorate('accessGeneration', opts.generation);
    app.decorate('identityGeneration', opts.identity);
    const bump = (request: FastifyRequest) => {
      if (!changesData(request)) return;
      opts.generation.bump();
      if (!request.routeOptions.config?.keepsIdentity) opts.identity.bump();
    };
    // Routing is done before onRequest, so the route's config (and its params) can be read here.
    app.addHook('onRequest', (request, _reply, done) => {
      bump(request);
      done();
    });
    // onSend runs after the handler (and its transaction) finished, for errors too.
    app.addHook('onSend', (request, _reply, payload, done) => {
      bump(request);
      done(null, payload);
    });
  },
);

/** Everything the access caches hold may be stale (a session ended on another instance, 0240). */
export function dropAccessCaches(app: FastifyInstance) {
  app.accessGeneration.bump();
  app.identityGeneration.bump();
}
