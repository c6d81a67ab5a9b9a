import type { ReactNode } from 'react';
import { formatCommentTime } from '../../shared/format';
import { cn } from '../lib/utils';
import type { VirtualItemProps } from './virtual-list';

/**
 * One comment of a list: avatar, author, when and what. Each feature names the author by its own
 * rule (spec section 3 for equipment, decision 0016 for collectives) and brings its own avatar.
 */
export function CommentItem({
  avatar,
  author,
  createdAt,
  content,
  className,
  contentClassName,
  itemProps,
  footer,
}: {
  avatar: ReactNode;
  author: string;
  createdAt: string;
  content: string;
  /** Corners and padding of the card. */
  className?: string;
  /** How the content's white space is kept. */
  contentClassName?: string;
  /** Set by a virtualized list (decision 0072). */
  itemProps?: VirtualItemProps;
  /** Below the words: a moderator's mark, a Report button. */
  footer?: ReactNode;
}) {
  return (
    <li {...itemProps} className={cn('flex gap-3 border border-border bg-card/60', className)}>
      {avatar}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{author}</span>
          <time dateTime={createdAt} className="text-xs text-muted-foreground">
            {formatCommentTime(createdAt)}
          </time>
        </p>
        <p className={cn('mt-1 text-sm break-words', contentClassName)}>{content}</p>
        {footer}
      </div>
    </li>
  );
}
