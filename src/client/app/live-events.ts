import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CollectiveComment, CollectiveMember } from '../../shared/schemas/collectives';
import type { LiveEvent } from '../../shared/schemas/events';
import type { UserImport } from '../../shared/schemas/imports';
import type { NotificationList } from '../../shared/schemas/notifications';
import {
  COLLECTIVES_QUERY_KEY,
  collectiveKey,
  collectivePlaylistKey,
  collectivePlaylistsKey,
  commentsKey,
  membersKey,
} from '../entities/collective/use-collectives';
import { PLAYLISTS_WITH_SHARES_KEY } from '../entities/collective/use-sharing';
import { PLAYLISTS_QUERY_KEY } from '../entities/playlist/use-playlists';
import { TRACKS_KEY } from '../entities/track/use-tracks';
import { isEquipmentCommentsKey } from '../features/equipment/equipment-keys';
import { IMPORTS_KEY } from '../features/users/use-imports';

// Literal, as storage-usage.tsx (a component) is more than the shell should carry for a key.
const STORAGE_KEY = ['/api/user/storage'] as const;

const isMembersKey = (key: QueryKey) => key[0] === COLLECTIVES_QUERY_KEY[0] && key[2] === 'members';

/**
 * What one live event (decision 0100) does to the query cache: what the event carries is written
 * in place (a new comment, who is online); anything it only names is read again, and only if a
 * screen holds it. Reads are never stale otherwise (lib/query-client.ts), so this is how another
 * person's change reaches the screen without a reload.
 */
export function applyLiveEvent(queryClient: QueryClient, { event, data }: LiveEvent, myUserId: string) {
  switch (event) {
    case 'comment':
      // Newest first, as the list is read; the author's own browser already has it (same id).
      updateOrRefetch<CollectiveComment[]>(
        queryClient,
        (key) => sameKey(key, commentsKey(data.collectiveId, data.playlistId)),
        (list) => [data.comment, ...list.filter((c) => c.id !== data.comment.id)],
      );
      return;
    case 'commentVisibility':
      // Hidden for everyone but its author, or shown again: the list as the server has it for me.
      invalidateActivity(queryClient, data.collectiveId);
      void queryClient.invalidateQueries({
        queryKey: commentsKey(data.collectiveId, data.playlistId),
        exact: true,
      });
      return;
    case 'share':
      invalidateActivity(queryClient, data.collectiveId);
      void queryClient.invalidateQueries({
        queryKey: collectivePlaylistsKey(data.collectiveId),
        exact: true,
      });
      void queryClient.invalidateQueries({
        queryKey: collectivePlaylistKey(data.collectiveId, data.playlistId),
        exact: true,
      });
      return;
    case 'member':
      invalidateActivity(queryClient, data.collectiveId);
      void queryClient.invalidateQueries({ queryKey: membersKey(data.collectiveId), exact: true });
      if (data.userId === myUserId) {
        // Joined elsewhere (another tab) or removed: the rail and the collective itself change.
        void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY, exact: true });
        void queryClient.invalidateQueries({ queryKey: collectiveKey(data.collectiveId), exact: true });
      }
      return;
    case 'presence':
      updateOrRefetch<CollectiveMember[]>(queryClient, isMembersKey, (list) =>
        list.some((m) => m.userId === data.userId && m.online !== data.online)
          ? list.map((m) => (m.userId === data.userId ? { ...m, online: data.online } : m))
          : list,
      );
      return;
    case 'trackComment':
      invalidateActivity(queryClient, data.collectiveId);
      // A thread list is small; reading it again keeps replies and order exactly as the server has them.
      // Not exact: a version's to-do list (the same key with `{ version }`) is one of them too.
      void queryClient.invalidateQueries({
        queryKey: ['/api/collectives', data.collectiveId, 'tracks', data.trackId, 'comments'],
      });
      return;
    case 'guestComment':
      // The owner's track page lists them (features/shares/use-guest-comments.ts), with their markers.
      void queryClient.invalidateQueries({
        queryKey: ['/api/tracks', data.trackId, 'guest-comments'],
        exact: true,
      });
      return;
    case 'version':
      // The feed gains an entry, and the playlists shown here carry the track's new version tag.
      invalidateActivity(queryClient, data.collectiveId);
      void queryClient.invalidateQueries({ queryKey: collectivePlaylistsKey(data.collectiveId) });
      return;
    case 'notification':
      // "Your data export is ready": the profile's card shows its download at once.
      if (data.notification.kind === 'export_ready')
        void queryClient.invalidateQueries({ queryKey: ['/api/user/exports'] });
      // "Your report was reviewed: the comment was hidden": an equipment page the reporter has open
      // drops it (those comments have no live event of their own; the collectives' do).
      if (data.notification.kind === 'report_reviewed')
        void queryClient.invalidateQueries({ predicate: (q) => isEquipmentCommentsKey(q.queryKey) });
      updateOrRefetch<NotificationList>(
        queryClient,
        (key) => key[0] === '/api/notifications' && key.length === 1,
        (box) =>
          box.items.some((n) => n.id === data.notification.id)
            ? box
            : {
                items: [data.notification, ...box.items],
                unread: box.unread + (data.notification.read ? 0 : 1),
              },
      );
      return;
    case 'importProgress':
      applyImportProgress(queryClient, data.import);
      return;
    case 'resync':
      refetchCollectives(queryClient);
      return;
    case 'ready':
    case 'streamClosed':
      return;
  }
}

/**
 * An import of a Journal export moved (issue 27, decision 0426): the profile's card shows it in
 * place, newest first as the list is read. Once done, what it made is read again where a screen
 * holds it: the journal's tracks (a prefix: single tracks too), playlists, equipment and storage.
 */
function applyImportProgress(queryClient: QueryClient, item: UserImport) {
  updateOrRefetch<UserImport[]>(
    queryClient,
    (key) => sameKey(key, IMPORTS_KEY),
    (list) => {
      const at = list.findIndex((i) => i.id === item.id);
      if (at === -1) return [item, ...list];
      // An event that arrives after a newer poll must not move the bar backwards.
      const known = list[at]!;
      if (known.state !== 'queued' && known.state !== 'running') return list;
      if (known.state === item.state && known.processed > item.processed) return list;
      return list.map((i) => (i.id === item.id ? item : i));
    },
  );
  if (item.state !== 'done') return;
  for (const queryKey of [TRACKS_KEY, PLAYLISTS_QUERY_KEY, PLAYLISTS_WITH_SHARES_KEY, STORAGE_KEY])
    void queryClient.invalidateQueries({ queryKey });
  // Equipment the import created: its search and pages have keys of their own ('/api/equipment/…').
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) => typeof first === 'string' && first.startsWith('/api/equipment'),
  });
}

/** The collective's activity feed, if a screen shows it (a key of its own: activity-feed.tsx). */
const invalidateActivity = (queryClient: QueryClient, collectiveId: number) =>
  void queryClient.invalidateQueries({
    queryKey: ['/api/collectives', collectiveId, 'activity'],
    exact: true,
  });

const sameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * Writes the change into each matching list already read. A list being read at this moment may
 * have been read before the change committed (events are sent after commit), and writing into
 * nothing would lose the change: such a read is started again instead.
 */
function updateOrRefetch<T>(
  queryClient: QueryClient,
  matches: (key: QueryKey) => boolean,
  update: (data: T) => T,
) {
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => matches(q.queryKey) })) {
    if (query.state.fetchStatus === 'fetching') {
      // Cancelled first: a refetch would otherwise join a first read still under way.
      const filter = { queryKey: query.queryKey, exact: true };
      void queryClient.cancelQueries(filter).then(() => queryClient.refetchQueries(filter));
    } else if (query.state.data !== undefined) {
      // Unchanged data is left alone: setting it would also mark a list due for a refetch as fresh.
      const next = update(query.state.data as T);
      if (next !== query.state.data) queryClient.setQueryData<T>(query.queryKey, next);
    }
  }
}

/** Everything about collectives a screen holds, and the inbox, is read again (changes may have been missed). */
export function refetchCollectives(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/notifications'], exact: true });
}
