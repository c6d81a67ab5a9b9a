import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from './app-options';
import { accountRoutes } from './features/account/account.routes';
import { activityRoutes } from './features/activity/activity.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { CredentialCrypto } from './features/api-keys/credential-crypto';
import { authRoutes } from './features/auth/auth.routes';
import { createOidcClient } from './features/auth/oidc-client';
import { blocksRoutes } from './features/blocks/blocks.routes';
import { collectivesRoutes } from './features/collectives/collectives.routes';
import { demoPlugin } from './features/demo/demo.routes';
import { equipmentRoutes } from './features/equipment/equipment.routes';
import { equipmentHistoryRoutes } from './features/equipment/equipment-history.routes';
import { exportsRoutes } from './features/exports/exports.routes';
import { healthRoutes } from './features/health/health.routes';
import { imagesRoutes } from './features/images/images.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { invitesRoutes } from './features/invites/invites.routes';
import { likesRoutes } from './features/likes/likes.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { playlistsRoutes } from './features/playlists/playlists.routes';
import { publicPlaylistsRoutes } from './features/playlists/public-playlists.routes';
import { playsRoutes } from './features/plays/plays.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { searchRoutes } from './features/search/search.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { LinkCookies } from './features/shares/link-cookies';
import { shareUploadsRoutes } from './features/shares/share-uploads.routes';
import { sharesRoutes } from './features/shares/shares.routes';
import { SyncAnchors } from './features/subsonic/listed-song-ids';
import { subsonicRoutes } from './features/subsonic/subsonic.routes';
import type { SubsonicCaller } from './features/subsonic/subsonic-auth';
import { TranscodeCache } from './features/subsonic/transcode-cache';
import { TranscodeSlots } from './features/subsonic/transcode-slots';
import { trackCommentsRoutes } from './features/track-comments/track-comments.routes';
import type { JournalRevisions } from './features/tracks/journal-revisions';
import { StreamAccess } from './features/tracks/stream-access.service';
import { trackSplitRoutes } from './features/tracks/track-split.routes';
import { tracksRoutes } from './features/tracks/tracks.routes';
import type { TrackRow } from './features/tracks/tracks.service';
import { usersRoutes } from './features/users/users.routes';
import { versionReviewRoutes } from './features/version-review/version-review.routes';
import type { JobQueue } from './jobs/job-queue';
import { resolveFfmpeg } from './media/ffmpeg-binaries';
import { AccessCache, type Generation } from './plugins/access-cache';
import type { BlobStore } from './storage/blob-store';
import type { mediaOffload } from './storage/create-store';

/** What buildApp made before the features: the store, the queue and the access caches' generation. */
export interface FeatureDeps {
  store: BlobStore;
  tempDir: string;
  offload: ReturnType<typeof mediaOffload>;
  queue: JobQueue;
  generation: Generation;
  cacheMs: number;
  /** Held journal revisions, renewed by the LISTEN app.ts starts after the features (issue 48). */
  journalRevisions: JournalRevisions;
}

/**
 * Every feature's routes, each given only what it uses. The app layer composes the features here;
 * buildApp (app.ts) sets up the server, its plugins and what runs beside the routes.
 */
export async function registerFeatureRoutes(
  app: FastifyInstance,
  options: BuildAppOptions,
  { store, tempDir, offload, queue, generation, cacheMs, journalRevisions }: FeatureDeps,
) {
  const { config, db } = options;
  const oidc = options.oidcClient ?? (config.oidc ? createOidcClient(config.oidc) : undefined);
  await app.register(healthRoutes, { db, connection: options.queueConnection });
  await app.register(authRoutes, {
    db,
    oidc,
    publicUrl: config.publicUrl,
    demoEnabled: config.demoEnabled,
    signup: config.signup ?? 'open',
  });
  await app.register(demoPlugin, {
    db,
    store,
    tempDir,
    queue,
    enabled: config.demoEnabled,
    ttlHours: config.demoTtlHours,
    sessionsPerHour: options.demoSessionsPerHour,
    sweepIntervalMs: options.demoSweepIntervalMs,
  });
  await app.register(collectivesRoutes, { db, store, tempDir });
  await app.register(playlistsRoutes, { db, store, tempDir });
  await app.register(publicPlaylistsRoutes, { db });
  await app.register(imagesRoutes, { store });
  await app.register(invitesRoutes, { db });
  await app.register(trackCommentsRoutes, { db });
  await app.register(versionReviewRoutes, { db });
  await app.register(playsRoutes, { db });
  await app.register(notificationsRoutes, { db });
  await app.register(activityRoutes, { db });
  await app.register(likesRoutes, { db });
  // One access decision per viewer and track, whether the web app or a Subsonic app asks (0066).
  const streamAccess = new StreamAccess(db, new AccessCache<TrackRow>(generation, cacheMs));
  await app.register(tracksRoutes, {
    db,
    store,
    tempDir,
    maxUploadBytes: config.maxUploadBytes,
    storageQuotaBytes: config.storageQuotaBytes,
    trackListCacheBytes: config.trackListCacheBytes,
    wholeJournal: options.wholeJournal,
    revisions: journalRevisions,
    queue,
    // Looked up on each upload (resolveFfmpeg only looks at files); an instance without ffmpeg
    // answers uploads without the fingerprint's look (decision 0832).
    ffmpeg: () => {
      if (options.fingerprintUploads === false) return undefined;
      try {
        return resolveFfmpeg(config).ffmpeg;
      } catch {
        return undefined;
      }
    },
    media: {
      access: streamAccess,
      offload,
    },
  });
  let splitFfmpeg: string | undefined;
  await app.register(trackSplitRoutes, {
    db,
    store,
    queue,
    tempDir,
    maxUploadBytes: config.maxUploadBytes,
    storageQuotaBytes: config.storageQuotaBytes,
    // Looked up on the first split (issue 47), as the Subsonic transcode does below.
    ffmpeg: () => (splitFfmpeg ??= resolveFfmpeg(config).ffmpeg),
  });
  await app.register(equipmentRoutes, { db, store, tempDir });
  await app.register(equipmentHistoryRoutes, { db });
  await app.register(usersRoutes, { db, store, tempDir });
  await app.register(blocksRoutes, { db });
  await app.register(reportsRoutes, { db });
  await app.register(accountRoutes, { db });
  await app.register(exportsRoutes, {
    db,
    store,
    tempDir,
    queue,
    offload,
    sweepIntervalMs: options.exportSweepIntervalMs,
  });
  await app.register(importsRoutes, {
    db,
    store,
    tempDir,
    queue,
    maxUploadBytes: config.maxUploadBytes,
    storageQuotaBytes: config.storageQuotaBytes,
    kickBlobDeletions: () => app.kickBlobDeletions(),
    paceSleep: options.importPaceSleep,
  });
  // App passwords sealed under SESSION_SECRET's list, the first sealing (decision 0385).
  const credentialCrypto = new CredentialCrypto([
    config.sessionSecret,
    ...(config.previousSessionSecrets ?? []),
  ]);
  await app.register(apiKeysRoutes, { db, crypto: credentialCrypto });
  await app.register(sessionsRoutes, { db, pruneIntervalMs: options.securityEventPruneIntervalMs });
  await app.register(adminRoutes, {
    db,
    queue,
    storageQuotaBytes: config.storageQuotaBytes,
    signup: config.signup ?? 'open',
    demo: { enabled: config.demoEnabled, ttlHours: config.demoTtlHours },
  });
  let ffmpeg: string | undefined;
  await app.register(subsonicRoutes, {
    db,
    crypto: credentialCrypto,
    callers: new AccessCache<SubsonicCaller>(generation, cacheMs),
    syncAnchors: new SyncAnchors(journalRevisions),
    // Looked up on the first transcode: an instance that never transcodes needs no ffmpeg for it.
    media: {
      store,
      offload,
      access: streamAccess,
      ffmpeg: () => (ffmpeg ??= resolveFfmpeg(config).ffmpeg),
      cache: new TranscodeCache({
        db,
        store,
        tempDir,
        maxBytes: config.transcodeCacheBytes,
        kickBlobDeletions: () => app.kickBlobDeletions(),
        log: app.log,
      }),
      slots: new TranscodeSlots({ slots: config.transcodeSlots, waitMs: options.transcodeWaitMs }),
      stallMs: config.transcodeStallMs,
      tempDir,
    },
  });
  await app.register(searchRoutes, { db });
  await app.register(sharesRoutes, {
    db,
    store,
    offload,
    publicUrl: config.publicUrl,
    cookies: new LinkCookies(
      [config.sessionSecret, ...(config.previousSessionSecrets ?? [])],
      config.publicUrl.startsWith('https://'),
    ),
  });
  // Upload links (issue 45): a guest's file into the owner's journal, as their own upload would go.
  await app.register(shareUploadsRoutes, {
    db,
    store,
    queue,
    tempDir,
    maxUploadBytes: config.maxUploadBytes,
    storageQuotaBytes: config.storageQuotaBytes,
    // The same secrets as the links' other cookies: one signs, all verify.
    cookies: new LinkCookies(
      [config.sessionSecret, ...(config.previousSessionSecrets ?? [])],
      config.publicUrl.startsWith('https://'),
    ),
  });
}
