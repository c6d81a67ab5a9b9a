import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent, LiveEventName } from '../shared/schemas/events';

export type Frame = { event: string; data: unknown } | { comment: string } | { retry: number };

/**
 * A GET /api/events stream read over a real socket (inject cannot stream): collects every frame
 * and waits for the ones a test expects.
 */
export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The raw body when the answer was not a stream (a 401's JSON). */
  body(): string;
  frames: Frame[];
  events(): LiveEvent[];
  /** The first event (from the start of the stream) of this name matching `match`. */
  next<K extends LiveEventName>(
    name: K,
    match?: (data: Extract<LiveEvent, { event: K }>['data']) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveEvent, { event: K }>['data']>;
  /** Resolves once the server has ended the stream (rejects after timeoutMs). */
  untilEnded(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The address an app listens on (listening on a free port first if it is not yet). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

export async function openEventStream(
  app: FastifyInstance,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const base = await listeningUrl(app);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let raw = '';
  let ended = false;
  const headers = {
    accept: 'text/event-stream',
    ...options.headers,
    ...(options.cookie ? { cookie: options.cookie } : {}),
  };
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${base}/api/events`, { headers }, resolve).on('error', reject);
  });
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    raw += chunk;
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = parseFrame(buffer.slice(0, end));
      if (frame) frames.push(frame);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    for (const wake of waiters) wake();
  });
  res.on('close', () => {
    ended = true;
    for (const wake of waiters) wake();
  });

  const events = () => frames.filter((f): f is LiveEvent => 'event' in f) as LiveEvent[];
  const client: EventStreamClient = {
    status: res.statusCode ?? 0,
    headers: res.headers,
    body: () => raw,
    frames,
    events,
    next(name, match = () => true, timeoutMs = 5_000) {
      const matches = match as (data: unknown) => boolean;
      const find = () => events().find((e) => e.event === name && matches(e.data))?.data;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found !== undefined) {
            done();
            resolve(found as never);
          } else if (ended) {
            done();
            reject(new Error(`stream ended before a '${name}' event; had ${JSON.stringify(events())}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no '${name}' event within ${timeoutMs} ms; had ${JSON.stringify(events())}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    untilEnded(timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!ended) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`the stream was still open after ${timeoutMs} ms`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (ended) return;
      const closed = new Promise((resolve) => res.once('close', resolve));
      res.destroy();
      await closed;
    },
  };
  return client;
}

function parseFrame(text: string): Frame | undefined {
  if (text.startsWith(':')) return { comment: text.slice(1).trim() };
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
  }
  if (fields.has('retry')) return { retry: Number(fields.get('retry')) };
  const event = fields.get('event');
  if (!event) return undefined;
  return { event, data: JSON.parse(fields.get('data') ?? 'null') };
}

/**
 * Runs `body` with a way to open ready streams for signed-in people (each has seen `ready`, so every
 * later change reaches it), and closes them all afterwards, however `body` ends.
 */
export async function withEventStreams(
  app: FastifyInstance,
  body: (open: (person: { cookieHeader(): string }) => Promise<EventStreamClient>) => Promise<void>,
) {
  const streams: EventStreamClient[] = [];
  try {
    await body(async (person) => {
      const stream = await openEventStream(app, { cookie: person.cookieHeader() });
      streams.push(stream);
      await stream.next('ready');
      return stream;
    });
  } finally {
    await Promise.all(streams.map((s) => s.close()));
  }
}
