import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { duplicateTrackMessage } from '../../../shared/constants';
import { successSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import { uploadedTrackSchema } from '../../../shared/schemas/similar-tracks';
import { trackListQuerySchema, trackPageSchema } from '../../../shared/schemas/track-list';
import {
  duplicateTrackConflictSchema,
  type TrackSort,
  trackSchema,
  trackUploadFieldsSchema,
  trackUploadQuerySchema,
  updateTrackBodySchema,
} from '../../../shared/schemas/tracks';
import { sharedTrackSchema, storageUsageSchema } from '../../../shared/schemas/users';
import {
  isFiltered,
  JOURNAL_PAGE_SIZE,
  TRACK_FILTER_PAGE_SIZE,
  WHOLE_JOURNAL_MAX_TRACKS,
} from '../../../shared/track-filter';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { displayFileName } from '../../media/display-file-name';
import { parseFormFields } from '../../media/form-fields';
import { receiveUpload } from '../../media/receive-upload';
import { uploadForm } from '../../openapi/multipart';
import { userOf, userReadNow } from '../../plugins/auth-guard';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { probeUpload, storeAudioUpload, trackNameOf } from './audio-upload.service';
import { JOURNAL_REVISION_HEADER, type JournalRevisions, revisionToken } from './journal-revisions';
import { similarTracksRoutes } from './similar-tracks.routes';
import { findSimilarTracks, fingerprintUpload, trackFingerprintColumns } from './similar-tracks.service';
import { audioUploadLimit, createTrackWithinQuota, quotaOf, storedBytes } from './storage.service';
import { firstJournalPage, journalExceeds, nextPageLink } from './track-list.big';
import { etagMatches, preferredEncoding, TrackListCache, type TrackListSource } from './track-list.cache';
import {
  ownFirstTracks,
  ownTrackRows,
  ownTracksById,
  ownTracksChangedSince,
  ownTrackVersions,
} from './track-list.changes';
import { countTracks } from './track-list.count';
import { TRACK_COUNT_CACHE_BYTES, TrackCountCache } from './track-list.count-cache';
import { FIRST_PAGE_CACHE_BYTES, FirstPageCache, type FirstPageSource } from './track-list.first-page';
import { type KeptCountsAt, ownTracksPageJson } from './track-list.page';
import { ownTracksJson } from './track-list.query';
import { type TrackMediaRoutesOptions, trackMediaRoutes } from './track-media.routes';
import { enqueueAfterUpload } from './track-processing.service';
import { trackSpectrogramRoutes } from './track-spectrogram.routes';
import { trackVersionMediaRoutes } from './track-version-media.routes';
import { trackVersionRoutes } from './track-versions.routes';
import {
  deleteTrack,
  findTrackWithContent,
  getListenableTrackWithOwner,
  updateTrack,
} from './tracks.service';
import { tracksBulkRoutes } from './tracks-bulk.routes';

export interface TracksRoutesOptions {
  db: Database;
  store: BlobStore;
  tempDir: string;
  maxUploadBytes: number;
  /** Bytes of audio each person may store; 0 = unlimited. */
  storageQuotaBytes: number;
  /** Where uploads are queued for processing (waveform, loudness, rendition). */
  queue: JobQueue;
  /** Memory for whole journal lists kept as sent (decision 0084); 0 = none (and no kept counts). */
  trackListCacheBytes: number;
  /** Memory for first pages' counts (decision 0900); TRACK_COUNT_CACHE_BYTES unless said. */
  trackCountCacheBytes?: number;
  /** Up to how many tracks the whole journal is one reply, and the page size beyond (issue 48). */
  wholeJournal?: { maxTracks: number; pageSize: number };
  /** Journal revisions held in memory, renewed by the database's announcements (issue 48). */
  revisions: JournalRevisions;
  /** The ffmpeg an upload is fingerprinted with, looked up when first needed; none: no look at upload. */
  ffmpeg?: () => string | undefined;
  /** The stream routes' access decisions and byte offload (track-media.routes.ts). */
  media: Pick<TrackMediaRoutesOptions, 'access' | 'offload'>;
}

const trackParams = z.object({ id: idParam() });
const tags = ['tracks'];

export async function tracksRoutes(fastify: FastifyInstance, opts: TracksRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  const listCache = opts.trackListCacheBytes > 0 ? new TrackListCache(opts.trackListCacheBytes) : undefined;
  // First pages' counts, kept by the same revision as the list (decision 0900): on with it only, as
  // without the list cache no write's reply carries the revision token read-your-writes needs.
  const countCache = listCache && new TrackCountCache(opts.trackCountCacheBytes ?? TRACK_COUNT_CACHE_BYTES);
  // Unfiltered first pages, by the same revision (decision 0909): a big journal's list after a change.
  const firstPages = listCache && new FirstPageCache(FIRST_PAGE_CACHE_BYTES);
  const { revisions } = opts;
  /**
   * The owner's journal revision to answer at: the request's user row only when this request read
   * it (from the access cache, decision 0066, it may be seconds old, while the list must follow
   * every write, a job's too); else the revision held in memory, unless the client wrote since and
   * names a newer one (0490). Undefined: the person is gone.
   */
  const revisionFor = async (request: FastifyRequest, userId: string) =>
    userReadNow(request)?.journalRevision ??
    (await revisions.current(userId, revisionToken(request.headers[JOURNAL_REVISION_HEADER])));
  const listSource = (userId: string, sort: TrackSort): TrackListSource => ({
    all: () => ownTrackRows(db, userId, sort),
    changedSince: (since) => ownTracksChangedSince(db, userId, since),
    versions: (since) => ownTrackVersions(db, userId, sort, since),
    byId: (ids) => ownTracksById(db, userId, ids),
  });
  const firstPageSource = (userId: string, sort: TrackSort): FirstPageSource => ({
    first: async (size) => {
      const [rows, counts] = await Promise.all([
        ownFirstTracks(db, userId, sort, size),
        countTracks(db, userId, undefined, undefined),
      ]);
      return { rows, all: counts.all };
    },
    changedSince: (since) => ownTracksChangedSince(db, userId, since),
  });
  // Write-behind (decision 0908): a list held for the writer is brought to their write's revision
  // as the write's reply leaves, not when the list is next asked for, which a client does at once
  // after its own write (the list query's invalidation). A GET arriving meanwhile shares the read.
  revisions.onOwnWrite((userId, revision) =>
    listCache?.renew(
      userId,
      revision,
      (sort) => listSource(userId, sort),
      (err) => fastify.log.warn({ err: { message: err.message } }, 'Journal list not renewed after a write'),
    ),
  );
  const whole = opts.wholeJournal ?? { maxTracks: WHOLE_JOURNAL_MAX_TRACKS, pageSize: JOURNAL_PAGE_SIZE };
  /** A journal above whole.maxTracks: its first page as the array, a Link to the rest. */
  const sendFirstPage = async (reply: FastifyReply, userId: string, sort: TrackSort) => {
    const first = await firstJournalPage(db, userId, sort, whole.pageSize);
    if (first.nextCursor) reply.header('Link', nextPageLink(sort, whole.pageSize, first.nextCursor));
    return reply.header('Cache-Control', 'private, no-cache').send(first.json);
  };

  app.get(
    '/api/tracks',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'List your journal',
        description:
          'Without `limit` and filter: every track, as an array (ETag, 304 while unchanged; send back the `x-journal-revision` header of your last write\'s reply to be answered a list that includes it, whichever server answers), up to 5,000 tracks; a bigger journal sends its first 1,000 as the array with a `Link: <…>; rel="next"` header to the rest, in pages (issue 48). With `limit` or any filter (`q`, `equipment`, `visibility`, `state`, `format`, `from`, `to`): one page of the matching tracks (100 unless `limit` says) and the cursor of the next; a first page also counts the matching tracks (`total`) and all of them (`all`); past 1,000 matches `total` is 1,000 and `totalCapped` is true (the count stops there). The counts are kept per journal revision: send back the `x-journal-revision` header here too, so that they include your last write whichever server answers.',
        tags,
        querystring: trackListQuerySchema,
        response: { 200: z.union([z.array(trackSchema), trackPageSchema]) },
      },
    },
    async (request, reply) => {
      const { sort, limit, cursor, ...filter } = request.query;
      const userId = userOf(request).id;
      // A filter answers pages (decision 0270): the whole list stays the unfiltered journal's.
      const pageSize = limit ?? (isFiltered(filter) ? TRACK_FILTER_PAGE_SIZE : undefined);
      // The zod schema above still documents the reply; a plain FastifyReply takes the ready text.
      const raw = (reply as FastifyReply).type('application/json; charset=utf-8');
      if (pageSize === undefined && listCache) {
        // The whole list, from memory while the owner's journal revision is unchanged (decision 0084).
        const revision = await revisionFor(request, userId);
        if (revision === undefined) throw new HttpError(401, 'Not signed in');
        // A journal held whole was small (it is dropped below once it is not): no count, and a
        // change costs one read of what changed. Else it is counted up to the bound first, so a big
        // one is never read whole.
        if (!listCache.holds(userId, sort) && (await journalExceeds(db, userId, whole.maxTracks))) {
          return sendFirstPage(raw, userId, sort);
        }
        const list = await listCache.list(userId, sort, revision, listSource(userId, sort));
        // Grown past the bound since it was held or counted (an import, a bulk copy): pages now.
        if (list.rows.length > whole.maxTracks) {
          listCache.forget(userId, sort);
          return sendFirstPage(raw, userId, sort);
        }
        // no-cache: a browser keeps the list but asks each time, and hears 304 while it is current.
        raw
          .header('ETag', list.etag)
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Accept-Encoding');
        if (etagMatches(request.headers['if-none-match'], list.etag)) return raw.code(304).send();
        const encoding =
          list.body.length >= COMPRESS_THRESHOLD_BYTES && request.headers['x-no-compression'] === undefined
            ? preferredEncoding(request.headers['accept-encoding'])
            : undefined;
        if (!encoding) return raw.send(list.body);
        // Compressed once per revision and kept; @fastify/compress leaves an encoded reply alone.
        return raw.header('Content-Encoding', encoding).send(await listCache.encoded(list, encoding));
      }
      if (pageSize === undefined && (await journalExceeds(db, userId, whole.maxTracks))) {
        return sendFirstPage(raw, userId, sort);
      }
      if (pageSize === undefined) return raw.send(await ownTracksJson(db, userId, sort));
      if (firstPages && cursor === undefined && !isFiltered(filter)) {
        const revision = await revisionFor(request, userId);
        if (revision === undefined) throw new HttpError(401, 'Not signed in');
        return raw.send(
          await firstPages.page(userId, sort, pageSize, revision, firstPageSource(userId, sort)),
        );
      }
      // A first page's counts, kept at the revision taken now, before anything is read (0900).
      let kept: KeptCountsAt | undefined;
      if (countCache && cursor === undefined) {
        const revision = await revisionFor(request, userId);
        if (revision === undefined) throw new HttpError(401, 'Not signed in');
        kept = { cache: countCache, revision };
      }
      // Written whole by the query (decision 0063): a JSON string is sent as it is, not re-serialised.
      return raw.send(await ownTracksPageJson(db, userId, sort, pageSize, cursor, filter, kept));
    },
  );

  app.post(
    '/api/tracks',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: {
        summary: 'Upload a track',
        description:
          'The reply comes once the file is stored; waveform, loudness and rendition are made afterwards (processing). `similarTracks` names your own tracks that sound like the upload (by audio fingerprint: re-encoded, trimmed or at another level), best first, similarity from 0 to 1; byte-identical files are the duplicate question (`duplicate=ask`), not listed here.',
        tags,
        multipartBody: uploadForm('audio', 'The audio file', trackUploadFieldsSchema),
        querystring: trackUploadQuerySchema,
        response: { 201: uploadedTrackSchema, 409: duplicateTrackConflictSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const quota = quotaOf(user, opts.storageQuotaBytes);
      const limit = await audioUploadLimit(db, user.id, opts.maxUploadBytes, quota);
      const upload = await receiveUpload(request, { fileField: 'audio', tempDir: opts.tempDir, ...limit });
      try {
        const fields = parseFormFields(trackUploadFieldsSchema, upload.fields);
        const filename = displayFileName(upload.originalName);
        if (upload.size === 0) throw new HttpError(400, `${filename} is empty`);
        // The same bytes already in the journal: ask before keeping a second copy (decision 0144).
        if (request.query.duplicate === 'ask') {
          const existing = await findTrackWithContent(db, user.id, upload.sha256);
          if (existing) {
            return reply.code(409).send({
              statusCode: 409,
              error: 'Conflict',
              message: duplicateTrackMessage(existing.name),
              duplicateOf: existing,
            });
          }
        }
        // Probed once (415 unless audio), so what is not audio or too short starts no ffmpeg.
        const audio = await probeUpload(upload, filename);
        // Before the store takes the file away (decision 0832): the reply says which takes it sounds like.
        const fingerprint = await fingerprintUpload(opts.ffmpeg?.(), upload.tempFile, audio, request.log);
        const track = await storeAudioUpload(
          store,
          upload,
          filename,
          (file) =>
            createTrackWithinQuota(db, quota, {
              ...file,
              ...trackFingerprintColumns(fingerprint),
              userId: user.id,
              name: fields.name ?? trackNameOf(filename),
              fileCreatedAt: fields.fileCreatedAt,
            }),
          audio,
        );
        // Processing runs later, in a worker; the upload is answered now.
        await enqueueAfterUpload(opts.queue, track.id, request.log);
        const similarTracks = fingerprint
          ? await findSimilarTracks(db, user.id, fingerprint, {
              trackId: track.id,
              contentHash: upload.sha256,
            })
          : [];
        return reply.code(201).send({ ...track, similarTracks });
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/api/user/storage',
    {
      preHandler: app.requireUser,
      schema: { summary: 'Storage you use, and your quota', tags, response: { 200: storageUsageSchema } },
    },
    async (request) => {
      const user = userOf(request);
      return {
        usedBytes: await storedBytes(db, user.id),
        quotaBytes: quotaOf(user, opts.storageQuotaBytes) || null,
      };
    },
  );

  app.patch(
    '/api/tracks/:id',
    {
      preHandler: app.requireUser,
      // Writes the track's row alone (its triggers renew the owner's journal revision, which is
      // never taken from a cached session): the sessions cached before stay valid (decision 0904).
      config: { keepsIdentity: true },
      schema: {
        summary: 'Edit a track (name, notes, sharing, tempo and key)',
        tags,
        params: trackParams,
        body: updateTrackBodySchema,
        response: { 200: trackSchema },
      },
    },
    async (request) => updateTrack(db, request.params.id, userOf(request).id, request.body),
  );

  app.delete(
    '/api/tracks/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Delete a track and its files',
        tags,
        params: trackParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      // Its files were queued for removal with the row (decision 0095): the drain removes them.
      await deleteTrack(db, request.params.id, userOf(request).id);
      await app.kickBlobDeletions();
      return { success: true as const };
    },
  );

  // The shared track link: no sign-in needed when the track is public (decision 0140).
  app.get(
    '/api/tracks/:id',
    {
      schema: {
        summary: 'A track with its owner (the shared track page)',
        description: 'No sign-in needed when the owner is public; 404 for anyone who may not listen.',
        tags,
        params: trackParams,
        response: { 200: sharedTrackSchema },
      },
    },
    async (request) => getListenableTrackWithOwner(db, request.params.id, request.session.userId ?? null),
  );

  await app.register(trackMediaRoutes, { db, store, queue: opts.queue, ...opts.media });
  await app.register(tracksBulkRoutes, { db, store });
  await app.register(similarTracksRoutes, { db, queue: opts.queue });
  await app.register(trackVersionRoutes, {
    db,
    store,
    queue: opts.queue,
    tempDir: opts.tempDir,
    maxUploadBytes: opts.maxUploadBytes,
    storageQuotaBytes: opts.storageQuotaBytes,
    offload: opts.media.offload,
  });
  await app.register(trackVersionMediaRoutes, { db, store, ...opts.media });
  await app.register(trackSpectrogramRoutes, { db, store, offload: opts.media.offload });
}
