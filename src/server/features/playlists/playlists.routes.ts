import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  playlistWithSharesSchema,
  sharedCollectiveSchema,
  sharePlaylistBodySchema,
} from '../../../shared/schemas/collectives';
import {
  addPlaylistTrackBodySchema,
  createPlaylistBodySchema,
  playlistDetailSchema,
  playlistSchema,
  reorderPlaylistBodySchema,
  updatePlaylistBodySchema,
} from '../../../shared/schemas/playlists';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { commitImage, receiveImage } from '../../media/image-upload';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import {
  addTrackToPlaylist,
  createPlaylist,
  deletePlaylist,
  findOwnPlaylist,
  getOwnPlaylistDetail,
  listOwnPlaylists,
  removeTrackFromPlaylist,
  reorderPlaylist,
  replacePlaylistImage,
  updatePlaylist,
} from './playlists.service';
import { listPlaylistsWithShares, setPlaylistShares, sharedCollectivesOf } from './sharing.service';

export interface PlaylistsRoutesOptions {
  db: Database;
  store: BlobStore;
  tempDir: string;
}

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const idParams = z.object({ id: idParam() });
const entryParams = z.object({
  id: idParam(),
  trackId: idParam(),
});

export async function playlistsRoutes(fastify: FastifyInstance, opts: PlaylistsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get('/api/playlists', { schema: { response: { 200: z.array(playlistSchema) } } }, async (request) =>
    listOwnPlaylists(db, userOf(request).id),
  );

  app.get(
    '/api/playlists/with-shared-collectives',
    { schema: { response: { 200: z.array(playlistWithSharesSchema) } } },
    async (request) => listPlaylistsWithShares(db, userOf(request).id),
  );

  app.get(
    '/api/playlists/:id/shared-collectives',
    { schema: { params: idParams, response: { 200: z.array(sharedCollectiveSchema) } } },
    async (request) => sharedCollectivesOf(db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/playlists/:id/share',
    {
      schema: {
        params: idParams,
        body: sharePlaylistBodySchema,
        response: { 200: z.array(sharedCollectiveSchema) },
      },
    },
    async (request) =>
      setPlaylistShares(db, request.params.id, userOf(request).id, request.body.collectiveIds),
  );

  app.post(
    '/api/playlists',
    {
      preHandler: app.userRateLimit.create,
      schema: { body: createPlaylistBodySchema, response: { 201: playlistSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createPlaylist(db, userOf(request).id, request.body)),
  );

  app.get(
    '/api/playlists/:id',
    { schema: { params: idParams, response: { 200: playlistDetailSchema } } },
    async (request) => getOwnPlaylistDetail(db, request.params.id, userOf(request).id),
  );

  app.patch(
    '/api/playlists/:id',
    { schema: { params: idParams, body: updatePlaylistBodySchema, response: { 200: playlistSchema } } },
    async (request) => updatePlaylist(db, request.params.id, userOf(request).id, request.body),
  );

  app.delete('/api/playlists/:id', { schema: { params: idParams } }, async (request) => {
    await deletePlaylist(db, request.params.id, userOf(request).id);
    return { success: true };
  });

  app.post(
    '/api/playlists/:id/tracks',
    { schema: { params: idParams, body: addPlaylistTrackBodySchema } },
    async (request, reply) => {
      const { added } = await addTrackToPlaylist(
        db,
        request.params.id,
        userOf(request).id,
        request.body.trackId,
      );
      return reply.code(added ? 201 : 200).send({ success: true, added });
    },
  );

  app.delete('/api/playlists/:id/tracks/:trackId', { schema: { params: entryParams } }, async (request) => {
    await removeTrackFromPlaylist(db, request.params.id, userOf(request).id, request.params.trackId);
    return { success: true };
  });

  app.put(
    '/api/playlists/:id/reorder',
    { schema: { params: idParams, body: reorderPlaylistBodySchema } },
    async (request) => {
      await reorderPlaylist(db, request.params.id, userOf(request).id, request.body);
      return { success: true };
    },
  );

  app.post(
    '/api/playlists/:id/image',
    { preHandler: app.userRateLimit.upload, schema: { params: idParams, response: { 200: playlistSchema } } },
    async (request) => {
      const before = await findOwnPlaylist(db, request.params.id, userOf(request).id);
      const imageKey = await receiveImage(request, {
        store,
        tempDir: opts.tempDir,
        kind: 'playlists',
        fileField: 'image',
        maxBytes: IMAGE_MAX_BYTES,
      });
      return commitImage(request, store, imageKey, () => replacePlaylistImage(db, before.id, imageKey));
    },
  );
}
