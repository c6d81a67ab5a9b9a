import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../test/xml';
import { renderSubsonic, SubsonicError } from './subsonic-response';

describe('renderSubsonic', () => {
  it('escapes markup and drops characters XML cannot carry, so any stored text stays well-formed', () => {
    const name = `Tom & "Jerry" <live> 'at' \u0001the\u0000 Bar\uFFFE\ud800 \u{1F3B8}\ttab\nline`;
    const { body } = renderSubsonic('xml', { song: { title: name, genre: [name], lyrics: { value: name } } });
    const [song] = parseXml(body).children;
    const clean = `Tom & "Jerry" <live> 'at' the Bar \u{1F3B8}\ttab\nline`;
    expect(song!.attributes.title).toBe(clean);
    expect(song!.children.map((child) => [child.name, child.text])).toEqual([
      ['genre', clean],
      ['lyrics', clean],
    ]);
  });

  it('leaves out null and undefined, keeps false and 0', () => {
    const { body } = renderSubsonic('xml', { user: { a: null, b: undefined, c: false, d: 0 } });
    expect(parseXml(body).children[0]!.attributes).toEqual({ c: 'false', d: '0' });
    const json = JSON.parse(renderSubsonic('json', { user: { a: undefined, c: false } }).body);
    expect(json['subsonic-response'].user).toEqual({ c: false });
  });

  it('an error is status="failed" with its code and message', () => {
    const json = JSON.parse(renderSubsonic('json', new SubsonicError(70, 'Song not found')).body);
    expect(json['subsonic-response']).toMatchObject({
      status: 'failed',
      error: { code: 70, message: 'Song not found' },
    });
  });
});
