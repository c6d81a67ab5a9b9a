import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatStorageAmount } from '../../../shared/format';
import {
  guestUploadFieldsSchema,
  receivedTrackSchema,
  sentFileSchema,
  UPLOAD_LINK_BLOCKED,
  UPLOAD_LINK_NOT_UPLOAD_MESSAGE,
  uploadLinkBytesMessage,
} from '../../../shared/schemas/share-uploads';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { displayFileName } from '../../media/display-file-name';
import { parseFormFields } from '../../media/form-fields';
import { receiveUpload } from '../../media/receive-upload';
import { uploadForm } from '../../openapi/multipart';
import { userOf } from '../../plugins/auth-guard';
import { forbidden, HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { refuseIfBlocked } from '../blocks/blocks.service';
import { storeAudioUpload, trackNameOf } from '../tracks/audio-upload.service';
import { receivedTracksOf } from '../tracks/received-from.service';
import { audioUploadLimit, currentQuotaOf } from '../tracks/storage.service';
import { enqueueAfterUpload } from '../tracks/track-processing.service';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { checkRoom, keepReceivedFile } from './share-uploads.service';
import { findLiveLink } from './shares.service';

export interface ShareUploadsRoutesOptions {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  tempDir: string;
  maxUploadBytes: number;
  /** The instance's STORAGE_QUOTA_BYTES: the owner's own quota, when set, wins. */
  storageQuotaBytes: number;
  cookies: LinkCookies;
}

/**
 * Files a guest sends per link and address a minute (decision 0731): beside the owner's own upload
 * counter, slots and bytes an hour, which every guest of every link of theirs spends together.
 */
export const SHARE_UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

const tokenParams = z.object({ token: z.string() });
const perLinkAndAddress = (request: FastifyRequest) =>
  `share-upload:${(request.params as { token?: string }).token ?? ''}:${request.ip}`;

/**
 * POST /api/shares/by-token/{token}/uploads (issue 45, decision 0730): a signed-out guest's file
 * into the owner's journal, as the owner's own upload would go (POST /api/tracks): streamed to a
 * temp file, refused if not audio, stored, a private track queued for processing; within the
 * owner's quota, upload slots and bytes an hour, and the link's caps.
 */
export async function shareUploadsRoutes(fastify: FastifyInstance, opts: ShareUploadsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;

  app.get(
    '/api/shares/received',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Your tracks that guests sent through your upload links',
        description: 'Who sent each, and through which link: for the journal to say "Received from …".',
        tags: ['shares'],
        response: { 200: z.array(receivedTrackSchema) },
      },
    },
    async (request) => receivedTracksOf(db, userOf(request).id),
  );

  app.post(
    '/api/shares/by-token/:token/uploads',
    {
      config: { rateLimit: { ...SHARE_UPLOAD_RATE_LIMIT, keyGenerator: perLinkAndAddress } },
      schema: {
        summary: 'Send a file through an upload link (no sign-in)',
        description:
          "Multipart `audio` and `name` (the guest's name). The file becomes a private track in the link owner's journal. 403 for a link of another kind; 409 once the link received all its files; 413 past its bytes or the owner's quota; 415 not audio; 429 past the rate limits. Sets the guest cookie: the same browser sees its files in GET /api/shares/by-token/{token}.",
        tags: ['shares'],
        params: tokenParams,
        multipartBody: uploadForm('audio', 'The audio file', guestUploadFieldsSchema),
        response: { 201: sentFileSchema },
      },
    },
    async (request, reply) => {
      const { link } = await findLiveLink(db, request.params.token);
      if (link.kind !== 'upload') throw forbidden(UPLOAD_LINK_NOT_UPLOAD_MESSAGE);
      requireUnlocked(opts.cookies, request, link);
      // A signed-in person with a block either way with the owner sends nothing (as for comments, 0719).
      const signedIn = request.session?.userId;
      if (signedIn) await refuseIfBlocked(db, signedIn, link.userId, UPLOAD_LINK_BLOCKED);
      // Every upload of the owner's counts in their per-minute uploads, whoever sends it.
      await app.limitUserAction('upload', request, reply, link.userId);
      const linkRoom = await checkRoom(db, link);
      const quota = await currentQuotaOf(db, link.userId, opts.storageQuotaBytes);
      const limit = await audioUploadLimit(db, link.userId, opts.maxUploadBytes, quota);
      const byLink = linkRoom < limit.maxBytes;
      const upload = await receiveUpload(request, {
        fileField: 'audio',
        tempDir: opts.tempDir,
        personId: link.userId,
        maxBytes: byLink ? linkRoom : limit.maxBytes,
        tooLargeMessage: byLink
          ? uploadLinkBytesMessage(formatStorageAmount(linkRoom))
          : limit.tooLargeMessage,
      });
      try {
        const fields = parseFormFields(guestUploadFieldsSchema, upload.fields);
        const filename = displayFileName(upload.originalName);
        if (upload.size === 0) throw new HttpError(400, `${filename} is empty`);
        const { track, sent } = await storeAudioUpload(store, upload, filename, (file) =>
          keepReceivedFile(db, {
            linkId: link.id,
            quotaBytes: quota,
            // Named once it is known to be audio: the cookie remembers who sent it.
            guest: opts.cookies.setGuest(request, reply, link, fields.name),
            track: { ...file, name: trackNameOf(filename) },
          }),
        );
        await enqueueAfterUpload(opts.queue, track.id, request.log);
        return reply.code(201).send(sent);
      } finally {
        await upload.cleanup();
      }
    },
  );
}
