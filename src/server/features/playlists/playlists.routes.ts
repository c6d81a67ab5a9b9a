import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  playlistWithSharesSchema,
  sharedCollectiveSchema,
  sharePlaylistBodySchema,
} from '../../../shared/schemas/collectives';
import { successSchema } from '../../../shared/schemas/common';
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
import { uploadForm } from '../../openapi/multipart';
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
const tags = ['playlists'];
/** 201 when the track was added, 200 when it was already in the playlist. */
const addedSchema = z.object({ success: z.literal(true), added: z.boolean() });

export async function playlistsRoutes(fastify: FastifyInstance, opts: PlaylistsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/api/playlists',
    { schema: { summary: 'List your playlists', tags, response: { 200: z.array(playlistSchema) } } },
    async (request) => listOwnPlaylists(db, userOf(request).id),
  );

  app.get(
    '/api/playlists/with-shared-collectives',
    {
      schema: {
        summary: 'List your playlists with the collectives each is shared with',
        tags,
        response: { 200: z.array(playlistWithSharesSchema) },
      },
    },
    async (request) => listPlaylistsWithShares(db, userOf(request).id),
  );

  app.get(
    '/api/playlists/:id/shared-collectives',
    {
      schema: {
        summary: 'The collectives a playlist is shared with',
        tags,
        params: idParams,
        response: { 200: z.array(sharedCollectiveSchema) },
      },
    },
    async (request) => sharedCollectivesOf(db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/playlists/:id/share',
    {
      schema: {
        summary: 'Set the collectives a playlist is shared with',
        tags,
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
      schema: {
        summary: 'Create a playlist',
        tags,
        body: createPlaylistBodySchema,
        response: { 201: playlistSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPlaylist(db, userOf(request).id, request.body)),
  );

  app.get(
    '/api/playlists/:id',
    {
      schema: {
        summary: 'A playlist with its tracks',
        tags,
        params: idParams,
        response: { 200: playlistDetailSchema },
      },
    },
    async (request) => getOwnPlaylistDetail(db, request.params.id, userOf(request).id),
  );

  app.patch(
    '/api/playlists/:id',
    {
      schema: {
        summary: 'Edit a playlist (name, description, public or private)',
        tags,
        params: idParams,
        body: updatePlaylistBodySchema,
        response: { 200: playlistSchema },
      },
    },
    async (request) => updatePlaylist(db, request.params.id, userOf(request).id, request.body),
  );

  app.delete(
    '/api/playlists/:id',
    {
      schema: {
        summary: 'Delete a playlist (owner only); it leaves every collective it was shared into',
        tags,
        params: idParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await deletePlaylist(db, request.params.id, userOf(request).id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/playlists/:id/tracks',
    {
      schema: {
        summary: 'Add a track to a playlist',
        tags,
        params: idParams,
        body: addPlaylistTrackBodySchema,
        response: { 200: addedSchema, 201: addedSchema },
      },
    },
    async (request, reply) => {
      const { added } = await addTrackToPlaylist(
        db,
        request.params.id,
        userOf(request).id,
        request.body.trackId,
      );
      return reply.code(added ? 201 : 200).send({ success: true as const, added });
    },
  );

  app.delete(
    '/api/playlists/:id/tracks/:trackId',
    {
      schema: {
        summary: 'Remove a track from a playlist',
        tags,
        params: entryParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await removeTrackFromPlaylist(db, request.params.id, userOf(request).id, request.params.trackId);
      return { success: true as const };
    },
  );

  app.put(
    '/api/playlists/:id/reorder',
    {
      schema: {
        summary: "Put a playlist's tracks in a new order",
        tags,
        params: idParams,
        body: reorderPlaylistBodySchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await reorderPlaylist(db, request.params.id, userOf(request).id, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/playlists/:id/image',
    {
      preHandler: app.userRateLimit.upload,
      schema: {
        summary: "Replace a playlist's cover image",
        tags,
        params: idParams,
        multipartBody: uploadForm('image', 'A JPEG, PNG, GIF or WebP image, at most 10 MB'),
        response: { 200: playlistSchema },
      },
    },
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
