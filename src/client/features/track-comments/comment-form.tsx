import { Loader2, Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { useCollectiveMembers } from '../../entities/collective/use-collectives';
import { parseTime, showTime } from './time-input';

/** The @word being typed just before the caret, if any. */
const MENTION_AT_CARET = /(?:^|\s)@([\p{L}\p{N}_.-]*)$/u;

/**
 * A textarea that offers the collective's members as the person types `@` (usernames only: that is
 * what a mention matches, decision 0164). Enter without Shift submits.
 */
export function MentionTextarea({
  collectiveId,
  value,
  onChange,
  onSubmit,
  label,
  placeholder,
  rows = 2,
  className,
}: {
  collectiveId: number;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  label: string;
  placeholder?: string;
  rows?: number;
  className?: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const { data: members } = useCollectiveMembers(collectiveId);
  const [caret, setCaret] = useState(0);
  const query = MENTION_AT_CARET.exec(value.slice(0, caret))?.[1];
  const suggestions =
    query === undefined
      ? []
      : (members ?? [])
          .map((m) => m.user.username)
          .filter((u): u is string => !!u && u.toLowerCase().startsWith(query.toLowerCase()))
          .slice(0, 5);
  const listId = useId();

  const pick = (username: string) => {
    const before = value.slice(0, caret).replace(/@[\p{L}\p{N}_.-]*$/u, `@${username} `);
    const next = before + value.slice(caret);
    onChange(next);
    setCaret(before.length);
    requestAnimationFrame(() => ref.current?.setSelectionRange(before.length, before.length));
    ref.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Tab' && suggestions[0]) {
      e.preventDefault();
      pick(suggestions[0]);
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (suggestions[0] && query) pick(suggestions[0]);
      else onSubmit();
    }
  };

  return (
    <div className="relative flex-1">
      <Textarea
        ref={ref}
        aria-label={label}
        aria-controls={suggestions.length > 0 ? listId : undefined}
        placeholder={placeholder}
        value={value}
        maxLength={LIMITS.commentLength}
        rows={rows}
        className={className}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <ul
          id={listId}
          aria-label="Mention a member"
          className="absolute bottom-full left-0 z-30 mb-1 min-w-40 rounded-md border border-border bg-popover p-1 shadow-lg"
        >
          {suggestions.map((u) => (
            <li key={u}>
              <button
                type="button"
                className="w-full cursor-pointer rounded px-2 py-1 text-left text-sm hover:bg-accent"
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(u);
                }}
              >
                @{u}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A new thread at a moment (the player's position when this track is playing, adjustable) or on a
 * range (an end time, typed or dragged across the waveform in "Select a range" mode; decision 0162).
 */
export function NewCommentForm({
  collectiveId,
  duration,
  currentPosition,
  pending,
  onPost,
  at,
  setAt,
  end,
  setEnd,
}: {
  collectiveId: number;
  duration: number | null;
  /** The typed start (null: follow the player) and end, kept by the panel so a drag can set them. */
  at: string | null;
  setAt: (value: string | null) => void;
  end: string;
  setEnd: (value: string) => void;
  /** The player's position on this track, or null when it is not the one playing. */
  currentPosition: number | null;
  pending: boolean;
  onPost: (body: { content: string; atSeconds: number; endSeconds: number | null }) => Promise<unknown>;
}) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Until the person types a time, the field follows the player.
  const atText = at ?? showTime(currentPosition ?? 0);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const atSeconds = parseTime(atText);
    const endSeconds = end.trim() ? parseTime(end) : null;
    if (!content.trim()) return;
    if (atSeconds === null || (end.trim() && endSeconds === null))
      return setError('Times are m:ss or seconds');
    if (duration !== null && (atSeconds > duration || (endSeconds ?? 0) > duration)) {
      return setError(`Times must be within the track (0:00 to ${showTime(duration)})`);
    }
    if (endSeconds !== null && endSeconds <= atSeconds) return setError('The end must be after the start');
    setError(null);
    await onPost({ content: content.trim(), atSeconds, endSeconds });
    setContent('');
    setAt(null);
    setEnd('');
  };

  return (
    <form onSubmit={submit} aria-label="New timed comment" className="space-y-2">
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <div className="flex items-center gap-1.5">
          <span aria-hidden>At</span>
          <Input
            aria-label="Comment at"
            className="h-8 w-20"
            value={atText}
            onChange={(e) => setAt(e.target.value)}
          />
        </div>
        <div className="flex items-center gap-1.5">
          <span aria-hidden>to</span>
          <Input
            aria-label="Comment until (optional)"
            placeholder="end"
            className="h-8 w-20"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
        {at !== null && currentPosition !== null && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setAt(null)}>
            Follow the player
          </Button>
        )}
      </div>
      <div className="flex items-end gap-2">
        <MentionTextarea
          collectiveId={collectiveId}
          label="Timed comment"
          placeholder="Comment at this moment… (@ to mention)"
          value={content}
          onChange={setContent}
          onSubmit={() => void submit()}
        />
        <Button type="submit" size="icon" aria-label="Post comment" disabled={pending || !content.trim()}>
          {pending ? <Loader2 className="animate-spin" /> : <Send />}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
