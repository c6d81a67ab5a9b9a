import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import {
  type AdminReport,
  CANNOT_REPORT_OWN,
  HIDDEN_COMMENT_TEXT,
  REPORT_NOT_FOUND,
} from '../../../shared/schemas/reports';
import type { TrackCommentThread } from '../../../shared/schemas/track-comments';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers, reports } from '../../db/schema';
import { ALREADY_REPORTED } from './reports.service';

// Reports and the moderation queue (issue 28, decision 0455). Ana (author) and Rita (reporter) are
// members of Ana's collective, where Ana's playlist with her track is shared; Otto belongs to no
// collective; Boss is the instance admin.

type Person = TestClient & { userId: string };
let t: TestApp;
let boss: Person;
let ana: Person;
let rita: Person;
let otto: Person;
let collectiveId: number;
let trackId: number;
let listId: number;
let privateTrack: number;
let equipmentId: number;

const trackCommentsUrl = () => `/api/collectives/${collectiveId}/tracks/${trackId}/comments`;
const listCommentsUrl = () => `/api/collectives/${collectiveId}/playlists/${listId}/comments`;
const report = (who: TestClient, kind: string, id: number | string, extra: object = {}) =>
  who.post('/api/reports', { target: { kind, id }, reason: 'abuse', ...extra });
const queue = async (state = 'open') =>
  (await boss.get(`/api/admin/reports?state=${state}`)).json<{ items: AdminReport[] }>().items;

beforeAll(async () => {
  t = await buildTestApp({ config: { adminUsers: ['boss'] } });
  boss = await t.signedInClient({ username: 'boss' });
  ana = await t.signedInClient({ username: 'ana', isPublic: true, firstName: 'Ana' });
  rita = await t.signedInClient({ username: 'rita', isPublic: true });
  otto = await t.signedInClient({ username: 'otto', isPublic: true });
  collectiveId = (await ana.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: rita.userId });
  const upload = async () =>
    (
      await ana.upload(
        '/api/tracks',
        { name: 'Night take' },
        { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(2) },
      )
    ).json().id as number;
  trackId = await upload();
  privateTrack = await upload();
  listId = (await ana.post('/api/playlists', { name: 'Takes' })).json().id;
  await ana.post(`/api/playlists/${listId}/tracks`, { trackId });
  expect(
    (await ana.post(`/api/playlists/${listId}/share`, { collectiveIds: [collectiveId] })).statusCode,
  ).toBe(200);
  equipmentId = (await ana.post('/api/equipment', { name: 'Juno-60' })).json().id;
});
afterAll(async () => t.close());

describe('POST /api/reports', () => {
  it('reports each kind the reporter can see (201), once per target while open (409)', async () => {
    const timed = (await ana.post(trackCommentsUrl(), { content: 'rude words', atSeconds: 1 })).json().id;
    const onList = (await ana.post(listCommentsUrl(), { content: 'more rude words' })).json().id;
    for (const [kind, id] of [
      ['track', trackId],
      ['trackComment', timed],
      ['playlistComment', onList],
      ['profile', 'ANA'],
      ['equipment', equipmentId],
    ] as const) {
      const res = await report(rita, kind, id, { note: 'Please look' });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), createdAt: expect.any(String) });
      const again = await report(rita, kind, id);
      expect(again.statusCode, kind).toBe(409);
      expect(again.json().message).toBe(ALREADY_REPORTED);
    }
    const open = await queue();
    expect(open.map((r) => r.target.kind).sort()).toEqual(
      ['equipment', 'playlistComment', 'profile', 'track', 'trackComment'].sort(),
    );
    const profile = open.find((r) => r.target.kind === 'profile')!;
    expect(profile).toMatchObject({
      reason: 'abuse',
      note: 'Please look',
      reporter: expect.objectContaining({ id: rita.userId }),
      sameTargetCount: 1,
      state: 'open',
      target: { id: ana.userId, url: '/profile/ana', author: expect.objectContaining({ id: ana.userId }) },
    });
    const timedRow = open.find((r) => r.target.kind === 'trackComment')!;
    expect(timedRow.target).toMatchObject({
      excerpt: 'rude words',
      url: `/collective/${collectiveId}/playlist/${listId}?track=${trackId}&t=1&comment=${timed}`,
      hidden: false,
      hidable: true,
    });
    expect(open.find((r) => r.target.kind === 'equipment')!.target).toMatchObject({
      author: null,
      hidable: false,
      url: `/equipment/${equipmentId}`,
    });
    // Clean up the queue for the tests below.
    for (const r of open) await boss.post(`/api/admin/reports/${r.id}/dismiss`);
  });

  it('two reports of one target sent at once: one lands, the other is told it is already there', async () => {
    await otto.fetchCsrfToken(); // one token for both, as a browser tab has
    const answers = await Promise.all([
      report(otto, 'equipment', equipmentId),
      report(otto, 'equipment', equipmentId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(ALREADY_REPORTED);
    const open = (await queue()).filter((r) => r.reporter.id === otto.userId);
    expect(open).toHaveLength(1);
    // The database holds the rule, whatever the timing: a second open row cannot be written.
    await expect(
      t.db.insert(reports).values({ reporterId: otto.userId, equipmentId, reason: 'spam' }),
    ).rejects.toThrow();
    await boss.post(`/api/admin/reports/${open[0]!.id}/dismiss`);
    // Resolved, the same person may report it again.
    expect((await report(otto, 'equipment', equipmentId)).statusCode).toBe(201);
    for (const r of await queue()) await boss.post(`/api/admin/reports/${r.id}/dismiss`);
  });

  it('answers 404 for what the reporter cannot see, revealing nothing', async () => {
    const timed = (await ana.post(trackCommentsUrl(), { content: 'members only', atSeconds: 1 })).json().id;
    for (const [kind, id] of [
      ['track', privateTrack],
      ['track', 2_147_483_647],
      ['trackComment', timed],
      ['profile', 'nobody-here'],
      ['equipment', 2_147_483_647],
    ] as const) {
      const res = await report(otto, kind, id);
      expect(res.statusCode, `${kind} ${id}`).toBe(404);
      expect(res.json().message).toBe(REPORT_NOT_FOUND);
    }
  });

  it('refuses one’s own things (400), bad input (400), the signed out (401) and a missing CSRF token (403)', async () => {
    const res = await report(ana, 'track', trackId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CANNOT_REPORT_OWN);
    expect((await report(ana, 'profile', 'ana')).statusCode).toBe(400);
    expect((await report(rita, 'track', trackId, { reason: 'boring' })).statusCode).toBe(400);
    expect((await report(rita, 'track', trackId, { note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report(rita, 'track', 'abc')).statusCode).toBe(400);
    expect((await report(rita, 'album', 1)).statusCode).toBe(400);
    expect((await report(t.client(), 'track', trackId)).statusCode).toBe(401);
    const noCsrf = await rita.request('POST', '/api/reports', {
      body: { target: { kind: 'track', id: trackId }, reason: 'spam' },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await queue()).toEqual([]);
  });
});

describe('the queue: hide, dismiss, unhide', () => {
  it('hides a timed comment: the author still reads it (marked), others read the notice; the author is told', async () => {
    const timed = (await ana.post(trackCommentsUrl(), { content: 'spam spam spam', atSeconds: 1 })).json().id;
    expect((await report(rita, 'trackComment', timed)).statusCode).toBe(201);
    const carl = await t.signedInClient({ username: 'carl' });
    await t.db.insert(collectiveMembers).values({ collectiveId, userId: carl.userId });
    expect((await report(carl, 'trackComment', timed, { reason: 'spam' })).statusCode).toBe(201);
    const rows = (await queue()).filter((r) => r.target.id === timed);
    expect(rows.map((r) => r.sameTargetCount)).toEqual([2, 2]);

    const hide = await boss.post(`/api/admin/reports/${rows[0]!.id}/hide`);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ resolved: 2 });
    // Both reports on the comment resolved together.
    expect((await queue()).filter((r) => r.target.id === timed)).toEqual([]);
    const resolved = (await queue('resolved')).filter((r) => r.target.id === timed);
    expect(resolved.map((r) => r.outcome)).toEqual(['hidden', 'hidden']);
    expect(resolved[0]!.target).toMatchObject({ hidden: true, excerpt: 'spam spam spam' });

    const seen = async (who: TestClient) =>
      (await who.get(trackCommentsUrl())).json<TrackCommentThread[]>().find((c) => c.id === timed);
    expect(await seen(ana)).toMatchObject({ content: 'spam spam spam', hidden: true });
    expect(await seen(rita)).toMatchObject({ content: HIDDEN_COMMENT_TEXT, hidden: true });

    const inbox = (await ana.get('/api/notifications')).json<{ items: Notification[] }>().items;
    const notice = inbox.find((n) => n.kind === 'content_hidden');
    expect(notice).toMatchObject({
      notice:
        'Your comment “spam spam spam” was hidden by a moderator after abuse. Only you can still see it.',
      commentId: timed,
      excerpt: null,
      url: `/collective/${collectiveId}/playlist/${listId}?track=${trackId}&t=1&comment=${timed}`,
    });

    // Unhide shows it again; the reports stay resolved.
    expect((await boss.post(`/api/admin/reports/${rows[0]!.id}/unhide`)).statusCode).toBe(200);
    expect(await seen(rita)).toMatchObject({ content: 'spam spam spam', hidden: false });
    expect((await queue()).filter((r) => r.target.id === timed)).toEqual([]);
  });

  it('hides a playlist comment: it leaves others’ lists, stays in the author’s', async () => {
    const id = (await ana.post(listCommentsUrl(), { content: 'buy my stuff' })).json().id;
    expect((await report(rita, 'playlistComment', id, { reason: 'spam' })).statusCode).toBe(201);
    const row = (await queue()).find((r) => r.target.kind === 'playlistComment' && r.target.id === id)!;
    // Rita has the playlist open: her browser is told to read the list again, without the words.
    const ritaStream = await openEventStream(t.app, { cookie: rita.cookieHeader() });
    try {
      await ritaStream.next('ready');
      expect((await boss.post(`/api/admin/reports/${row.id}/hide`)).statusCode).toBe(200);
      const told = await ritaStream.next('commentVisibility', (d) => d.commentId === id);
      expect(told).toEqual({ collectiveId, playlistId: listId, commentId: id });
      expect(JSON.stringify(ritaStream.events())).not.toContain('buy my stuff');
    } finally {
      await ritaStream.close();
    }
    const ids = async (who: TestClient) =>
      (await who.get(listCommentsUrl())).json<{ id: number; hidden: boolean }[]>().filter((c) => c.id === id);
    expect(await ids(ana)).toEqual([expect.objectContaining({ id, hidden: true })]);
    expect(await ids(rita)).toEqual([]);
  });

  it('hides a track: 404 to others, still its owner’s; a profile likewise', async () => {
    // On an equipment page and in Rita's likes before it is hidden.
    await ana.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: equipmentId });
    expect((await rita.put(`/api/tracks/${trackId}/like`)).statusCode).toBeLessThan(300);
    const onGearPage = async (who: TestClient) =>
      (await who.get(`/api/equipment/${equipmentId}/tracks`)).json<{ id: number }[]>().map((tr) => tr.id);
    const liked = async (who: TestClient) =>
      (await who.get('/api/user/likes/ids')).json<{ trackIds: number[] }>().trackIds;
    expect(await onGearPage(rita)).toEqual([trackId]);
    expect(await liked(rita)).toEqual([trackId]);
    expect((await report(rita, 'track', trackId, { reason: 'copyright' })).statusCode).toBe(201);
    const row = (await queue()).find((r) => r.target.kind === 'track')!;
    expect(row.target).toMatchObject({ url: `/track/${trackId}`, excerpt: 'Night take' });
    expect((await boss.post(`/api/admin/reports/${row.id}/hide`)).statusCode).toBe(200);
    expect((await rita.get(`/api/tracks/${trackId}`)).statusCode).toBe(404);
    expect((await ana.get(`/api/tracks/${trackId}`)).statusCode).toBe(200);
    // It leaves the collective playlist's list for others, not for its owner.
    const listed = async (who: TestClient) =>
      (await who.get(`/api/collectives/${collectiveId}/playlists/${listId}`))
        .json<{ tracks: { id: number }[] }>()
        .tracks.map((tr) => tr.id);
    expect(await listed(rita)).toEqual([]);
    expect(await listed(ana)).toEqual([trackId]);
    // And every other list of it: the equipment page (not its owner's), Rita's likes.
    expect(await onGearPage(rita)).toEqual([]);
    expect(await onGearPage(ana)).toEqual([trackId]);
    expect(await liked(rita)).toEqual([]);
    const inbox = (await ana.get('/api/notifications')).json<{ items: Notification[] }>().items;
    expect(inbox[0]).toMatchObject({
      kind: 'content_hidden',
      notice:
        'Your track “Night take” was hidden by a moderator after a copyright claim. Only you can still see it.',
      url: `/track/${trackId}`,
    });
    // A hidden track cannot be reported again by someone who can no longer see it.
    expect((await report(rita, 'track', trackId)).statusCode).toBe(404);

    expect((await report(rita, 'profile', 'ana')).statusCode).toBe(201);
    const profileRow = (await queue()).find((r) => r.target.kind === 'profile')!;
    expect((await boss.post(`/api/admin/reports/${profileRow.id}/hide`)).statusCode).toBe(200);
    expect((await rita.get('/api/public/users/ana')).statusCode).toBe(404);
    expect((await ana.get('/api/public/users/ana')).statusCode).toBe(200);
  });

  it('dismiss resolves every open report on the target and changes nothing else; equipment cannot be hidden', async () => {
    expect((await report(rita, 'equipment', equipmentId, { reason: 'other' })).statusCode).toBe(201);
    const row = (await queue()).find((r) => r.target.kind === 'equipment')!;
    const hide = await boss.post(`/api/admin/reports/${row.id}/hide`);
    expect(hide.statusCode).toBe(400);
    const dismiss = await boss.post(`/api/admin/reports/${row.id}/dismiss`);
    expect(dismiss.json()).toEqual({ resolved: 1 });
    expect((await queue()).find((r) => r.id === row.id)).toBeUndefined();
    expect((await queue('resolved')).find((r) => r.id === row.id)).toMatchObject({ outcome: 'dismissed' });
    expect((await rita.get(`/api/equipment/${equipmentId}`)).statusCode).toBe(200);
    // Resolved: the same person may report it again.
    expect((await report(rita, 'equipment', equipmentId)).statusCode).toBe(201);
  });

  it('the queue and its actions are admins’ only (404), and need the CSRF token', async () => {
    expect((await rita.get('/api/admin/reports')).statusCode).toBe(404);
    const row = (await queue())[0]!;
    expect((await rita.post(`/api/admin/reports/${row.id}/dismiss`)).statusCode).toBe(404);
    const noCsrf = await boss.request('POST', `/api/admin/reports/${row.id}/dismiss`, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect((await queue()).find((r) => r.id === row.id)).toBeDefined();
  });
});
