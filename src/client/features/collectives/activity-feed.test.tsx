import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../shared/schemas/activity';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ActivityFeed } from './activity-feed';
import { person } from './collective-fixtures';

const base = {
  at: '2024-05-02T21:05:00.000Z',
  playlist: null,
  comment: null,
  version: null,
} satisfies Partial<ActivityItem>;

const versionItem: ActivityItem = {
  ...base,
  kind: 'version',
  id: 'version-3',
  actor: person('u1', { username: 'owner' }),
  track: { id: 101, name: 'Rockers' },
  version: { number: 2, note: 'Quieter snare', status: 'in_review', verdict: 'approved' },
  url: '/collective/1/playlist/11?track=101',
};
const commentItem: ActivityItem = {
  ...base,
  kind: 'comment',
  id: 'comment-5',
  actor: person('u2', { username: 'prince' }),
  track: { id: 101, name: 'Rockers' },
  comment: { id: 5, atSeconds: 83, excerpt: 'Snare too loud', isReply: false },
  url: '/collective/1/playlist/11?track=101&t=83&comment=5',
};

describe('ActivityFeed', () => {
  it('says who uploaded which version, with what changed, linking to the track in its playlist', async () => {
    mockFetch({
      'GET /api/collectives/1/activity': () => json({ items: [versionItem, commentItem], nextCursor: null }),
    });
    renderWithProviders(<ActivityFeed collectiveId={1} />, { path: '/collective/1' });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const [version, comment] = await within(list).findAllByRole('link');
    expect(version?.textContent).toContain('owner uploaded version 2 of “Rockers”');
    expect(version?.textContent).toContain('Quieter snare');
    // Where the version stands now (issue 44): the collective's verdict over the owner's word.
    expect(version?.textContent).toContain('Approved');
    expect(version?.getAttribute('href')).toBe('/collective/1/playlist/11?track=101');
    expect(comment?.textContent).toContain('commented on “Rockers” at 1:23');
    expect(comment?.textContent).toContain('Snare too loud');
  });

  it('shows a version without a note as the sentence alone', async () => {
    const bare = {
      ...versionItem,
      version: { number: 3, note: null, status: 'in_progress' as const, verdict: null },
    };
    mockFetch({ 'GET /api/collectives/1/activity': () => json({ items: [bare], nextCursor: null }) });
    renderWithProviders(<ActivityFeed collectiveId={1} />, { path: '/collective/1' });
    const link = await screen.findByRole('link', { name: /uploaded version 3/ });
    expect(link.textContent).not.toContain('null');
    // In progress is the default: no pill.
    expect(link.textContent).not.toContain('In progress');
    // The sentence only: no second line under it.
    expect(link.querySelectorAll('span.block')).toHaveLength(1);
  });
});
