import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../shared/schemas/activity';
import type { Notification } from '../../../shared/schemas/notifications';
import {
  type AdminReport,
  CANNOT_REPORT_OWN,
  HIDDEN_COMMENT_TEXT,
  REPORT_NOT_FOUND,
} from '../../../shared/schemas/reports';
import type { EquipmentComment } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers, users } from '../../db/schema';
import { ALREADY_REPORTED } from './reports.service';

// Issue 42, item 6 (decision 0580): a comment on an equipment page can be reported, the admin hides
// it from the report in one action, and every reporter reads the outcome in their inbox. Sam spams
// the Juno-60's page; Rita and Carl report; Boss is the instance admin.

type Person = TestClient & { userId: string };
let t: TestApp;
let boss: Person;
let sam: Person;
let rita: Person;
let carl: Person;
let equipmentId: number;

const commentsUrl = () => `/api/equipment/${equipmentId}/comments`;
const postComment = async (who: TestClient, content: string) =>
  (await who.post(commentsUrl(), { content })).json<EquipmentComment>().id;
const report = (who: TestClient, id: number, kind = 'equipmentComment') =>
  who.post('/api/reports', { target: { kind, id }, reason: 'spam' });
const queue = async (state = 'open') =>
  (await boss.get(`/api/admin/reports?state=${state}`)).json<{ items: AdminReport[] }>().items;
const rowFor = async (id: number, state = 'open') =>
  (await queue(state)).find((r) => r.target.kind === 'equipmentComment' && r.target.id === id);
const listed = async (who: TestClient) => (await who.get(commentsUrl())).json<EquipmentComment[]>();
const inbox = async (who: TestClient) =>
  (await who.get('/api/notifications')).json<{ items: Notification[] }>().items;
const reviewed = async (who: TestClient) => (await inbox(who)).filter((n) => n.kind === 'report_reviewed');

beforeAll(async () => {
  t = await buildTestApp({ config: { adminUsers: ['boss'] } });
  boss = await t.signedInClient({ username: 'boss' });
  sam = await t.signedInClient({ username: 'sam', firstName: 'Sam' });
  rita = await t.signedInClient({ username: 'rita' });
  carl = await t.signedInClient({ username: 'carl' });
  equipmentId = (await sam.post('/api/equipment', { name: 'Juno-60' })).json().id;
});
afterAll(async () => t.close());

describe('reporting a comment on an equipment page', () => {
  it('is taken once per reporter while open (201, then 409); one’s own is refused (400)', async () => {
    const id = await postComment(sam, 'Cheap pills at spam.example');
    const res = await report(rita, id);
    expect(res.statusCode, res.body).toBe(201);
    const again = await report(rita, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REPORTED);
    const own = await report(sam, id);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(CANNOT_REPORT_OWN);
    expect((await rowFor(id))!.target).toEqual({
      kind: 'equipmentComment',
      id,
      excerpt: 'Cheap pills at spam.example',
      author: expect.objectContaining({ id: sam.userId }),
      url: `/equipment/${equipmentId}`,
      hidden: false,
      hidable: true,
    });
    await boss.post(`/api/admin/reports/${(await rowFor(id))!.id}/dismiss`);
  });

  it('answers 404 for a comment the reporter cannot see: missing, hidden, or by a suspended person', async () => {
    expect((await report(rita, 2_147_483_647)).json().message).toBe(REPORT_NOT_FOUND);
    const hiddenOne = await postComment(sam, 'hidden soon');
    await report(carl, hiddenOne);
    await boss.post(`/api/admin/reports/${(await rowFor(hiddenOne))!.id}/hide`);
    const suspendedOne = await postComment(carl, 'by someone suspended soon');
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, carl.userId));
    try {
      for (const id of [2_147_483_647, hiddenOne, suspendedOne]) {
        const res = await report(rita, id);
        expect(res.statusCode, `${id}`).toBe(404);
        expect(res.json().message).toBe(REPORT_NOT_FOUND);
      }
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, carl.userId));
    }
  });
});

describe('the admin hides a reported comment in one action', () => {
  it('is gone for others, still the author’s (marked); reports resolved with who and when; everyone told', async () => {
    const id = await postComment(sam, 'Buy followers now');
    expect((await report(rita, id)).statusCode).toBe(201);
    expect((await report(carl, id)).statusCode).toBe(201);
    const row = (await rowFor(id))!;
    expect(row.sameTargetCount).toBe(2);
    const before = [(await reviewed(rita)).length, (await reviewed(carl)).length];
    const ritaStream = await openEventStream(t.app, { cookie: rita.cookieHeader() });
    try {
      await ritaStream.next('ready');
      const hide = await boss.post(`/api/admin/reports/${row.id}/hide`);
      expect(hide.statusCode, hide.body).toBe(200);
      expect(hide.json()).toEqual({ resolved: 2 });
      // Rita's inbox is told at once, as every other entry is.
      const live = await ritaStream.next('notification', (d) => d.notification.kind === 'report_reviewed');
      expect(live.notification.notice).toBe('Your report was reviewed: the comment was hidden');
    } finally {
      await ritaStream.close();
    }

    // Every read path of the page: gone for the others, kept and marked for its author.
    for (const who of [rita, carl, boss]) expect((await listed(who)).map((c) => c.id)).not.toContain(id);
    expect((await listed(sam)).find((c) => c.id === id)).toMatchObject({
      content: 'Buy followers now',
      hidden: true,
    });

    const resolved = (await queue('resolved')).filter(
      (r) => r.target.kind === 'equipmentComment' && r.target.id === id,
    );
    expect(resolved).toHaveLength(2);
    for (const r of resolved) {
      expect(r).toMatchObject({
        state: 'resolved',
        outcome: 'hidden',
        resolvedBy: expect.objectContaining({ id: boss.userId }),
        resolvedAt: expect.any(String),
        target: expect.objectContaining({ hidden: true }),
      });
    }

    // One entry for each reporter, naming nothing they could no longer open.
    for (const [i, who] of [rita, carl].entries()) {
      const mine = await reviewed(who);
      expect(mine).toHaveLength(before[i]! + 1);
      expect(mine[0]).toMatchObject({
        notice: 'Your report was reviewed: the comment was hidden',
        excerpt: null,
        track: null,
        collective: null,
        url: '/',
      });
    }
    // The author's notice leads to the page.
    const notice = (await inbox(sam)).find((n) => n.kind === 'content_hidden')!;
    expect(notice).toMatchObject({
      notice:
        'Your comment “Buy followers now” was hidden by a moderator after spam. Only you can still see it.',
      url: `/equipment/${equipmentId}`,
    });

    // Unhide shows it again; nobody is told twice.
    expect((await boss.post(`/api/admin/reports/${row.id}/unhide`)).statusCode).toBe(200);
    expect((await listed(rita)).find((c) => c.id === id)).toMatchObject({ hidden: false });
    expect(await reviewed(rita)).toHaveLength(before[0]! + 1);
  });

  it('dismiss leaves the comment and tells the reporter no action was taken', async () => {
    const id = await postComment(sam, 'A fair tip about the chorus');
    await report(rita, id);
    const before = (await reviewed(rita)).length;
    expect((await boss.post(`/api/admin/reports/${(await rowFor(id))!.id}/dismiss`)).json()).toEqual({
      resolved: 1,
    });
    const after = await reviewed(rita);
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.notice).toBe('Your report was reviewed: no action was taken');
    expect((await listed(carl)).map((c) => c.id)).toContain(id);
    expect((await rowFor(id, 'resolved'))!).toMatchObject({
      outcome: 'dismissed',
      resolvedBy: expect.objectContaining({ id: boss.userId }),
    });
  });

  it('is the admins’ only (404 to anyone else) and needs the CSRF token (403)', async () => {
    const id = await postComment(sam, 'still here');
    await report(rita, id);
    const row = (await rowFor(id))!;
    for (const who of [rita, sam]) {
      expect((await who.post(`/api/admin/reports/${row.id}/hide`)).statusCode).toBe(404);
    }
    expect((await t.client().post(`/api/admin/reports/${row.id}/hide`)).statusCode).toBe(404);
    const noCsrf = await boss.request('POST', `/api/admin/reports/${row.id}/hide`, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const noCsrfReport = await carl.request('POST', '/api/reports', {
      body: { target: { kind: 'equipmentComment', id }, reason: 'spam' },
      csrf: false,
    });
    expect(noCsrfReport.statusCode).toBe(403);
    expect((await listed(carl)).map((c) => c.id)).toContain(id);
    expect(await rowFor(id)).toMatchObject({ state: 'open' });
  });
});

describe('timed and playlist comments: the reporters are told too, and hidden words leave the activity', () => {
  it('tells the reporter of a timed comment, and the collective’s activity no longer quotes it', async () => {
    const collectiveId = (await sam.post('/api/collectives', { name: 'Crew' })).json().id;
    await t.db.insert(collectiveMembers).values({ collectiveId, userId: rita.userId });
    const trackId = (
      await sam.upload(
        '/api/tracks',
        { name: 'Night take' },
        { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(2) },
      )
    ).json().id;
    const listId = (await sam.post('/api/playlists', { name: 'Takes' })).json().id;
    await sam.post(`/api/playlists/${listId}/tracks`, { trackId });
    await sam.post(`/api/playlists/${listId}/share`, { collectiveIds: [collectiveId] });
    const timed = (
      await sam.post(`/api/collectives/${collectiveId}/tracks/${trackId}/comments`, {
        content: 'spam at 0:01',
        atSeconds: 1,
      })
    ).json().id;
    const onList = (
      await sam.post(`/api/collectives/${collectiveId}/playlists/${listId}/comments`, {
        content: 'list spam',
      })
    ).json().id;
    await report(rita, timed, 'trackComment');
    await report(rita, onList, 'playlistComment');
    const rows = await queue();
    const before = (await reviewed(rita)).length;
    await boss.post(
      `/api/admin/reports/${rows.find((r) => r.target.kind === 'trackComment' && r.target.id === timed)!.id}/hide`,
    );
    await boss.post(
      `/api/admin/reports/${rows.find((r) => r.target.kind === 'playlistComment' && r.target.id === onList)!.id}/dismiss`,
    );
    expect(
      (await reviewed(rita))
        .slice(0, 2)
        .map((n) => n.notice)
        .sort(),
    ).toEqual([
      'Your report was reviewed: no action was taken',
      'Your report was reviewed: the comment was hidden',
    ]);
    expect((await reviewed(rita)).length).toBe(before + 2);

    const excerpt = async (who: TestClient) =>
      (await who.get(`/api/collectives/${collectiveId}/activity`))
        .json<ActivityPage>()
        .items.find((i) => i.kind === 'comment')?.comment?.excerpt;
    expect(await excerpt(rita)).toBe(HIDDEN_COMMENT_TEXT);
    expect(await excerpt(sam)).toBe('spam at 0:01');
  });
});
