import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX, id, idParam, int4, NOTHING_TO_UPDATE, nonEmptyPatch, text } from './primitives';
import { clientFileDate } from './tracks';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text', () => {
  it('trims, and refuses control characters with a message naming the field', () => {
    const name = text('Name');
    expect(name.parse('  Juno  ')).toBe('Juno');
    for (const bad of ['a\0b', 'a\u0007', 'a\u007f', 'a\u0085', 'a\tb', 'a\nb']) {
      expect(firstMessage(name.safeParse(bad)), JSON.stringify(bad)).toBe(
        'Name must not contain control characters',
      );
    }
  });

  it('lets multi-line text keep line breaks and tabs, nothing else', () => {
    const notes = text('Notes', { multiline: true });
    expect(notes.parse('a\n\tb\r\nc')).toBe('a\n\tb\r\nc');
    expect(notes.safeParse('a\0').success).toBe(false);
    expect(notes.safeParse('a\u000bb').success).toBe(false);
  });

  it('refuses lone surrogates but keeps every real character', () => {
    expect(firstMessage(text('Name').safeParse('a\ud800'))).toBe('Name must be valid text');
    expect(firstMessage(text('Name').safeParse('\udc00a'))).toBe('Name must be valid text');
    expect(text('Name').parse('😀 ß İ ﷺ \u202e')).toBe('😀 ß İ ﷺ \u202e');
  });

  it('can leave the text untrimmed', () => {
    expect(text('Notes', { trim: false }).parse('  x  ')).toBe('  x  ');
  });
});

describe('ids', () => {
  it('body ids are whole numbers from 1 to INT4_MAX', () => {
    expect(id().parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 1e300, Number.NaN, '1', null]) {
      expect(firstMessage(id().safeParse(bad)), String(bad)).toBe('Not a valid id');
    }
  });

  it('path ids are coerced from text in the same range', () => {
    expect(idParam().parse('42')).toBe(42);
    expect(idParam().parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of ['2147483648', '99999999999999999999', '1e400', '-1', '0', '1.5', 'abc', '']) {
      expect(idParam().safeParse(bad).success, bad).toBe(false);
    }
  });

  it('int4 counts start at 0', () => {
    expect(int4('position').parse(0)).toBe(0);
    expect(firstMessage(int4('position').safeParse(INT4_MAX + 1))).toBe(
      `position must be at most ${INT4_MAX}`,
    );
  });
});

describe('nonEmptyPatch', () => {
  it('refuses a patch that changes nothing', () => {
    const patch = nonEmptyPatch(z.object({ name: z.string() }).partial().strict());
    expect(firstMessage(patch.safeParse({}))).toBe(NOTHING_TO_UPDATE);
    expect(patch.parse({ name: 'x' })).toEqual({ name: 'x' });
  });
});

describe('clientFileDate', () => {
  it('keeps dates PostgreSQL stores, drops the rest', () => {
    expect(clientFileDate('2020-02-29T12:00:00.000Z')?.toISOString()).toBe('2020-02-29T12:00:00.000Z');
    expect(clientFileDate('0001-01-01T00:00:00.000Z')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    for (const bad of [
      undefined,
      '',
      'soon',
      '-001000-01-01T00:00:00.000Z',
      '0000-12-31T23:59:59.999Z',
      '+010000-01-01T00:00:00.000Z',
    ]) {
      expect(clientFileDate(bad), String(bad)).toBeNull();
    }
    expect(clientFileDate(new Date(Date.now() + 2 * 86_400_000).toISOString())).toBeNull();
  });
});
