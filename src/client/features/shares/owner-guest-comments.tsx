import { Eye, EyeOff, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { formatDayMonthYear } from '../../../shared/format';
import type { OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import type { PlayerTrack } from '../../player/player-context';
import { GuestCommentMarkers, useSeekTo } from './guest-comment-markers';
import { MomentButton, PanelHeading, ReplyList } from './guest-review-panel';
import { useOwnerGuestComments, useOwnerGuestMutations } from './use-guest-comments';

/** A link's name in the owner's view: its recipient, else the day it was made (decision 0718). */
export const linkLabel = (c: Pick<OwnerGuestComment, 'recipient' | 'linkCreatedAt'>) =>
  c.recipient ?? `Link of ${formatDayMonthYear(c.linkCreatedAt)}`;

interface LinkGroup {
  shareId: number;
  label: string;
  closed: boolean;
  revoked: boolean;
  threads: { top: OwnerGuestComment; replies: OwnerGuestComment[] }[];
}

/** The server's order (by link, then moment, replies after their thread) as groups of threads. */
export function groupByLink(comments: OwnerGuestComment[]): LinkGroup[] {
  const groups = new Map<number, LinkGroup>();
  for (const c of comments) {
    let group = groups.get(c.shareId);
    if (!group) {
      group = {
        shareId: c.shareId,
        label: linkLabel(c),
        closed: c.commentsClosed,
        revoked: c.linkRevoked,
        threads: [],
      };
      groups.set(c.shareId, group);
    }
    if (c.parentId === null) group.threads.push({ top: c, replies: [] });
    else group.threads.find((t) => t.top.id === c.parentId)?.replies.push(c);
  }
  return [...groups.values()];
}

type Mutations = ReturnType<typeof useOwnerGuestMutations>;

function CommentLine({
  comment,
  mutations,
  onSeek,
}: {
  comment: OwnerGuestComment;
  mutations: Mutations;
  onSeek?: (s: number) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={comment.hidden ? 'opacity-60' : undefined}>
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <span className="font-semibold">{comment.fromOwner ? 'You' : comment.name}</span>
        {!comment.fromOwner && (
          <span className="rounded border border-border px-1.5 text-xs text-muted-foreground">guest</span>
        )}
        {onSeek && <MomentButton at={comment.atSeconds} end={comment.endSeconds} onSeek={onSeek} />}
        {comment.hidden && <span className="text-xs text-muted-foreground">hidden from other guests</span>}
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
      <div className="mt-1 flex flex-wrap gap-1">
        {!comment.fromOwner && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={() => mutations.hide.mutate({ id: comment.id, hidden: !comment.hidden })}
          >
            {comment.hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            {comment.hidden ? 'Show' : 'Hide'}
          </Button>
        )}
        {confirming ? (
          <>
            <Button
              variant="destructive"
              size="sm"
              className="h-7 px-2"
              onClick={() => mutations.remove.mutate(comment.id)}
            >
              Delete for good
            </Button>
            <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        )}
      </div>
    </div>
  );
}

function ReplyBox({ parentId, mutations }: { parentId: number; mutations: Mutations }) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  if (!open) {
    return (
      <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  }
  const send = async () => {
    if (!content.trim()) return;
    await mutations.reply.mutateAsync({ parentId, content: content.trim() });
    setContent('');
    setOpen(false);
  };
  return (
    <div className="mt-2 flex items-end gap-2">
      <Textarea
        aria-label="Your reply to the guest"
        rows={2}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <Button size="sm" disabled={mutations.reply.isPending || !content.trim()} onClick={() => void send()}>
        Reply
      </Button>
    </div>
  );
}

/**
 * "Guests" on the owner's track page (issue 45): what the guests of each review link said, a
 * thread group per link, live (the `guestComment` event reads it again). Reply, hide, delete.
 */
export function OwnerGuestComments({ track }: { track: PlayerTrack }) {
  const { data = [] } = useOwnerGuestComments(track.id);
  const mutations = useOwnerGuestMutations(track.id);
  const seek = useSeekTo(track, [track]);
  if (data.length === 0) return null;
  return (
    <section aria-label="Guests" className="mt-6 rounded-xl border border-border bg-card p-4">
      <PanelHeading icon={Users}>Guests</PanelHeading>
      <div className="space-y-5">
        {groupByLink(data).map((group) => (
          <section key={group.shareId} aria-label={group.label}>
            <h3 className="text-sm font-semibold">
              {group.label}
              {group.revoked ? (
                <span className="ml-2 text-xs font-normal text-muted-foreground">link revoked</span>
              ) : (
                group.closed && (
                  <span className="ml-2 text-xs font-normal text-muted-foreground">commenting closed</span>
                )
              )}
            </h3>
            <ol className="mt-2 space-y-3">
              {group.threads.map(({ top, replies }) => (
                <li key={top.id} className="rounded-lg bg-muted/40 p-3">
                  <CommentLine comment={top} mutations={mutations} onSeek={seek} />
                  <ReplyList replies={replies}>
                    {(r) => <CommentLine comment={r} mutations={mutations} />}
                  </ReplyList>
                  <ReplyBox parentId={top.id} mutations={mutations} />
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}

/** The guests' open threads as markers over the owner's waveform. */
export function OwnerGuestMarkers({ track, duration }: { track: PlayerTrack; duration: number }) {
  const { data = [] } = useOwnerGuestComments(track.id);
  const seek = useSeekTo(track, [track]);
  const shown = data.filter((c) => c.parentId === null && !c.hidden);
  return <GuestCommentMarkers comments={shown} duration={duration} onSelect={seek} />;
}
