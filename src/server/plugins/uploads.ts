import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sweepTempDir } from '../media/temp-files';
import { UploadSlots } from '../media/upload-slots';
import type { MinimumRate } from '../media/upload-watchers';

export interface UploadsPluginOptions {
  /** DATA_DIR/tmp: where uploads are written while they arrive. */
  tempDir: string;
  idleTimeoutMs: number;
  /** The slowest average rate a body may arrive at after a grace period (decision 0250). */
  minimumRate: MinimumRate;
  /** Uploads one person may have in progress at once on this instance (decision 0251). */
  uploadsPerPerson: number;
  /** How often leftovers are looked for while running (default hourly). */
  sweepIntervalMs?: number;
  /** Temp files older than this are leftovers (default a day). */
  maxTempAgeMs?: number;
}

const HOUR = 60 * 60 * 1000;
/** How long the socket stays open after an early answer, so the client can read it (see below). */
const RESET_DELAY_MS = 500;

/**
 * What every upload route shares: the idle timeout and minimum rate, each person's upload slots,
 * the temp folder's sweeping (everything at start-up, since no upload of this process exists yet;
 * stale leftovers hourly while running), and closing the connection when an answer goes out
 * before the request body has been read.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, opts: UploadsPluginOptions) => {
  app.decorate('uploads', {
    idleTimeoutMs: opts.idleTimeoutMs,
    minimumRate: opts.minimumRate,
    slots: new UploadSlots(opts.uploadsPerPerson),
  });
  app.decorateRequest('releaseUploadSlot', undefined);
  // receiveUpload gives its slot back on every path it knows (cleanup, failure); this is the net
  // for a route that let its upload go without cleanup(): once the answer is out, the slot is free.
  app.addHook('onResponse', async (request) => request.releaseUploadSlot?.());

  // A sweep that fails is logged, never fatal: uploads themselves will say if the folder is unusable.
  const sweep = (olderThanMs: number, what: string) =>
    sweepTempDir(opts.tempDir, olderThanMs).then(
      (removed) => removed > 0 && app.log.info({ removed }, what),
      (err: unknown) => app.log.warn({ err }, 'Could not sweep the upload temp folder'),
    );
  await sweep(0, 'Removed temp files left by an earlier run');
  const maxAge = opts.maxTempAgeMs ?? 24 * HOUR;
  // One sweep at a time, and a close waits for the one under way: it lists the folder before it
  // deletes, so one still running after close could take a file that came after.
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sweep(maxAge, 'Removed stale upload temp files').finally(() => {
      running = undefined;
    });
  }, opts.sweepIntervalMs ?? HOUR);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });

  // An error answered before the body was read (too large, over quota, stalled, refused by a
  // guard): reading on would mean taking in the rest of a body nobody wants, possibly gigabytes.
  app.addHook('onError', async (request, reply) => {
    if (request.raw.complete) return;
    reply.header('Connection', 'close');
    closeAfterAnswer(request);
  });
});

/**
 * Node ends the socket and destroys it as soon as a `Connection: close` answer is written. With
 * the client's body still arriving, that destroy makes the kernel send a reset, which can discard
 * the answer before the client has read it. So our side is ended at once and destroyed a moment
 * later (what Go's net/http does); meanwhile nothing more of the body is read.
 */
function closeAfterAnswer(request: FastifyRequest) {
  const socket = request.raw.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket) return;
  socket.destroySoon = () => {
    request.raw.pause();
    socket.end();
    setTimeout(() => socket.destroy(), RESET_DELAY_MS).unref();
  };
}
