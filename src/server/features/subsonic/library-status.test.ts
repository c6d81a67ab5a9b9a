import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';

/** Scan status, tokenInfo, lyrics and the features Journal does not have (decision 0806). */
let t: TestApp;
let me: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;
let mine: number;
let strangers: number;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'scanner' });
  stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  mine = await uploadNamedTrack(me, 'First');
  await uploadNamedTrack(me, 'Second');
  strangers = await uploadNamedTrack(stranger, 'Not yours');
});
afterAll(async () => t.close());

const rest = (method: string, query = '') => restJson(t.app, apiKey, method, query);

describe('scan status, tokenInfo (decision 0806)', () => {
  it('a scan is never running; its count is the songs the caller browses, before and after startScan', async () => {
    const api = subsonicClient(t.app, { apiKey });
    expect((await api.getScanStatus()).scanStatus).toEqual({ scanning: false, count: 2 });
    expect((await api.startScan()).scanStatus).toEqual({ scanning: false, count: 2 });
    // A public track of someone else's is not browsed (decision 0385); one shared with the caller is.
    await stranger.patch(`/api/tracks/${strangers}`, { visibility: 'public' });
    expect((await api.getScanStatus()).scanStatus.count).toBe(2);
    await shareWithMember(t, stranger, me, await uploadNamedTrack(stranger, 'For the band'));
    expect((await api.getScanStatus()).scanStatus.count).toBe(3);
  });

  it('tokenInfo names the login the key belongs to', async () => {
    expect((await rest('tokenInfo')).tokenInfo).toEqual({ username: 'scanner' });
  });
});

describe('lyrics (songLyrics)', () => {
  it('a song the caller may hear has an empty list; any other is 70, no id is 10', async () => {
    expect((await rest('getLyricsBySongId', `id=${mine}`)).lyricsList).toEqual({ structuredLyrics: [] });
    await stranger.patch(`/api/tracks/${strangers}`, { visibility: 'private' });
    for (const id of [strangers, 999_999, 'x']) {
      expect((await rest('getLyricsBySongId', `id=${id}`)).error.code).toBe(70);
    }
    expect((await rest('getLyricsBySongId')).error.code).toBe(10);
  });

  it('getLyrics answers an empty text, in XML a lyrics element', async () => {
    expect((await rest('getLyrics', 'artist=scanner&title=First')).lyrics).toEqual({
      artist: 'scanner',
      title: 'First',
      value: '',
    });
    const res = await t.app.inject({ url: `/rest/getLyrics?apiKey=${apiKey}&title=First` });
    expect(parseXml(res.body).children).toEqual([expect.objectContaining({ name: 'lyrics', text: '' })]);
  });
});

describe('what Journal does not have answers in the envelope, never a 404', () => {
  it('lists read empty', async () => {
    expect((await rest('getPodcasts')).podcasts).toEqual({ channel: [] });
    expect((await rest('getInternetRadioStations')).internetRadioStations).toEqual({
      internetRadioStation: [],
    });
    expect((await rest('getShares')).shares).toEqual({ share: [] });
  });

  it('changes are 50 (not the caller’s role), items by id 70, undeclared extensions 0', async () => {
    for (const [method, query, code] of [
      ['createUser', 'username=x&password=y&email=z', 50],
      ['jukeboxControl', 'action=status', 50],
      ['getVideoInfo', 'id=1', 70],
      ['getVideoInfo', '', 10],
      ['getTranscodeDecision', '', 0],
    ] as const) {
      const res = await t.app.inject({ url: `/rest/${method}?f=json&apiKey=${apiKey}&${query}` });
      expect(res.statusCode, method).toBe(200);
      expect(res.json()['subsonic-response'].error.code, method).toBe(code);
    }
  });
});
