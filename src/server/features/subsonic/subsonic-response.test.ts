import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../test/xml';
import { runAsRoute } from '../../db/route-shares';
import { routeTurns } from '../../db/route-turns';
import {
  ITEMS_A_TURN,
  renderSubsonic,
  renderSubsonicInTurns,
  SubsonicError,
  type SubsonicFormat,
  type SubsonicNode,
} from './subsonic-response';

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

/** Song-like nodes: scalars, what a reply leaves out, text to escape, and nested arrays and nodes. */
const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(undefined),
  fc.constant(null),
);
const leaf = fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 5 });
const node = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 6 }), fc.constant('value')),
  fc.oneof(scalar, leaf, fc.array(leaf, { maxLength: 3 }), fc.array(fc.string(), { maxLength: 3 })),
  { maxKeys: 8 },
);
const formats = fc.constantFrom<SubsonicFormat>('xml', 'json', { jsonp: 'cb' });

describe('renderSubsonicInTurns', () => {
  it("gives renderSubsonic's very text, whatever the reply and however long its lists", async () => {
    await fc.assert(
      fc.asyncProperty(
        formats,
        // Long lists (rendered in pieces) and short ones (at once): fast-check alone keeps arrays short.
        fc.oneof(
          fc.array(node, { minLength: ITEMS_A_TURN + 1, maxLength: ITEMS_A_TURN * 2 + 7 }),
          fc.array(node, { maxLength: 4 }),
        ),
        fc.array(node, { maxLength: 4 }),
        node,
        async (format, songs, artists, extra) => {
          const payload: SubsonicNode = { searchResult3: { ...extra, artist: artists, song: songs } };
          const inTurns = await renderSubsonicInTurns(format, payload);
          expect(inTurns).toEqual(renderSubsonic(format, payload));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("lets a waiting route's units run while a long list is rendered", async () => {
    const songs = Array.from({ length: ITEMS_A_TURN * 3 + 1 }, (_, i) => ({
      id: String(i),
      title: `Take ${i}`,
    }));
    const log: string[] = [];
    for (let i = 0; i < 6; i++) routeTurns.run('GET /busy', () => log.push('busy'));
    const busyBefore = log.length;
    const rendered = await runAsRoute('GET /rest/search3', () =>
      renderSubsonicInTurns('json', { searchResult3: { song: songs } }),
    );
    log.push('rendered');
    // Rendered in one go, nothing else would have run before it: the busy route's units all wait.
    expect(log.indexOf('rendered') - busyBefore).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(rendered.body)['subsonic-response'].searchResult3.song).toEqual(songs);
    while (routeTurns.waiting > 0) await new Promise((resolve) => setImmediate(resolve));
  });
});
