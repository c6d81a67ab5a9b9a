import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';

// The equipment edit history and the admins' revert (issue 28, decision 0450).

type Person = TestClient & { userId: string };
let t: TestApp;
let ada: Person;
let bob: Person;
let admin: Person;

beforeAll(async () => {
  t = await buildTestApp({ config: { adminUsers: ['someone', 'root@example.org'] } });
  ada = await t.signedInClient({ username: 'ada', firstName: 'Ada' });
  bob = await t.signedInClient({ username: 'bob', firstName: 'Bob' });
  admin = await t.signedInClient({ username: 'root', email: 'Root@Example.org', emailVerified: true });
});
afterAll(async () => {
  await t.close();
});

const newTag = async (name: string) => (await ada.post('/api/equipment', { name })).json().id as number;
const history = async (who: Person, id: number) => (await who.get(`/api/equipment/${id}/history`)).json();
const revert = (who: Person, id: number, editId: number) =>
  who.post(`/api/equipment/${id}/history/${editId}/revert`);

describe('equipment edit history', () => {
  it('records each change of the shared fields, newest first, with who and before/after', async () => {
    const id = await newTag('Juno 60');
    await ada.patch(`/api/equipment/${id}`, { name: 'Juno-60', category: 'Hardware Synth' });
    await bob.patch(`/api/equipment/${id}`, { description: 'Chorus!', category: 'Hardware Synth' });
    // Saving the same values again changes nothing and records nothing.
    await bob.patch(`/api/equipment/${id}`, { description: 'Chorus!' });
    const res = await bob.get(`/api/equipment/${id}/history`);
    expect(res.statusCode).toBe(200);
    const { edits, canRevert } = res.json();
    expect(canRevert).toBe(false);
    expect(edits).toEqual([
      {
        id: expect.any(Number),
        equipmentId: id,
        user: expect.objectContaining({ id: bob.userId, username: 'bob', firstName: 'Bob' }),
        changes: { description: { before: null, after: 'Chorus!' } },
        revertOfId: null,
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        user: expect.objectContaining({ id: ada.userId }),
        changes: {
          name: { before: 'Juno 60', after: 'Juno-60' },
          category: { before: 'not defined', after: 'Hardware Synth' },
        },
      }),
    ]);
    // A refused edit (a name taken) records nothing.
    await newTag('TR-808');
    expect((await ada.patch(`/api/equipment/${id}`, { name: 'tr-808' })).statusCode).toBe(409);
    expect((await history(ada, id)).edits).toHaveLength(2);
  });

  it('records a new picture (which cannot be restored)', async () => {
    const id = await newTag('SP-404');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const up = await ada.upload(
      `/api/equipment/${id}/image`,
      {},
      { field: 'image', name: 'x.png', type: 'image/png', data: png },
    );
    expect(up.statusCode).toBe(200);
    const { edits } = await history(bob, id);
    expect(edits[0].changes).toEqual({ image: { before: null, after: 'new picture' } });
    const res = await revert(admin, id, edits[0].id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This edit only replaced the picture, which cannot be restored');
  });

  it('an admin reverts an edit: the fields as before it, recorded as a new edit naming it', async () => {
    const id = await newTag('MS-20');
    await ada.patch(`/api/equipment/${id}`, { description: 'Screams', category: 'Hardware Synth' });
    await bob.patch(`/api/equipment/${id}`, { name: 'MS-20 vandalised', description: 'spam spam' });
    const vandal = (await history(admin, id)).edits[0];
    expect((await history(admin, id)).canRevert).toBe(true);

    const res = await revert(admin, id, vandal.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'MS-20',
      description: 'Screams',
      category: 'Hardware Synth',
    });
    const { edits } = await history(ada, id);
    expect(edits).toHaveLength(3);
    expect(edits[0]).toMatchObject({
      user: expect.objectContaining({ id: admin.userId }),
      revertOfId: vandal.id,
      changes: {
        name: { before: 'MS-20 vandalised', after: 'MS-20' },
        description: { before: 'spam spam', after: 'Screams' },
      },
    });
    // Reverting again finds nothing to change.
    expect((await revert(admin, id, vandal.id)).statusCode).toBe(409);
    // Reverting the first edit empties the description again (null before it).
    expect((await revert(admin, id, edits[2].id)).json()).toMatchObject({
      description: null,
      category: 'not defined',
    });
  });

  it('a revert whose old name is taken meanwhile is a 409, and changes nothing', async () => {
    const id = await newTag('Model D');
    await ada.patch(`/api/equipment/${id}`, { name: 'Minimoog Model D' });
    await newTag('Model D');
    const [edit] = (await history(ada, id)).edits;
    const res = await revert(admin, id, edit.id);
    expect(res.statusCode).toBe(409);
    expect((await ada.get(`/api/equipment/${id}`)).json().name).toBe('Minimoog Model D');
    expect((await history(ada, id)).edits).toHaveLength(1);
  });

  it('anyone but an instance admin gets the 404 an unknown edit gets; signed out 401; CSRF 403', async () => {
    const id = await newTag('DX7');
    await ada.patch(`/api/equipment/${id}`, { description: 'E. piano' });
    const [edit] = (await history(ada, id)).edits;
    for (const who of [ada, bob]) {
      const res = await revert(who, id, edit.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Edit not found');
    }
    expect((await revert(admin, id, 999_999)).json().message).toBe('Edit not found');
    const other = await newTag('DX100');
    expect((await revert(admin, other, edit.id)).statusCode).toBe(404);
    expect((await t.client().post(`/api/equipment/${id}/history/${edit.id}/revert`)).statusCode).toBe(401);
    expect((await t.client().get(`/api/equipment/${id}/history`)).statusCode).toBe(401);
    const forged = await admin.request('POST', `/api/equipment/${id}/history/${edit.id}/revert`, {
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect((await ada.get(`/api/equipment/${id}`)).json().description).toBe('E. piano');
    expect((await ada.get('/api/equipment/999999/history')).statusCode).toBe(404);
    expect((await ada.get('/api/equipment/abc/history')).statusCode).toBe(400);
  });

  it('an editor whose account is gone shows as null ("Deleted user"); the edit stays', async () => {
    const id = await newTag('Mellotron');
    const leaver = await t.signedInClient({ username: 'leaver' });
    await leaver.patch(`/api/equipment/${id}`, { description: 'Strings' });
    expect((await leaver.request('DELETE', '/api/user', { body: { confirm: 'delete' } })).statusCode).toBe(
      204,
    );
    const [edit] = (await history(ada, id)).edits;
    expect(edit).toMatchObject({ user: null, changes: { description: { before: null, after: 'Strings' } } });
    expect((await revert(admin, id, edit.id)).json().description).toBeNull();
  });
});
