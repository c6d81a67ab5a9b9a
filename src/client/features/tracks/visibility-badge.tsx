import { Globe, Lock } from 'lucide-react';
import type { TrackVisibility } from '../../../shared/schemas/tracks';
import { cn } from '../../lib/utils';

export const VISIBILITY_LABEL: Record<TrackVisibility, string> = {
  private: 'Private: not on your profile, and the link opens only for people who can already see it',
  public: 'Public: on your public profile, and anyone with the link can open it',
};

/** A small icon beside an owner's track title: a lock when private, a globe when public (decision 0140). */
export function VisibilityBadge({
  visibility,
  className,
}: {
  visibility: TrackVisibility | undefined;
  className?: string;
}) {
  if (!visibility) return null;
  const Icon = visibility === 'public' ? Globe : Lock;
  return (
    <span
      data-testid="visibility-badge"
      data-visibility={visibility}
      title={VISIBILITY_LABEL[visibility]}
      className={cn('inline-flex shrink-0 items-center text-muted-foreground', className)}
    >
      <Icon className="size-3.5" aria-hidden />
      <span className="sr-only">{visibility === 'public' ? 'Public' : 'Private'}</span>
    </span>
  );
}
