import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { TIMINGS } from '../../shared/constants';
import type { Database } from '../db/client';
import { dropAccessCaches } from '../plugins/access-cache';
import { userOf } from '../plugins/auth-guard';
import { LIVE_EVENTS_CHANNEL, LiveEventDelivery } from './live-event-delivery';
import { LiveStream, LiveStreams } from './live-streams';
import { type ListenConnection, listenForNotifications, type NotifyChannel } from './notify-listener';
import { PRESENCE_HEARTBEAT_MS, PresenceTracker } from './presence';
import { startStreamSessionCheck } from './stream-session-check';

/** A comment line this often keeps proxies (nginx's 60 s proxy_read_timeout) from cutting a quiet stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** A person's streams on one instance (tabs, a script gone wrong) past this close oldest first (0241). */
export const MAX_STREAMS_PER_PERSON = 20;
/** How often open streams' sessions are read again (decision 0240): the bound for an expired session. */
export const STREAM_SESSION_CHECK_MS = 60_000;

export interface LiveEventsOptions {
  db: Database;
  /** The database to LISTEN on; omitted (a few tests): streams open but no change reaches them. */
  connection?: ListenConnection;
  streamHeartbeatMs?: number;
  /** Further channels heard on the same connection (the journal revisions, issue 48). */
  channels?: readonly NotifyChannel[];
  /** A job was sent to a wake-on-send queue on some instance: app.ts wakes this one's worker. */
  onJobSent?: (queue: string) => void;
  presenceHeartbeatMs?: number;
  /** First reconnect delay of the PostgreSQL listener. */
  listenRetryMs?: number;
  sessionCheckMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live events (tests wait for deliveries, drive presence heartbeats). */
    liveEvents: { instanceId: string; delivery: LiveEventDelivery; presence: PresenceTracker };
  }
}

/**
 * GET /api/events: a server-sent-event stream per signed-in tab (decision 0100), fed by the
 * database's notifications through this instance's one listener; the streams it holds are this
 * instance's presence (decision 0101).
 */
export const liveEventsPlugin = fp(async (app: FastifyInstance, opts: LiveEventsOptions) => {
  const instanceId = randomUUID();
  const streams = new LiveStreams(MAX_STREAMS_PER_PERSON);
  // A session ended on any instance: this one's cached sessions are dropped too, so a sign-out
  // elsewhere takes effect here as soon as the bus tells, not after ACCESS_CACHE_SECONDS (0240).
  const delivery = new LiveEventDelivery(
    opts.db,
    streams,
    app.log,
    () => dropAccessCaches(app),
    opts.onJobSent,
  );
  const presence = new PresenceTracker(opts.db, instanceId, app.log);
  app.decorate('liveEvents', { instanceId, delivery, presence });
  app.metrics?.watchOpenStreams(() => streams.size);

  const listener = opts.connection
    ? await listenForNotifications(opts.connection, {
        channel: LIVE_EVENTS_CHANNEL,
        onPayload: (payload) => delivery.receive(payload),
        more: opts.channels,
        // Changes made while the listener was away are lost: every browser refetches what it shows,
        // and this instance's presence rows are re-asserted in case another instance swept them.
        onReconnected: () => {
          streams.broadcast({ event: 'resync', data: {} });
          void presence.heartbeat();
        },
        log: app.log,
        retryDelayMs: opts.listenRetryMs,
      })
    : undefined;
  presence.start(opts.presenceHeartbeatMs ?? PRESENCE_HEARTBEAT_MS);
  const stopSessionCheck = startStreamSessionCheck(
    opts.db,
    streams,
    opts.sessionCheckMs ?? STREAM_SESSION_CHECK_MS,
    app.log,
  );

  // Before the server stops accepting and waits for open requests: a stream never ends by itself.
  app.addHook('preClose', (done) => {
    streams.endAll();
    done();
  });
  app.addHook('onClose', async () => {
    await listener?.close();
    await stopSessionCheck();
    await delivery.settled();
    await presence.stop();
  });

  app.get(
    '/api/events',
    {
      preHandler: app.requireUser,
      // One long request per tab, reopened after drops: not what the per-minute limit counts.
      config: { rateLimit: false },
      // Compression would buffer frames until a block fills.
      compress: false,
      schema: {
        summary: 'Live events for the signed-in user (server-sent events)',
        description:
          'A text/event-stream that stays open: `ready` first, then changes to collectives, playlists and presence as they happen (src/shared/schemas/events.ts).',
        tags: ['events'],
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const userId = userOf(request).id;
      const sessionId = request.session.sessionId;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        // The security headers the app's hooks set on the reply before it was hijacked.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx would otherwise hold the frames in its proxy buffer.
        'X-Accel-Buffering': 'no',
      });
      raw.write(`retry: ${TIMINGS.liveEventsRetryMs}\n\n`);
      const stream = new LiveStream(userId, sessionId, raw);
      streams.add(stream);
      const heartbeat = setInterval(() => stream.heartbeat(), opts.streamHeartbeatMs ?? STREAM_HEARTBEAT_MS);
      raw.on('close', () => {
        clearInterval(heartbeat);
        streams.remove(stream);
        void presence.closed(userId);
      });
      // Registered before presence is written, so the stream also hears its own arrival.
      await presence.opened(userId);
      stream.send({ event: 'ready', data: {} });
    },
  );
});
