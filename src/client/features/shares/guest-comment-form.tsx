import { Loader2, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { GUEST_NAME_MAX } from '../../../shared/schemas/guest-comments';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { parseTime, showTime } from '../track-comments';
import type { NewGuestComment } from './use-guest-comments';

/**
 * The guest's name: asked the first time, then remembered by the link's cookie (the server says
 * it); "Change" asks again. Controlled by the form that posts it.
 */
function NameField({
  known,
  value,
  onChange,
}: {
  known: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  if (known !== null && !editing) {
    return (
      <p className="text-sm text-muted-foreground">
        Commenting as <span className="font-semibold text-foreground">{known}</span>{' '}
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => {
            onChange(known);
            setEditing(true);
          }}
        >
          Change name
        </Button>
      </p>
    );
  }
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0">
        Your name
      </label>
      <Input
        id={id}
        className="h-8 max-w-56"
        value={value}
        maxLength={GUEST_NAME_MAX}
        autoComplete="name"
        placeholder="Shown with your comments"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * A new comment (a moment, or a range with an end) or, with `parentId`, a reply. The moment follows
 * the player on this track until the guest types one.
 */
export function GuestCommentForm({
  knownName,
  duration,
  currentPosition,
  pending,
  onPost,
  parentId,
  onDone,
}: {
  knownName: string | null;
  duration: number | null;
  currentPosition: number | null;
  pending: boolean;
  onPost: (body: NewGuestComment) => Promise<unknown>;
  parentId?: number;
  onDone?: () => void;
}) {
  const [name, setName] = useState(knownName ?? '');
  const [at, setAt] = useState<string | null>(null);
  const [end, setEnd] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const atText = at ?? showTime(currentPosition ?? 0);
  const reply = parentId !== undefined;
  const who = name.trim() || knownName || '';

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!content.trim()) return;
    if (!who) return setError('Give your name first: it is shown with your comment');
    const body: NewGuestComment = { name: who, content: content.trim() };
    if (reply) {
      body.parentId = parentId;
    } else {
      const atSeconds = parseTime(atText);
      const endSeconds = end.trim() ? parseTime(end) : null;
      if (atSeconds === null || (end.trim() && endSeconds === null))
        return setError('Times are m:ss or seconds');
      if (duration !== null && (atSeconds > duration || (endSeconds ?? 0) > duration))
        return setError(`Times must be within the track (0:00 to ${showTime(duration)})`);
      if (endSeconds !== null && endSeconds <= atSeconds) return setError('The end must be after the start');
      Object.assign(body, { atSeconds, endSeconds });
    }
    setError(null);
    await onPost(body);
    setContent('');
    setAt(null);
    setEnd('');
    onDone?.();
  };

  return (
    <form onSubmit={submit} aria-label={reply ? 'Reply' : 'New comment'} className="space-y-2">
      {/* Keyed by the known name: once the server knows it (or a new one), the field folds away. */}
      <NameField key={knownName ?? ''} known={knownName} value={name} onChange={setName} />
      {!reply && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span aria-hidden>At</span>
          <Input
            aria-label="Comment at"
            className="h-8 w-20"
            value={atText}
            onChange={(e) => setAt(e.target.value)}
          />
          <span aria-hidden>to</span>
          <Input
            aria-label="Comment until (optional)"
            placeholder="end"
            className="h-8 w-20"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
          {at !== null && currentPosition !== null && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setAt(null)}>
              Follow the player
            </Button>
          )}
        </div>
      )}
      <div className="flex items-end gap-2">
        <Textarea
          aria-label={reply ? 'Your reply' : 'Your comment'}
          placeholder={reply ? 'Reply…' : 'What do you hear at this moment?'}
          value={content}
          maxLength={LIMITS.commentLength}
          rows={2}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="submit" disabled={pending || !content.trim()}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {reply ? 'Reply' : `Add a comment at ${atText}`}
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
