import { eq } from 'drizzle-orm';
import { collectives, equipmentTags, playlists, users } from '../server/db/schema';
import type { ImageKind } from '../server/media/image-variants';
import type { TestApp, TestClient } from './build-test-app';
import { makeWav } from './media-fixtures';

/** One record that carries an image, made through the API by `client`. */
export interface ImageTarget {
  kind: ImageKind;
  /** The multipart field the upload route reads. */
  field: string;
  setUp(): Promise<{
    uploadUrl: string;
    /** The image URL base the API replies with for the record. */
    currentUrl: () => Promise<string>;
    /** What the record's row holds in its image column. */
    storedKey: () => Promise<string | null>;
    /** Deletes the row as a cascade or an operator would (no route removes these records). */
    remove: () => Promise<void>;
  }>;
}

/** The four records with an image (avatar, playlist cover, collective image, equipment picture). */
export function imageTargets(t: TestApp, client: TestClient & { userId: string }): ImageTarget[] {
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  return [
    {
      kind: 'playlists',
      field: 'image',
      async setUp() {
        const { id } = (await client.post('/api/playlists', { name: 'Cover' })).json<{ id: number }>();
        const where = eq(playlists.id, id);
        return {
          uploadUrl: `/api/playlists/${id}/image`,
          currentUrl: async () => (await client.get(`/api/playlists/${id}`)).json().imageUrl,
          storedKey: async () => (await one(t.db.select().from(playlists).where(where)))?.imageKey ?? null,
          remove: async () => void (await t.db.delete(playlists).where(where)),
        };
      },
    },
    {
      kind: 'avatars',
      field: 'avatar',
      async setUp() {
        const where = eq(users.id, client.userId);
        return {
          uploadUrl: '/api/user/avatar',
          currentUrl: async () => (await client.get('/api/auth/user')).json().avatarUrl,
          storedKey: async () => (await one(t.db.select().from(users).where(where)))?.avatarKey ?? null,
          remove: async () => void (await t.db.delete(users).where(where)),
        };
      },
    },
    {
      kind: 'collectives',
      field: 'avatar',
      async setUp() {
        const { id } = (await client.post('/api/collectives', { name: 'Imaged' })).json<{ id: number }>();
        const where = eq(collectives.id, id);
        return {
          uploadUrl: `/api/collectives/${id}/avatar`,
          currentUrl: async () => (await client.get(`/api/collectives/${id}`)).json().imageUrl,
          storedKey: async () => (await one(t.db.select().from(collectives).where(where)))?.imageKey ?? null,
          remove: async () => void (await t.db.delete(collectives).where(where)),
        };
      },
    },
    {
      kind: 'equipment',
      field: 'image',
      async setUp() {
        // Only someone who used the gear on a track may change its picture.
        const track = await client.upload(
          '/api/tracks',
          {},
          { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
        );
        const name = `Synth ${Math.random().toString(36).slice(2, 8)}`;
        const { id } = (await client.post('/api/equipment', { name })).json<{ id: number }>();
        await client.post(`/api/tracks/${track.json().id}/equipment`, { equipmentTagId: id });
        const where = eq(equipmentTags.id, id);
        return {
          uploadUrl: `/api/equipment/${id}/image`,
          currentUrl: async () => (await client.get(`/api/equipment/${id}`)).json().imageUrl,
          storedKey: async () =>
            (await one(t.db.select().from(equipmentTags).where(where)))?.imageKey ?? null,
          remove: async () => void (await t.db.delete(equipmentTags).where(where)),
        };
      },
    },
  ];
}
