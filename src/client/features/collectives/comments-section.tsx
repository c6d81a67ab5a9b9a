import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, MessageSquare, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { displayName } from '../../../shared/format';
import type { CollectiveComment } from '../../../shared/schemas/collectives';
import { UserAvatar } from '../../components/collective-avatar';
import { CommentItem } from '../../components/comment-item';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { type VirtualItemProps, VirtualList } from '../../components/virtual-list';
import { commentsKey, useComments } from '../../entities/collective/use-collectives';
import { useAuth } from '../../entities/user/use-auth';
import { apiRequest } from '../../lib/api-client';
import { CommentReportFooter } from '../reports';
import { MentionTextarea } from '../track-comments';

/** Comments show people as @username (usernames are unique, decision 0016), else their display name. */
export function commentAuthor(user: CollectiveComment['user']): string {
  return user.username?.trim() ? `@${user.username.trim()}` : displayName(user);
}

function useAddComment(collectiveId: number, playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (await (
        await apiRequest('POST', `/api/collectives/${collectiveId}/playlists/${playlistId}/comments`, {
          content,
        })
      ).json()) as CollectiveComment,
    onSuccess: (comment) => {
      // Newest first: the new comment goes on top, then the list is read again for anyone else's.
      queryClient.setQueryData<CollectiveComment[]>(commentsKey(collectiveId, playlistId), (list) => [
        comment,
        ...(list ?? []).filter((c) => c.id !== comment.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: commentsKey(collectiveId, playlistId) });
      toast({ title: 'Comment added' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to add comment' });
    },
  });
}

function CollectiveCommentItem({
  comment,
  itemProps,
}: {
  itemProps?: VirtualItemProps;
  comment: CollectiveComment;
}) {
  const { user } = useAuth();
  const mine = user?.id === comment.userId;
  return (
    <CommentItem
      footer={
        <CommentReportFooter
          target={{ kind: 'playlistComment', id: comment.id }}
          mine={mine}
          hidden={comment.hidden}
        />
      }
      avatar={
        <UserAvatar
          name={displayName(comment.user)}
          avatarUrl={comment.user.avatarUrl}
          version={comment.user.updatedAt}
          className="size-8"
        />
      }
      author={commentAuthor(comment.user)}
      itemProps={itemProps}
      createdAt={comment.createdAt}
      content={comment.content}
      className="rounded-lg p-3"
      contentClassName="whitespace-pre-wrap"
    />
  );
}

/**
 * The Comments of a playlist shared into a collective (spec section 2): an add-comment box and the
 * comments, newest first. Empty or whitespace-only text is ignored (spec section 5); Enter without
 * Shift sends, Shift+Enter starts a new line; `@` offers the members, as on tracks (decision 0300).
 */
export function CommentsSection({ collectiveId, playlistId }: { collectiveId: number; playlistId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const { data: comments, isLoading, isError } = useComments(collectiveId, playlistId);
  const add = useAddComment(collectiveId, playlistId);
  const content = text.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!content || add.isPending) return;
    add.mutate(content, { onSuccess: () => setText('') });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <MessageSquare className="size-5 text-muted-foreground" aria-hidden />
        Comments
        {comments && comments.length > 0 && (
          <span className="text-sm font-normal text-muted-foreground">({comments.length})</span>
        )}
      </h2>
      <form onSubmit={submit} className="mb-5 flex items-end gap-2">
        <MentionTextarea
          collectiveId={collectiveId}
          label="Add a comment"
          placeholder="Add a comment..."
          rows={1}
          value={text}
          onChange={setText}
          onSubmit={submit}
          className="min-h-10 resize-none"
        />
        <Button type="submit" aria-label="Post comment" disabled={!content || add.isPending} className="h-10">
          {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          <span className="hidden sm:inline">Post</span>
        </Button>
      </form>
      {isLoading ? (
        <p className="text-sm text-muted-foreground">Loading comments...</p>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">Comments could not be loaded.</p>
      ) : !comments?.length ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          No comments yet. Be the first to comment!
        </p>
      ) : (
        <VirtualList
          ordered
          aria-label="Comments"
          className="flex flex-col gap-2"
          items={comments}
          estimateSize={74}
          gap={8}
          renderItem={(comment, props) => (
            <CollectiveCommentItem key={comment.id} comment={comment} itemProps={props} />
          )}
        />
      )}
    </section>
  );
}
