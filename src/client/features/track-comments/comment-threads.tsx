import { Check, CornerDownRight, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { displayName, formatCommentTime } from '../../../shared/format';
import type { CollectiveRole } from '../../../shared/schemas/collectives';
import type { TrackComment, TrackCommentThread } from '../../../shared/schemas/track-comments';
import { UserAvatar } from '../../components/collective-avatar';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { ReportButton } from '../reports';
import { MentionTextarea } from './comment-form';
import { Resolution } from './comment-resolution';
import { showTime } from './time-input';
import type { useTrackCommentMutations } from './use-track-comments';

type Mutations = ReturnType<typeof useTrackCommentMutations>;
export interface Viewer {
  userId: string;
  role: CollectiveRole;
  /** The track is theirs: they resolve threads. */
  ownsTrack: boolean;
}

/**
 * "v1" on a comment made on an older version of the track (decision 0223): its moment may have moved
 * since. Nothing on comments about the current version.
 */
export function VersionBadge({ made, current }: { made: number; current: number }) {
  if (made >= current) return null;
  return (
    <span
      data-testid="comment-version"
      title={`Made on version ${made}`}
      className="rounded border border-border px-1 text-[10px] leading-4 font-medium text-muted-foreground"
    >
      v{made}
      <span className="sr-only"> (made on version {made})</span>
    </span>
  );
}

function CommentBody({
  comment,
  viewer,
  mutations,
  collectiveId,
  trackVersion,
  onSeek,
  onShowOriginal,
}: {
  comment: TrackComment;
  viewer: Viewer;
  mutations: Mutations;
  collectiveId: number;
  trackVersion: number;
  onSeek?: (seconds: number) => void;
  /** A carried thread's "from vN" leads to its original, when that is in the list. */
  onShowOriginal?: (commentId: number) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const mine = comment.userId === viewer.userId;
  const mayDelete = mine || viewer.role === 'owner' || viewer.role === 'admin';
  const who = displayName(comment.user);
  const save = async () => {
    if (!editing?.trim()) return;
    await mutations.edit.mutateAsync({ id: comment.id, content: editing.trim() });
    setEditing(null);
  };
  return (
    <div className="flex min-w-0 flex-1 gap-2">
      <UserAvatar
        name={who}
        avatarUrl={comment.user.avatarUrl}
        version={comment.user.updatedAt}
        className="size-7"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          {onSeek && (
            <button
              type="button"
              className="cursor-pointer rounded bg-primary/15 px-1.5 font-mono text-xs text-primary tabular-nums hover:bg-primary/25"
              // The name holds the visible text, a range's end too (WCAG 2.5.3).
              aria-label={`Play from ${showTime(comment.atSeconds)}${comment.endSeconds !== null ? `–${showTime(comment.endSeconds)}` : ''}`}
              onClick={() => onSeek(comment.atSeconds)}
            >
              {showTime(comment.atSeconds)}
              {comment.endSeconds !== null && `–${showTime(comment.endSeconds)}`}
            </button>
          )}
          <span className="font-semibold">{who}</span>
          <VersionBadge made={comment.trackVersion} current={trackVersion} />
          {comment.carriedFrom !== null &&
            (onShowOriginal && comment.carriedFromCommentId !== null ? (
              // The link back to the thread as it was said on its version (decision 0671).
              <button
                type="button"
                className="cursor-pointer text-xs text-muted-foreground underline underline-offset-2 hover:text-foreground"
                aria-label={`from v${comment.carriedFrom}: show the original`}
                onClick={() => onShowOriginal(comment.carriedFromCommentId!)}
              >
                from v{comment.carriedFrom}
              </button>
            ) : (
              <span
                className="text-xs text-muted-foreground"
                title={`Carried from version ${comment.carriedFrom}`}
              >
                from v{comment.carriedFrom}
              </span>
            ))}
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {formatCommentTime(comment.createdAt)}
            {comment.editedAt && ' (edited)'}
          </time>
        </p>
        {editing === null ? (
          <>
            {comment.hidden && mine && (
              <p className="mt-0.5 text-xs font-medium text-destructive">
                Hidden by a moderator: only you can see it
              </p>
            )}
            <p
              className={cn(
                'mt-0.5 text-sm break-words whitespace-pre-line',
                comment.hidden && !mine && 'text-muted-foreground italic',
              )}
            >
              {comment.content}
            </p>
          </>
        ) : (
          <div className="mt-1 flex items-end gap-2">
            <MentionTextarea
              collectiveId={collectiveId}
              label="Edit comment"
              value={editing}
              onChange={setEditing}
              onSubmit={() => void save()}
            />
            <Button size="sm" onClick={() => void save()}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        )}
        {editing === null && (
          <div className="mt-0.5 flex gap-1">
            {mine && (
              <Button
                variant="ghost"
                size="sm"
                className="h-6 px-1.5 text-xs"
                onClick={() => setEditing(comment.content)}
              >
                <Pencil className="size-3" aria-hidden /> Edit
              </Button>
            )}
            {mayDelete && (
              <Button
                variant="ghost"
                size="sm"
                className="h-6 px-1.5 text-xs"
                onClick={() => mutations.remove.mutate(comment.id)}
              >
                <Trash2 className="size-3" aria-hidden /> Delete
              </Button>
            )}
            {!mine && !comment.hidden && (
              <ReportButton target={{ kind: 'trackComment', id: comment.id }} what="this comment" />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function Thread({
  thread,
  viewer,
  mutations,
  collectiveId,
  trackVersion,
  onSeek,
  highlighted,
  onShowOriginal,
}: {
  thread: TrackCommentThread;
  viewer: Viewer;
  mutations: Mutations;
  collectiveId: number;
  trackVersion: number;
  onSeek: (seconds: number) => void;
  highlighted: boolean;
  onShowOriginal?: (commentId: number) => void;
}) {
  const [reply, setReply] = useState<string | null>(null);
  const send = async () => {
    if (!reply?.trim()) return;
    await mutations.add.mutateAsync({ content: reply.trim(), parentId: thread.id });
    setReply(null);
  };
  return (
    <li
      data-testid="comment-thread"
      data-comment-id={thread.id}
      className={cn(
        'rounded-lg border border-border bg-card/60 p-3',
        highlighted && 'ring-2 ring-primary',
        thread.resolved && 'opacity-70',
      )}
    >
      <div className="flex gap-2">
        <CommentBody
          comment={thread}
          viewer={viewer}
          mutations={mutations}
          collectiveId={collectiveId}
          trackVersion={trackVersion}
          onSeek={onSeek}
          onShowOriginal={onShowOriginal}
        />
        <div className="flex shrink-0 items-start gap-1">
          {viewer.ownsTrack && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 text-xs"
              onClick={() => mutations.resolve.mutate({ id: thread.id, resolved: !thread.resolved })}
            >
              {thread.resolved ? (
                <RotateCcw className="size-3" aria-hidden />
              ) : (
                <Check className="size-3" aria-hidden />
              )}
              {thread.resolved ? 'Reopen' : 'Resolve'}
            </Button>
          )}
        </div>
      </div>
      {thread.resolved && <Resolution thread={thread} />}
      {thread.replies.length > 0 && (
        <ul aria-label="Replies" className="mt-2 space-y-2 border-l border-border pl-4">
          {thread.replies.map((r) => (
            <li key={r.id} data-testid="comment-reply" className="flex gap-2">
              <CommentBody
                comment={r}
                viewer={viewer}
                mutations={mutations}
                collectiveId={collectiveId}
                trackVersion={trackVersion}
              />
            </li>
          ))}
        </ul>
      )}
      {reply === null ? (
        <Button variant="ghost" size="sm" className="mt-1 h-7 text-xs" onClick={() => setReply('')}>
          <CornerDownRight className="size-3" aria-hidden /> Reply
        </Button>
      ) : (
        <div className="mt-2 flex items-end gap-2 pl-4">
          <MentionTextarea
            collectiveId={collectiveId}
            label="Reply"
            placeholder="Reply… (@ to mention)"
            value={reply}
            onChange={setReply}
            onSubmit={() => void send()}
          />
          <Button size="sm" disabled={!reply.trim() || mutations.add.isPending} onClick={() => void send()}>
            Send reply
          </Button>
        </div>
      )}
    </li>
  );
}

/** Open threads by position; resolved ones folded under a toggle ("fixed in the next version"). */
export function CommentThreads({
  threads,
  viewer,
  mutations,
  collectiveId,
  trackVersion,
  onSeek,
  highlightId,
}: {
  threads: TrackCommentThread[];
  viewer: Viewer;
  mutations: Mutations;
  collectiveId: number;
  /** The track's current version: comments made on an older one say so. */
  trackVersion: number;
  onSeek: (seconds: number) => void;
  highlightId: number | null;
}) {
  const [showResolved, setShowResolved] = useState(false);
  // The original a "from vN" link was followed to: highlighted and brought into view.
  const [shownOriginal, setShownOriginal] = useState<number | null>(null);
  const marked = shownOriginal ?? highlightId;
  const open = threads.filter((t) => !t.resolved);
  const resolved = threads.filter((t) => t.resolved);
  const listed = new Set(threads.map((t) => t.id));
  const showOriginal = (id: number) => {
    if (resolved.some((t) => t.id === id)) setShowResolved(true);
    setShownOriginal(id);
  };
  useEffect(() => {
    if (shownOriginal === null) return;
    document.querySelector(`[data-comment-id="${shownOriginal}"]`)?.scrollIntoView?.({ block: 'center' });
  }, [shownOriginal]);
  const render = (t: TrackCommentThread) => (
    <Thread
      key={t.id}
      thread={t}
      viewer={viewer}
      mutations={mutations}
      collectiveId={collectiveId}
      trackVersion={trackVersion}
      onSeek={onSeek}
      highlighted={t.id === marked || t.replies.some((r) => r.id === marked)}
      onShowOriginal={
        t.carriedFromCommentId !== null && listed.has(t.carriedFromCommentId) ? showOriginal : undefined
      }
    />
  );
  return (
    <div className="space-y-3">
      {open.length === 0 && (
        <p className="text-sm text-muted-foreground">No open comments on this track yet.</p>
      )}
      <ul aria-label="Open threads" className="space-y-2">
        {open.map(render)}
      </ul>
      {resolved.length > 0 && (
        <div>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showResolved}
            onClick={() => setShowResolved((s) => !s)}
          >
            {showResolved ? 'Hide' : 'Show'} {resolved.length} resolved
          </Button>
          {showResolved && (
            <ul aria-label="Resolved threads" className="mt-2 space-y-2">
              {resolved.map(render)}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
