import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackComment, TrackCommentThread } from '../../../shared/schemas/track-comments';
import { renderWithProviders } from '../../test/render';
import { person } from '../collectives/collective-fixtures';
import { CommentThreads } from './comment-threads';
import type { useTrackCommentMutations } from './use-track-comments';

function makeComment(id: number, content: string, trackVersion: number): TrackComment {
  return {
    id,
    collectiveId: 1,
    trackId: 7,
    parentId: null,
    userId: 'u2',
    user: person('u2', { username: 'prince' }),
    content,
    atSeconds: 3,
    endSeconds: null,
    trackVersion,
    resolved: false,
    resolvedAt: null,
    editedAt: null,
    hidden: false,
    createdAt: '2024-05-02T21:05:00.000Z',
  };
}
const thread = (c: TrackComment, replies: TrackComment[] = []): TrackCommentThread => ({ ...c, replies });
// Nothing here edits, deletes or replies: the mutations are never called.
const mutations = {} as ReturnType<typeof useTrackCommentMutations>;

function renderThreads(threads: TrackCommentThread[], trackVersion: number) {
  renderWithProviders(
    <CommentThreads
      threads={threads}
      viewer={{ userId: 'u1', role: 'member', ownsTrack: false }}
      mutations={mutations}
      collectiveId={1}
      trackVersion={trackVersion}
      onSeek={() => {}}
      highlightId={null}
    />,
  );
}

describe('comments made on an older version', () => {
  it('carry a "v1" badge titled "Made on version 1"; comments on the current version none', () => {
    const old = makeComment(1, 'Snare too loud', 1);
    const reply = { ...makeComment(3, 'Still loud?', 1), parentId: 1 };
    renderThreads([thread(old, [reply]), thread(makeComment(2, 'Better now', 2))], 2);
    const [first, second] = screen.getAllByTestId('comment-thread');
    const badges = within(first!).getAllByTestId('comment-version');
    expect(badges).toHaveLength(2);
    expect(badges[0]?.getAttribute('title')).toBe('Made on version 1');
    expect(badges[0]?.textContent).toContain('v1');
    expect(within(second!).queryByTestId('comment-version')).toBeNull();
  });

  it('shows no badge while the track is at its first version', () => {
    renderThreads([thread(makeComment(1, 'Snare too loud', 1))], 1);
    expect(screen.queryByTestId('comment-version')).toBeNull();
  });
});
