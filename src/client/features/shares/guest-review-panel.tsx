import { EyeOff, type LucideIcon, MessageSquare } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { GuestComment, GuestThread } from '../../../shared/schemas/guest-comments';
import { Button } from '../../components/ui/button';
import { usePlayer } from '../../player/use-player';
import { showTime } from '../track-comments';
import { GuestCommentForm } from './guest-comment-form';
import { GuestCommentMarkers, useSeekTo } from './guest-comment-markers';
import type { SharedEntry } from './shared-item-player';
import { useAddGuestComment, useGuestComments } from './use-guest-comments';

/** A moment as a button that plays the track from there. */
export function MomentButton({
  at,
  end,
  onSeek,
}: {
  at: number;
  end: number | null;
  onSeek: (seconds: number) => void;
}) {
  const text = end === null ? showTime(at) : `${showTime(at)}–${showTime(end)}`;
  return (
    <Button
      variant="link"
      size="sm"
      className="h-auto p-0 font-mono text-xs tabular-nums"
      aria-label={`Play from ${showTime(at)}`}
      onClick={() => onSeek(at)}
    >
      {text}
    </Button>
  );
}

function GuestCommentBody({ comment, onSeek }: { comment: GuestComment; onSeek?: (s: number) => void }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <span className="font-semibold">{comment.name}</span>
        {comment.fromOwner && <span className="text-xs text-muted-foreground">(owner)</span>}
        {onSeek && <MomentButton at={comment.atSeconds} end={comment.endSeconds} onSeek={onSeek} />}
        {comment.hidden && (
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <EyeOff className="size-3" aria-hidden />
            Hidden by the owner: only you see it
          </span>
        )}
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
    </div>
  );
}

/** Where a shared track's guest comments are read: the link's token, the entry and the page's queue. */
interface GuestTrackProps {
  token: string;
  entry: SharedEntry;
  queue: SharedEntry[];
}

/** The link's comments on the entry's track, and a seek that plays the track (in its queue) from a moment. */
function useGuestTrack({ token, entry, queue }: GuestTrackProps) {
  const { data } = useGuestComments(token, entry.shared.id);
  const seek = useSeekTo(
    entry.player,
    queue.map((e) => e.player),
  );
  return { data, seek };
}

/** A panel's title: its icon, then its name. */
export function PanelHeading({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <h2 className="mb-3 flex items-center gap-2 font-semibold">
      <Icon className="size-4 text-primary" aria-hidden />
      {children}
    </h2>
  );
}

/** A thread's replies, indented under it. */
export function ReplyList<T extends { id: number }>({
  replies,
  children,
}: {
  replies: T[];
  children: (reply: T) => ReactNode;
}) {
  if (replies.length === 0) return null;
  return (
    <ol aria-label="Replies" className="mt-2 space-y-2 border-l-2 border-border pl-3">
      {replies.map((r) => (
        <li key={r.id}>{children(r)}</li>
      ))}
    </ol>
  );
}

/** The link's markers over the now-playing waveform (the page lays this over it). */
export function GuestWaveMarkers(props: GuestTrackProps) {
  const { data, seek } = useGuestTrack(props);
  if (!data) return null;
  return (
    <GuestCommentMarkers
      comments={data.threads}
      duration={props.entry.shared.duration ?? 0}
      onSelect={seek}
    />
  );
}

/**
 * A review link's comments on the track playing (issue 45): the form (the name asked once), then
 * the link's threads by moment, with replies; each moment plays the track from there. Nothing for
 * a link that takes no comments.
 */
export function GuestReviewPanel(props: GuestTrackProps) {
  const { token, entry } = props;
  const trackId = entry.shared.id;
  const { data, seek } = useGuestTrack(props);
  const add = useAddGuestComment(token, trackId);
  const player = usePlayer();
  const [replyTo, setReplyTo] = useState<number | null>(null);
  if (!data) return null;
  const current = player.currentTrack?.id === trackId;
  const known = data.guest?.name ?? null;
  const post = (body: Parameters<typeof add.mutateAsync>[0]) => add.mutateAsync(body);

  return (
    <section aria-label="Comments" className="rounded-2xl border border-border bg-card p-4 sm:p-6">
      <PanelHeading icon={MessageSquare}>Comments</PanelHeading>
      {data.commentsOpen ? (
        <GuestCommentForm
          key={trackId}
          knownName={known}
          duration={entry.shared.duration}
          currentPosition={current ? player.currentTime : null}
          pending={add.isPending}
          onPost={post}
        />
      ) : (
        <p className="text-sm text-muted-foreground">The owner closed commenting on this link.</p>
      )}
      {data.threads.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ol aria-label="Comment threads" className="mt-4 space-y-3">
          {data.threads.map((thread: GuestThread) => (
            <li key={thread.id} className="rounded-lg bg-muted/40 p-3">
              <GuestCommentBody comment={thread} onSeek={seek} />
              <ReplyList replies={thread.replies}>{(r) => <GuestCommentBody comment={r} />}</ReplyList>
              {data.commentsOpen &&
                (replyTo === thread.id ? (
                  <div className="mt-2">
                    <GuestCommentForm
                      knownName={known}
                      duration={null}
                      currentPosition={null}
                      pending={add.isPending}
                      onPost={post}
                      parentId={thread.id}
                      onDone={() => setReplyTo(null)}
                    />
                  </div>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1 h-7 px-2"
                    onClick={() => setReplyTo(thread.id)}
                  >
                    Reply
                  </Button>
                ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
