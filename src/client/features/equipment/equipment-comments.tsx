import { Loader2, MessageSquare, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { EquipmentComment } from '../../../shared/schemas/tracks';
import { CommentItem } from '../../components/comment-item';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { type VirtualItemProps, VirtualList } from '../../components/virtual-list';
import { useAuth } from '../../entities/user/use-auth';
import { initial } from '../../lib/utils';
import { CommentReportFooter } from '../reports';
import { useAddEquipmentComment, useEquipmentComments } from './use-equipment-page';

/** Spec section 3: comments show their author as first plus last name; the username stands in. */
export function commentAuthor(user: EquipmentComment['user']): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username?.trim() || 'Unknown User';
}

function EquipmentCommentItem({
  comment,
  itemProps,
}: {
  itemProps?: VirtualItemProps;
  comment: EquipmentComment;
}) {
  const author = commentAuthor(comment.user);
  const { user } = useAuth();
  return (
    <CommentItem
      footer={
        <CommentReportFooter
          target={{ kind: 'equipmentComment', id: comment.id }}
          mine={user?.id === comment.userId}
          hidden={comment.hidden}
        />
      }
      avatar={
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold"
        >
          {initial(author)}
        </span>
      }
      author={author}
      itemProps={itemProps}
      createdAt={comment.createdAt}
      content={comment.content}
      className="rounded-xl p-4"
      contentClassName="whitespace-pre-line"
    />
  );
}

/**
 * The Comments tab (spec sections 2 and 5): Post Comment stays disabled while the text is empty or
 * only spaces; comments are listed newest first; each but one's own can be reported (decision 0580).
 */
export function EquipmentComments({ equipmentId }: { equipmentId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const comments = useEquipmentComments(equipmentId);
  const add = useAddEquipmentComment(equipmentId);
  const content = text.trim();

  const post = () => {
    if (!content || add.isPending) return;
    add.mutate(content, { onSuccess: () => setText('') });
  };

  return (
    <div className="grid gap-6">
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          post();
        }}
      >
        <Label htmlFor={id} className="sr-only">
          Add a comment
        </Label>
        <Textarea
          id={id}
          rows={3}
          maxLength={LIMITS.commentLength}
          placeholder="Share a tip, a patch idea or a question about this gear..."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className="justify-self-end" disabled={!content || add.isPending}>
          {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          Post Comment
        </Button>
      </form>

      {comments.isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading comments...
        </p>
      ) : comments.isError ? (
        <p className="text-sm text-muted-foreground">Could not load comments.</p>
      ) : comments.data?.length ? (
        <VirtualList
          aria-label="Comments"
          className="grid gap-3"
          items={comments.data}
          estimateSize={82}
          gap={12}
          renderItem={(comment, props) => (
            <EquipmentCommentItem key={comment.id} comment={comment} itemProps={props} />
          )}
        />
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MessageSquare className="size-4" aria-hidden />
          No comments yet. Be the first to comment!
        </p>
      )}
    </div>
  );
}
