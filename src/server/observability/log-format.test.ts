import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { prettyLogStream, wantsPrettyLog } from './log-format';

describe('log format (decision 0861)', () => {
  it('is human at a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(wantsPrettyLog('auto', true)).toBe(true);
    expect(wantsPrettyLog('auto', false)).toBe(false);
    expect(wantsPrettyLog('json', true)).toBe(false);
    expect(wantsPrettyLog('pretty', false)).toBe(true);
  });

  it('writes a line a person reads: time, level and message, no JSON', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk) => (text += chunk));
    const log = pino(await prettyLogStream(out));
    log.info({ trackId: 7 }, 'Track processed');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Track processed\n\s+trackId: 7\n/);
    expect(text).not.toContain('{"level"');
  });
});
