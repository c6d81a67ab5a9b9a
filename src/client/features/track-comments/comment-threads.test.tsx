import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TrackComment, TrackCommentThread } from '../../../shared/schemas/track-comments';
import { renderWithProviders } from '../../test/render';
import { person } from '../collectives/collective-fixtures';
import { withoutCarriedOriginals } from './carried-threads';
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
    resolvedBy: null,
    resolutionNote: null,
    carriedFrom: null,
    carriedFromCommentId: null,
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

describe('a resolved thread', () => {
  it('says who resolved it and their note, once the resolved threads are shown', async () => {
    const done = {
      ...makeComment(4, 'Hats too loud', 2),
      resolved: true,
      resolvedAt: '2024-05-03T10:00:00.000Z',
      resolvedBy: person('u1', { username: 'ada' }),
      resolutionNote: 'fixed in v3: lowered the hats',
    };
    renderThreads([thread(done)], 2);
    screen.getByRole('button', { name: /Show 1 resolved/ }).click();
    const note = await screen.findByTestId('comment-resolution');
    expect(note.textContent).toBe('Resolved by ada: fixed in v3: lowered the hats');
  });
});

describe('a thread carried to a later version (issue 44)', () => {
  it('says "from v1" and leads back to the original, which is highlighted', async () => {
    const original = makeComment(1, 'Hats too loud', 1);
    const carried = { ...makeComment(2, 'Hats too loud', 2), carriedFrom: 1, carriedFromCommentId: 1 };
    renderThreads([thread(carried), thread(original)], 2);
    const [copy, first] = screen.getAllByTestId('comment-thread');
    expect(first!.className).not.toContain('ring-2');
    await userEvent.click(within(copy!).getByRole('button', { name: 'from v1: show the original' }));
    expect(first!.className).toContain('ring-2');
  });

  it('keeps "from v1" as words when the original is not in the list', () => {
    const carried = { ...makeComment(2, 'Hats too loud', 2), carriedFrom: 1, carriedFromCommentId: 99 };
    renderThreads([thread(carried)], 2);
    expect(screen.getByText('from v1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /show the original/ })).toBeNull();
  });
});

describe('withoutCarriedOriginals', () => {
  it('marks a carried thread once, by its newest copy', () => {
    const v1 = makeComment(1, 'Hats', 1);
    const v2 = { ...makeComment(2, 'Hats', 2), carriedFrom: 1, carriedFromCommentId: 1 };
    const v3 = { ...makeComment(3, 'Hats', 3), carriedFrom: 2, carriedFromCommentId: 2 };
    const other = makeComment(4, 'Snare', 1);
    const ids = (list: TrackCommentThread[]) => list.map((t) => t.id);
    expect(ids(withoutCarriedOriginals([thread(v1), thread(v2), thread(v3), thread(other)]))).toEqual([3, 4]);
    expect(ids(withoutCarriedOriginals([thread(other)]))).toEqual([4]);
  });
});
