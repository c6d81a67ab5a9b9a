import { displayName } from '../../../shared/format';
import type { TrackCommentThread } from '../../../shared/schemas/track-comments';
import { UserAvatar } from '../../components/collective-avatar';
import { cn } from '../../lib/utils';
import { showTime } from './time-input';

/**
 * The open threads of a track as markers over its waveform (issue 14): the author's avatar at the
 * moment, a band under a range; hovering shows the comment, a click seeks there and plays.
 * Laid over a `relative` parent; resolved threads fold away here too.
 */
export function CommentMarkers({
  threads,
  duration,
  onSelect,
  size = 'md',
}: {
  threads: TrackCommentThread[];
  duration: number;
  onSelect: (thread: TrackCommentThread) => void;
  size?: 'sm' | 'md';
}) {
  if (duration <= 0) return null;
  const pct = (s: number) => `${Math.min(100, Math.max(0, (s / duration) * 100))}%`;
  return (
    <div data-testid="comment-markers" className="pointer-events-none absolute inset-0">
      {threads
        .filter((t) => !t.resolved)
        .map((t) => {
          const who = displayName(t.user);
          const label = `${who} at ${showTime(t.atSeconds)}: ${t.content}`;
          return (
            <div key={t.id}>
              {t.endSeconds !== null && (
                <span
                  aria-hidden
                  className="absolute bottom-0 h-1 rounded-full bg-amber-400/70"
                  style={{
                    left: pct(t.atSeconds),
                    width: `calc(${pct(t.endSeconds)} - ${pct(t.atSeconds)})`,
                  }}
                />
              )}
              <button
                type="button"
                data-testid="comment-marker"
                data-at={t.atSeconds}
                aria-label={label}
                title={label}
                onClick={() => onSelect(t)}
                className={cn(
                  'group pointer-events-auto absolute -translate-x-1/2 cursor-pointer rounded-full ring-2 ring-background focus-visible:outline-none focus-visible:ring-ring',
                  size === 'sm' ? '-top-2' : '-bottom-3',
                )}
                style={{ left: pct(t.atSeconds) }}
              >
                <UserAvatar
                  name={who}
                  avatarUrl={t.user.avatarUrl}
                  version={t.user.updatedAt}
                  className={size === 'sm' ? 'size-4 text-[8px]' : 'size-6 text-[10px]'}
                />
                <span
                  role="tooltip"
                  className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-1 hidden w-max max-w-64 -translate-x-1/2 rounded-md border border-border bg-popover px-2 py-1 text-left text-xs text-popover-foreground shadow-lg group-hover:block group-focus-visible:block"
                >
                  <span className="font-semibold">{who}</span> · {showTime(t.atSeconds)}
                  {t.endSeconds !== null && `–${showTime(t.endSeconds)}`}
                  <span className="block break-words whitespace-pre-line">{t.content}</span>
                </span>
              </button>
            </div>
          );
        })}
    </div>
  );
}
