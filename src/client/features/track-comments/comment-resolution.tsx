import { Check } from 'lucide-react';
import { displayName } from '../../../shared/format';
import type { TrackComment } from '../../../shared/schemas/track-comments';

/** Who resolved the thread and their note ("fixed in v3: lowered the hats", issue 44). */
export function Resolution({ thread }: { thread: TrackComment }) {
  if (!thread.resolved) return null;
  return (
    <p data-testid="comment-resolution" className="mt-1 flex gap-1 pl-9 text-xs text-muted-foreground">
      <Check className="mt-0.5 size-3 shrink-0" aria-hidden />
      <span className="break-words whitespace-pre-line">
        Resolved{thread.resolvedBy ? ` by ${displayName(thread.resolvedBy)}` : ''}
        {thread.resolutionNote ? `: ${thread.resolutionNote}` : ''}
      </span>
    </p>
  );
}
