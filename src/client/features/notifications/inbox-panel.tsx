import { Settings } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { countOf, displayName, formatCommentTime } from '../../../shared/format';
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
} from '../../../shared/schemas/notifications';
import { LEAK_LISTENERS, LEAK_WINDOW_HOURS } from '../../../shared/share-listens';
import { UserAvatar } from '../../components/collective-avatar';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/utils';
import { formatTime } from '../../player/player-queue';
import { LEAK_REVOKED, ShareLeakRevoke } from './share-leak-revoke';
import {
  useMarkRead,
  useNotificationPreferences,
  useNotifications,
  useUpdatePreferences,
} from './use-notifications';

const KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on your tracks',
  reply: 'Replies to you',
  mention: '@mentions',
  share: 'Playlists shared into your collectives',
  join: 'People joining through your invites',
  new_version: 'New versions of tracks you commented on',
  playlist_comment: 'Comments on your playlists',
  version_answers: 'New versions that answer your comments',
  guest_comment: 'Comments from guests through your review links',
  guest_upload: 'Files sent through your upload links',
};

/** Said of an entry about a playlist the reader can no longer open (issue 41). */
export const NO_LONGER_SHARED = ' (no longer shared)';

/** One line of the inbox, in words. */
export function describe(n: Notification): string {
  const line = describeEntry(n);
  return n.playlistAvailable === false ? `${line}${NO_LONGER_SHARED}` : line;
}

function describeEntry(n: Notification): string {
  const who = n.actor ? displayName(n.actor) : 'Someone';
  const where = n.collective ? ` in ${n.collective.name}` : '';
  const at = n.atSeconds !== null ? ` at ${formatTime(n.atSeconds)}` : '';
  const track = n.track ? `“${n.track.name}”` : 'a track';
  const playlistName = n.playlistName ? ` “${n.playlistName}”` : '';
  switch (n.kind) {
    case 'comment':
      return `${who} commented on ${track}${at}${where}`;
    case 'reply':
      return `${who} replied to you on ${track}${at}${where}`;
    case 'mention':
      // A mention in a playlist's comments names no track (decision 0300).
      if (n.playlistCommentId) {
        return `${who} mentioned you on ${n.playlistName ? `the playlist${playlistName}` : 'a playlist'}${where}`;
      }
      return `${who} mentioned you on ${track}${at}${where}`;
    case 'share':
      return `${who} shared a playlist${where}`;
    case 'join':
      return `${who} joined${where} through your invite`;
    case 'new_version':
      return `${who} uploaded version ${n.trackVersion ?? ''} of ${track}${where}`;
    case 'playlist_comment':
      return `${who} commented on your playlist${playlistName}${where}`;
    case 'version_answers': {
      // Issue 44: the new version carries the reader's open threads; the entry opens the comparison.
      const count = n.answeredCount ?? 0;
      // One comment is "your comment"; more are counted as every count is.
      const comments = count > 1 ? `your ${countOf(count, 'comment')}` : 'your comment';
      return `v${n.trackVersion ?? ''} of ${track} answers ${comments}${where}`;
    }
    case 'export_ready':
      return 'Your data export is ready — Download';
    case 'content_hidden':
      // A moderator's notice (decision 0455): its words say what was hidden and why.
      return n.notice ?? 'A moderator hid something of yours';
    case 'guest_comment':
      // Issue 45: a guest has no account; their name is the entry's notice.
      return `${n.notice ?? 'A guest'} (guest) commented on ${track}${at}`;
    case 'guest_upload':
      return `${n.notice ?? 'A guest'} sent ${track} through your upload link`;
    case 'share_leak': {
      // A playlist's link names its playlist; once revoked the entry lets go of the link and says so.
      const item = n.track ? track : n.playlistName ? `the playlist${playlistName}` : 'your item';
      // The issue's words first: "this link may have leaked".
      const line = `This link may have leaked: your link to ${item} passed ${LEAK_LISTENERS} listeners in ${LEAK_WINDOW_HOURS} hours`;
      return n.shareId === null ? `${line}${LEAK_REVOKED}` : line;
    }
    case 'report_reviewed':
      // What became of the reader's report (decision 0580): "…the comment was hidden" or "…no action".
      return n.notice ?? 'Your report was reviewed';
  }
}

function Preferences() {
  const { data: prefs } = useNotificationPreferences(true);
  const update = useUpdatePreferences();
  return (
    <section aria-label="Notification settings" className="space-y-2 p-3">
      <p className="text-xs text-muted-foreground">Show in the inbox:</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <div key={kind} className="flex items-center justify-between gap-3 text-sm">
          <span aria-hidden>{KIND_LABELS[kind]}</span>
          <Switch
            aria-label={KIND_LABELS[kind]}
            checked={prefs?.[kind] ?? true}
            disabled={!prefs}
            onCheckedChange={(on) => update.mutate({ [kind]: on })}
          />
        </div>
      ))}
    </section>
  );
}

/** The inbox: newest first, unread marked; a click opens the moment and marks the entry read. */
export function InboxPanel({ onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { data, isLoading } = useNotifications();
  const markRead = useMarkRead();
  const [, navigate] = useLocation();
  const [settings, setSettings] = useState(false);
  const items = data?.items ?? [];

  return (
    <div className="flex max-h-[70vh] flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={!data || data.unread === 0}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all read
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Notification settings"
            aria-pressed={settings}
            onClick={() => setSettings((s) => !s)}
          >
            <Settings />
          </Button>
        </div>
      </header>
      {settings ? (
        <Preferences />
      ) : (
        <ul aria-label="Inbox" className="min-h-0 flex-1 overflow-y-auto">
          {isLoading && <li className="p-3 text-sm text-muted-foreground">Loading…</li>}
          {!isLoading && items.length === 0 && (
            <li className="p-3 text-sm text-muted-foreground">Nothing new.</li>
          )}
          {items.map((n) => (
            <li key={n.id} className="border-b border-border last:border-b-0">
              <div className={cn('flex gap-2 px-3 py-2 hover:bg-accent/50', !n.read && 'bg-primary/5')}>
                <button
                  type="button"
                  data-testid="notification"
                  className="flex min-w-0 flex-1 cursor-pointer gap-2 text-left"
                  onClick={() => {
                    if (!n.read) markRead.mutate([n.id]);
                    onNavigate();
                    // An export's entry is its archive's download, not a page of the app.
                    if (n.kind === 'export_ready') window.location.assign(n.url);
                    else navigate(n.url);
                  }}
                >
                  <UserAvatar
                    name={n.actor ? displayName(n.actor) : '?'}
                    avatarUrl={n.actor?.avatarUrl}
                    version={n.actor?.updatedAt}
                    className="size-8 shrink-0"
                  />
                  <span className="min-w-0 flex-1">
                    <span className={cn('block text-sm', !n.read && 'font-semibold')}>{describe(n)}</span>
                    {n.excerpt && (
                      <span className="block truncate text-xs text-muted-foreground">{n.excerpt}</span>
                    )}
                    <time dateTime={n.createdAt} className="block text-[11px] text-muted-foreground">
                      {formatCommentTime(n.createdAt)}
                    </time>
                  </span>
                </button>
                {n.kind === 'share_leak' && n.shareId !== null && <ShareLeakRevoke shareId={n.shareId} />}
                {!n.read && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="self-center text-xs"
                    aria-label="Mark read"
                    onClick={() => markRead.mutate([n.id])}
                  >
                    <span aria-hidden className="size-2 rounded-full bg-primary" />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
