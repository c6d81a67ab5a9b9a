import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { imageTargets } from '../../../test/image-targets';
import { users } from '../../db/schema';
import { IMAGE_KINDS, IMAGE_SIZES, type ImageKind } from '../../media/image-variants';
import { userFromSignIn } from '../auth/identity.service';

// Decision 0116: image columns hold the storage key base of the variants, never a URL, after every
// write path (upload, replace, remove); replies still carry the same `/api/images/…` URL.

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

const KEY_BASE = /^images\/(avatars|playlists|collectives|equipment)\/[0-9a-f-]{36}$/;

/** Every value in the four image columns that is not a key base saveImageVariants made. */
async function notKeyBases(): Promise<unknown[]> {
  const result = (await t.db.execute(sql`
    select avatar_key as v from users union all select image_key from playlists
    union all select image_key from collectives union all select image_key from equipment_tags`)) as unknown as {
    rows: { v: string | null }[];
  };
  return result.rows.map((r) => r.v).filter((v) => v !== null && !KEY_BASE.test(v));
}

const filesOf = (kind: ImageKind) => {
  try {
    return readdirSync(path.join(t.dataDir, 'files', 'images', kind)).sort();
  } catch {
    return [];
  }
};
const variantFiles = (key: string) =>
  IMAGE_SIZES.map((size) => `${key.split('/').pop()}-${size}.webp`).sort();

describe.each(IMAGE_KINDS)('%s image column', (kind) => {
  it('holds a key base after upload, replace and remove, and replies derive the same URL', async () => {
    const owner = await t.signedInClient();
    const { field, setUp } = imageTargets(t, owner).find((target) => target.kind === kind)!;
    const { uploadUrl, currentUrl, storedKey, remove } = await setUp();
    const upload = () => owner.upload(uploadUrl, {}, { field, name: 'a.png', type: 'image/png', data: png });

    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = await storedKey();
    expect(firstKey).toMatch(new RegExp(`^images/${kind}/[0-9a-f-]{36}$`));
    expect(await currentUrl()).toBe(`/api/${firstKey}`);
    // The upload's own reply names the image by the same URL.
    expect(JSON.stringify(first.json())).toContain(`"/api/${firstKey}"`);
    for (const size of IMAGE_SIZES)
      expect((await owner.get(`/api/${firstKey}-${size}.webp`)).statusCode).toBe(200);
    expect(await notKeyBases()).toEqual([]);

    expect((await upload()).statusCode).toBe(200);
    const secondKey = (await storedKey())!;
    expect(secondKey).toMatch(KEY_BASE);
    expect(secondKey).not.toBe(firstKey);
    expect(await currentUrl()).toBe(`/api/${secondKey}`);
    expect(await notKeyBases()).toEqual([]);
    // The replaced image's files went through the outbox; the current one's stay.
    await waitForBlobDeletions(t.db);
    expect(filesOf(kind)).toEqual(variantFiles(secondKey));

    await remove();
    // A row deleted outside the routes queues its files all the same; the drain is asked for here
    // (the app does it after its own deletions, and once a minute for anyone else's).
    await t.app.kickBlobDeletions();
    await waitForBlobDeletions(t.db);
    expect(filesOf(kind)).toEqual([]);
    expect(await notKeyBases()).toEqual([]);
  });
});

describe('an identity provider picture', () => {
  it('stays a URL in profile_image_url and is never taken for an uploaded avatar', async () => {
    const picture = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    const user = await userFromSignIn(t.db, {
      iss: 'https://issuer.test',
      sub: 'google-imgkeys',
      given_name: 'G',
      picture,
    });
    expect(user.profileImageUrl).toBe(picture);
    expect(user.avatarKey).toBeNull();
    const client = await t.signedInAs(user.id);
    const me = (await client.get('/api/auth/user')).json();
    expect(me).toMatchObject({ profileImageUrl: picture, avatarUrl: null });
    expect(await notKeyBases()).toEqual([]);
    await t.db.delete(users).where(sql`${users.id} = ${user.id}`);
  });
});
