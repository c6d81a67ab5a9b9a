import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { displayName } from '../../../shared/format';
import type { TrackCommentThread } from '../../../shared/schemas/track-comments';
import { MARKER_FORMAT_LABELS, MARKER_FORMATS } from '../../../shared/version-status';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';
import { Textarea } from '../../components/ui/textarea';
import { errorStatus } from '../../lib/api-error';
import { cn } from '../../lib/utils';
import { useVersionStatuses } from '../version-review';
import { showTime } from './time-input';
import { markersUrl, useTrackCommentMutations, useVersionThreads } from './use-track-comments';

const selectClass = cn(SELECT_TRIGGER_CLASS, 'h-8 py-0');
/** "0:03", or "0:03–0:05.2" for a range. */
const span = (t: TrackCommentThread) =>
  t.endSeconds === null ? showTime(t.atSeconds) : `${showTime(t.atSeconds)}–${showTime(t.endSeconds)}`;

/** The note asked for when ticking a thread off; empty is fine. */
function ResolveForm({
  label,
  pending,
  onResolve,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onResolve: (note: string) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const id = useId();
  return (
    <form
      className="mt-2 flex flex-col gap-2 pl-7"
      onSubmit={(e) => {
        e.preventDefault();
        onResolve(note.trim());
      }}
    >
      <label htmlFor={id} className="text-xs text-muted-foreground">
        Note for {label} (optional)
      </label>
      <Textarea
        id={id}
        rows={2}
        value={note}
        placeholder="Fixed in the next version: lowered the hats"
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          Resolve
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A version's to-do list (issue 44): its open threads in time order, each ticked off (with an
 * optional note) by the track's owner; filtered by collective and by person; its markers for a DAW.
 */
export function VersionTodo({
  collectiveId,
  trackId,
  version,
  ownsTrack,
  onSeek,
}: {
  collectiveId: number;
  trackId: number;
  version: number;
  ownsTrack: boolean;
  onSeek: (seconds: number) => void;
}) {
  const [shown, setShown] = useState(collectiveId);
  const [person, setPerson] = useState('');
  const [resolving, setResolving] = useState<number | null>(null);
  const statuses = useVersionStatuses(trackId, version);
  const threads = useVersionThreads(shown, trackId, version);
  const mutations = useTrackCommentMutations(shown, trackId);
  const collectives = (statuses.data?.statuses ?? []).filter((s) => s.collectiveId !== null);
  const open = (threads.data ?? []).filter((t) => !t.resolved);
  const people = [...new Map(open.map((t) => [t.userId, displayName(t.user)])).entries()];
  const listed = person ? open.filter((t) => t.userId === person) : open;
  const describe = (t: TrackCommentThread) => `${displayName(t.user)} at ${showTime(t.atSeconds)}`;

  return (
    <section aria-label={`To do on version ${version}`} data-testid="version-todo">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {collectives.length > 1 && (
          <select
            aria-label="Collective"
            className={selectClass}
            value={shown}
            onChange={(e) => {
              setShown(Number(e.target.value));
              setPerson('');
            }}
          >
            {collectives.map((c) => (
              <option key={c.collectiveId} value={c.collectiveId!}>
                {c.collectiveName}
              </option>
            ))}
          </select>
        )}
        <select
          aria-label="Person"
          className={selectClass}
          value={person}
          onChange={(e) => setPerson(e.target.value)}
        >
          <option value="">Everyone</option>
          {people.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" className="h-8">
              <Download className="size-3.5" aria-hidden /> Export markers
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {MARKER_FORMATS.map((format) => (
              <DropdownMenuItem key={format} asChild>
                <a href={markersUrl(shown, trackId, version, format)} download>
                  {MARKER_FORMAT_LABELS[format]}
                </a>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {threads.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
      {threads.isError &&
        (errorStatus(threads.error) === 404 ? (
          <p className="text-sm text-muted-foreground">Only this collective's members read its comments.</p>
        ) : (
          // Reads are not retried by themselves (lib/query-client.ts): a failed one is offered again (0929).
          <p role="alert" className="flex items-center gap-2 text-sm text-muted-foreground">
            Could not load the open threads.
            <Button variant="outline" size="sm" className="h-8" onClick={() => void threads.refetch()}>
              Try again
            </Button>
          </p>
        ))}
      {threads.data && listed.length === 0 && (
        <p className="text-sm text-muted-foreground">Nothing left to do on version {version}.</p>
      )}
      <ol aria-label="Open threads" className="space-y-2">
        {listed.map((t) => (
          <li key={t.id} data-testid="todo-item" className="rounded-md border border-border p-2 text-sm">
            <div className="flex items-start gap-2">
              {ownsTrack && (
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  aria-label={`Resolve ${describe(t)}`}
                  checked={resolving === t.id}
                  onChange={(e) => setResolving(e.target.checked ? t.id : null)}
                />
              )}
              <button
                type="button"
                className="shrink-0 rounded bg-primary/15 px-1.5 font-mono text-xs text-primary tabular-nums hover:bg-primary/25"
                // The name holds the visible text, a range's end too (WCAG 2.5.3).
                aria-label={`Play from ${span(t)}`}
                onClick={() => onSeek(t.atSeconds)}
              >
                {span(t)}
              </button>
              <p className="min-w-0 flex-1 break-words">
                <span className="font-semibold">{displayName(t.user)}</span>
                {t.carriedFrom !== null && (
                  <span className="ml-1 text-xs text-muted-foreground">from v{t.carriedFrom}</span>
                )}{' '}
                {t.content}
              </p>
            </div>
            {resolving === t.id && (
              <ResolveForm
                label={describe(t)}
                pending={mutations.resolve.isPending}
                onCancel={() => setResolving(null)}
                onResolve={(note) =>
                  mutations.resolve.mutate(
                    { id: t.id, resolved: true, note: note || undefined },
                    { onSuccess: () => setResolving(null) },
                  )
                }
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
