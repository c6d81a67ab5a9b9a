import { Heart } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { useIsLiked, useToggleLike } from './use-likes';

/**
 * The heart of a track (issue 26, decision 0390): a toggle named "Like", pressed when liked, in the
 * size of the rows' other icon buttons (44 px on touch screens, index.css). The name stays "Like"
 * whatever the state, as a toggle's does; aria-pressed says which.
 */
export function LikeButton({ trackId, className }: { trackId: number; className?: string }) {
  const liked = useIsLiked(trackId);
  const toggle = useToggleLike();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Like"
      aria-pressed={liked}
      data-liked={liked || undefined}
      onClick={() => toggle.mutate({ trackId, like: !liked })}
      className={cn('size-8 text-muted-foreground hover:text-primary', liked && 'text-primary', className)}
    >
      <Heart className={cn(liked && 'fill-current')} aria-hidden />
    </Button>
  );
}
