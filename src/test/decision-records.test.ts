import { describe, expect, it } from 'vitest';
import {
  decisionFileName,
  indexOf,
  parseDecision,
  renderDecision,
  splitEntries,
  statusFromText,
} from '../../scripts/decision-records';

// One file a decision, and the index lint checks (decision 0865).
const OLD_FILE = `# Decision records

Preamble.

## 0017 Profile saves omit empty values (superseded by 0024)

**Decision.** Omit them.

## 0024 — Profile saves: About can be cleared (issue 5)

**Supersedes 0017.** **Decision.** Send null.

### A sub-heading stays inside

Text.
`;

describe('decision records', () => {
  it('splits a decisions file at its numbered headings, old and new style', () => {
    const entries = splitEntries(OLD_FILE);
    expect(entries.map((e) => [e.number, e.title, e.line])).toEqual([
      [17, 'Profile saves omit empty values (superseded by 0024)', 4],
      [24, 'Profile saves: About can be cleared (issue 5)', 8],
    ]);
    expect(entries[1]?.body).toContain('### A sub-heading stays inside\n\nText.\n');
  });

  it('reads who superseded whom from the titles, the bodies and the later entries', () => {
    expect(statusFromText('X (superseded by 0024)', '', [])).toEqual({ kind: 'superseded', by: [24] });
    expect(statusFromText('X', '*Superseded in part by 0350:* the picture…', [])).toEqual({
      kind: 'superseded in part',
      by: [350],
    });
    expect(statusFromText('X', 'Plain.', [812])).toEqual({ kind: 'superseded', by: [812] });
    expect(statusFromText('X', 'Plain.', [])).toEqual({ kind: 'accepted', by: [] });
  });

  it('names a file by number and the title words, without the issue tag', () => {
    expect(decisionFileName({ number: 24, title: 'Profile saves: About can be cleared (issue 5)' })).toBe(
      '0024-profile-saves-about-can-be-cleared.md',
    );
    expect(decisionFileName({ number: 4, title: '`POST /api/x` (a café’s)' })).toBe(
      '0004-post-api-x-a-cafe-s.md',
    );
  });

  it('writes a record it reads back, and refuses one whose heading and name disagree', () => {
    const text = renderDecision({
      number: 17,
      title: 'Profile saves omit empty values',
      body: '**Decision.** Omit them.\n',
      line: 0,
      date: '2026-11-22',
      status: { kind: 'superseded', by: [24] },
    });
    const file = '0017-profile-saves-omit-empty-values.md';
    expect(parseDecision(file, text)).toMatchObject({ number: 17, date: '2026-11-22', supersededBy: [24] });
    expect(() => parseDecision('0018-profile.md', text)).toThrow('its heading says 0017');
    expect(() => parseDecision(file, text.replace('superseded by 0024', 'gone'))).toThrow('status "gone"');
  });

  it('indexes every record with a link, its date, status and successor', () => {
    const decisions = [
      parseDecision('0017-a.md', '# 0017 — A | B\n\n- Date: 2026-11-22\n- Status: superseded by 0024\n\nx'),
      parseDecision('0024-c.md', '# 0024 — C\n\n- Date: 2026-11-23\n- Status: accepted\n\nx'),
    ];
    const index = indexOf(decisions);
    expect(index).toContain('| [0017](0017-a.md) | A \\| B | 2026-11-22 | superseded | [0024](0024-c.md) |');
    expect(index).toContain('| [0024](0024-c.md) | C | 2026-11-23 | accepted |  |');
  });
});
