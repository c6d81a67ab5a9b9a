import { describe, expect, it } from 'vitest';
import { selection } from '../../bench/lib/select.mjs';

// npm run bench -- --only: the lead runs single cases at full size with it (decision 0082).
describe('bench --only', () => {
  it('wants everything without --only', () => {
    const { only, wants, wantsFamily } = selection(['--quick']);
    expect(only).toBeUndefined();
    expect(wants('upload-1gib-rss')).toBe(true);
    expect(wantsFamily('range-')).toBe(true);
  });

  it('runs the cases under a prefix and seeds only what they need', () => {
    const { wants, wantsFamily } = selection(['--only', 'upload-1gib']);
    expect(wants('upload-1gib-throughput', 'upload-1gib-rss')).toBe(true);
    expect(wantsFamily('upload-')).toBe(true);
    expect(wants('journal-list-1k-1c')).toBe(false);
    expect(wantsFamily('journal-', 'health-under-list', 'lcp-journal')).toBe(false);
    expect(wantsFamily('range-')).toBe(false);
  });

  it('takes --only=a,b too, and keeps the plain Range cases apart from the offload ones', () => {
    const { only, wants, wantsFamily } = selection(['--postgres', '--only=range-1mib-offload,lcp']);
    expect(only).toEqual(['range-1mib-offload', 'lcp']);
    expect(wantsFamily('range-', 'range-1mib-offload')).toBe(true);
    expect(wants('range-1mib-1c', 'range-1mib-50c')).toBe(false);
    expect(wants('range-1mib-offload-1c')).toBe(true);
    expect(wants('lcp-landing', 'lcp-journal-1k')).toBe(true);
    // The journal LCP needs the seeded tracks.
    expect(wantsFamily('lcp-journal')).toBe(true);
  });

  it('does not run the full-list health case for the paginated one', () => {
    const { wants } = selection(['--only', 'health-under-list-page']);
    expect(wants('health-under-list-page')).toBe(true);
    expect(wants('health-under-list')).toBe(false);
  });

  it('refuses --only with nothing after it', () => {
    expect(() => selection(['--only'])).toThrow(/--only needs/);
  });
});
