import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectiveComment, CollectiveMember } from '../../shared/schemas/collectives';
import {
  collectivePlaylistKey,
  collectivePlaylistsKey,
  commentsKey,
  membersKey,
} from '../entities/collective/use-collectives';
import { activityKey } from '../features/collectives/activity-feed';
import { comment, NO_MEMBER_ABILITIES, person } from '../features/collectives/collective-fixtures';
import { NOTIFICATIONS_KEY } from '../features/notifications/use-notifications';
import { trackCommentsKey } from '../features/track-comments/use-track-comments';
import { onSessionEnded } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { callsTo, json, mockFetch } from '../test/mock-fetch';
import { useLiveEvents } from './use-live-events';

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((message: { data: string }) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (message: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown) {
    act(() => {
      for (const listener of this.listeners.get(name) ?? []) listener({ data: JSON.stringify(data) });
    });
  }
  /** What EventSource does after an answer that is not a stream: gives up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.closed = true;
  }
}

function Live({ userId }: { userId: string }) {
  useLiveEvents(userId);
  return null;
}

const member = (userId: string, online: boolean): CollectiveMember => ({
  userId,
  role: 'member',
  online,
  joinedAt: '2024-05-01T00:00:00.000Z',
  abilities: NO_MEMBER_ABILITIES,
  user: person(userId),
});

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function mount() {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live userId="me" />
    </QueryClientProvider>,
  );
  return { queryClient, view, source: () => FakeEventSource.opened.at(-1)! };
}

describe('useLiveEvents', () => {
  it('opens one stream and puts another person’s comment on top of the cached list', () => {
    const { queryClient, source } = mount();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);
    const old = comment(1, 'First', person('a'), { collectiveId: 4, playlistId: 7 });
    queryClient.setQueryData(commentsKey(4, 7), [old]);
    const fresh = comment(2, 'Live one', person('b'), { collectiveId: 4, playlistId: 7 });
    source().emit('comment', { collectiveId: 4, playlistId: 7, comment: fresh });
    source().emit('comment', { collectiveId: 4, playlistId: 7, comment: fresh }); // twice: kept once
    expect(queryClient.getQueryData<CollectiveComment[]>(commentsKey(4, 7))).toEqual([fresh, old]);
    // A list no screen has read stays unread: it is fetched, complete, when shown.
    source().emit('comment', { collectiveId: 4, playlistId: 8, comment: { ...fresh, playlistId: 8 } });
    expect(queryClient.getQueryData(commentsKey(4, 8))).toBeUndefined();
  });

  it('reads a playlist’s comments again when a moderator hides or unhides one, and no other list', () => {
    const { queryClient, source } = mount();
    queryClient.setQueryData(commentsKey(4, 7), [
      comment(1, 'Spam', person('a'), { collectiveId: 4, playlistId: 7 }),
    ]);
    queryClient.setQueryData(commentsKey(4, 8), []);
    source().emit('commentVisibility', { collectiveId: 4, playlistId: 7, commentId: 1 });
    expect(queryClient.getQueryState(commentsKey(4, 7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(commentsKey(4, 8))?.isInvalidated).toBe(false);
  });

  it('updates who is online in every cached members list', () => {
    const { queryClient, source } = mount();
    queryClient.setQueryData(membersKey(4), [member('a', false), member('b', true)]);
    queryClient.setQueryData(membersKey(5), [member('a', false)]);
    source().emit('presence', { userId: 'a', online: true });
    expect(queryClient.getQueryData<CollectiveMember[]>(membersKey(4))?.map((m) => m.online)).toEqual([
      true,
      true,
    ]);
    expect(queryClient.getQueryData<CollectiveMember[]>(membersKey(5))?.[0]?.online).toBe(true);
  });

  it('shows this person online once their stream is open, even in a list read before it was counted', () => {
    const { queryClient, source } = mount();
    queryClient.setQueryData(membersKey(4), [member('me', false), member('b', false)]);
    source().emit('ready', {});
    expect(queryClient.getQueryData<CollectiveMember[]>(membersKey(4))?.map((m) => m.online)).toEqual([
      true,
      false,
    ]);
  });

  it('reads a list again when a change lands while it is being read (it may predate the change)', async () => {
    const { queryClient, source } = mount();
    const replies: ((reply: Response) => void)[] = [];
    mockFetch({ 'GET /api/collectives/4/members': () => new Promise((resolve) => replies.push(resolve)) });
    // The members panel's read, as a screen holds it.
    const unsubscribe = new QueryObserver(queryClient, { queryKey: membersKey(4) }).subscribe(() => {});
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    source().emit('presence', { userId: 'a', online: true });
    await vi.waitFor(() => expect(replies).toHaveLength(2));
    replies[0]?.(json([member('a', false)]));
    replies[1]?.(json([member('a', true)]));
    await vi.waitFor(() => expect(queryClient.getQueryData(membersKey(4))).toEqual([member('a', true)]));
    unsubscribe();
  });

  it('reads again what a share or a member change names, and ignores frames it does not know', () => {
    const { queryClient, source } = mount();
    queryClient.setQueryData(collectivePlaylistsKey(4), []);
    queryClient.setQueryData(membersKey(4), []);
    source().emit('share', { collectiveId: 4, playlistId: 7, change: 'shared' });
    expect(queryClient.getQueryState(collectivePlaylistsKey(4))?.isInvalidated).toBe(true);
    source().emit('member', { collectiveId: 4, userId: 'c', change: 'joined' });
    expect(queryClient.getQueryState(membersKey(4))?.isInvalidated).toBe(true);
    expect(() => source().emit('comment', { nonsense: true })).not.toThrow();
  });

  it('reads the activity feed and the shared playlists again when a track in them has a new version', () => {
    const { queryClient, source } = mount();
    queryClient.setQueryData(activityKey(4), { items: [], nextCursor: null });
    queryClient.setQueryData(collectivePlaylistKey(4, 7), {});
    queryClient.setQueryData(activityKey(5), { items: [], nextCursor: null });
    source().emit('version', { collectiveId: 4, trackId: 3, version: 2 });
    expect(queryClient.getQueryState(activityKey(4))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(collectivePlaylistKey(4, 7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(activityKey(5))?.isInvalidated).toBe(false);
  });

  it('opens a new stream after one the browser gave up on, and refreshes what it missed', () => {
    vi.useFakeTimers();
    const { queryClient, source, view } = mount();
    source().emit('ready', {});
    queryClient.setQueryData(membersKey(4), [member('a', false)]);
    const first = source();
    first.fail();
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3_000));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(queryClient.getQueryState(membersKey(4))?.isInvalidated).toBe(false);
    source().emit('ready', {});
    expect(queryClient.getQueryState(membersKey(4))?.isInvalidated).toBe(true);
    view.unmount();
    expect(source().closed).toBe(true);
  });

  it('adds a new inbox entry once, counting it unread, and reads a track’s comments again', () => {
    const { queryClient, source } = mount();
    const entry = {
      id: 9,
      kind: 'comment',
      actor: person('b'),
      collective: { id: 4, name: 'Crew' },
      playlistId: 7,
      track: { id: 3, name: 'Song' },
      commentId: 11,
      excerpt: 'Snare',
      atSeconds: 3,
      url: '/collective/4/playlist/7?track=3&t=3&comment=11',
      read: false,
      createdAt: '2024-05-01T00:00:00.000Z',
    };
    queryClient.setQueryData(NOTIFICATIONS_KEY, { items: [], unread: 0 });
    source().emit('notification', { notification: entry });
    source().emit('notification', { notification: entry }); // twice: counted once
    expect(queryClient.getQueryData(NOTIFICATIONS_KEY)).toEqual({ items: [entry], unread: 1 });

    queryClient.setQueryData(trackCommentsKey(4, 3), []);
    // A version's to-do list (issue 44) reads its threads again too; another track's does not.
    const todo = [...trackCommentsKey(4, 3), { version: 2 }];
    const otherTodo = [...trackCommentsKey(4, 5), { version: 2 }];
    queryClient.setQueryData(todo, []);
    queryClient.setQueryData(otherTodo, []);
    source().emit('trackComment', {
      collectiveId: 4,
      trackId: 3,
      commentId: 11,
      parentId: null,
      change: 'added',
      comment: null,
    });
    expect(queryClient.getQueryState(trackCommentsKey(4, 3))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(todo)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(otherTodo)?.isInvalidated).toBe(false);
  });

  it('a report’s outcome reads any open equipment page’s comments again (decision 0585)', () => {
    const { queryClient, source } = mount();
    const comments = ['/api/equipment', 7, 'comments'];
    const tracks = ['/api/equipment', 7, 'tracks'];
    queryClient.setQueryData(comments, []);
    queryClient.setQueryData(tracks, []);
    queryClient.setQueryData(NOTIFICATIONS_KEY, { items: [], unread: 0 });
    source().emit('notification', {
      notification: {
        id: 12,
        kind: 'report_reviewed',
        actor: null,
        collective: null,
        notice: 'Your report was reviewed: the comment was hidden',
        url: '/',
        read: false,
        createdAt: '2024-05-01T00:00:00.000Z',
      },
    });
    expect(queryClient.getQueryState(comments)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(tracks)?.isInvalidated).toBe(false);
  });

  describe('when the server closes the stream on purpose', () => {
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };
    afterEach(() => setVisibility('visible'));

    it('after a sign-out elsewhere: does not reconnect, and the app hears the session ended', async () => {
      const fetched = mockFetch({
        'GET /api/auth/user': () =>
          json({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }, 401),
      });
      const ended = vi.fn();
      const stopListening = onSessionEnded(ended);
      try {
        const { source } = mount();
        const first = source();
        first.emit('streamClosed', { reason: 'sessionEnded' });
        expect(first.closed).toBe(true);
        await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
        expect(callsTo(fetched, '/api/auth/user')).toHaveLength(1);
        // No new stream: it would only be refused.
        expect(FakeEventSource.opened).toHaveLength(1);
      } finally {
        stopListening();
      }
    });

    it('after a new sign-in in another tab replaced the session: opens a new stream', async () => {
      mockFetch({ 'GET /api/auth/user': () => json({ id: 'me' }) });
      const { source } = mount();
      source().emit('streamClosed', { reason: 'sessionEnded' });
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
      expect(FakeEventSource.opened[0]?.closed).toBe(true);
    });

    it('as the oldest of too many streams: a background tab waits until it is looked at', () => {
      vi.useFakeTimers();
      const { source } = mount();
      setVisibility('hidden');
      source().emit('streamClosed', { reason: 'tooManyStreams' });
      act(() => vi.advanceTimersByTime(60_000));
      expect(FakeEventSource.opened).toHaveLength(1);
      setVisibility('visible');
      expect(FakeEventSource.opened).toHaveLength(2);
    });

    it('as the oldest of too many streams: the tab in view comes back after the retry delay', () => {
      vi.useFakeTimers();
      const { source } = mount();
      source().emit('streamClosed', { reason: 'tooManyStreams' });
      expect(FakeEventSource.opened).toHaveLength(1);
      act(() => vi.advanceTimersByTime(3_000));
      expect(FakeEventSource.opened).toHaveLength(2);
    });
  });
});
