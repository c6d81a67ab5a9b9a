import { CircleAlert, CircleCheck, FileUp, Loader2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { formatDate } from '../../../shared/format';
import type { UserImport } from '../../../shared/schemas/imports';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { errorMessage } from '../../lib/api-client';
import { AccountCard } from './account-card';
import { importFailure, importProgressText, importSummary, refusedLines } from './import-summary';
import { importRunning, useImports, useStartImport } from './use-imports';

/** Earlier imports listed under the latest one: enough to see that a second try was skipped. */
const EARLIER_SHOWN = 3;

/** An ended import's outcome under the file it came from and when it ended. */
function Ended({ item, children }: { item: UserImport; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <p className="truncate text-xs text-muted-foreground">
        {item.fileName} · {formatDate(item.finishedAt ?? item.createdAt)}
      </p>
      {children}
    </div>
  );
}

/** The import the server holds: waiting, its bar, then what it did or why it failed. */
function LatestImport({ item }: { item: UserImport }) {
  switch (item.state) {
    case 'queued':
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {item.fileName}: waiting to start…
        </p>
      );
    case 'running': {
      const percent = item.total > 0 ? (item.processed / item.total) * 100 : 0;
      const text = importProgressText(item);
      return (
        <div className="space-y-1.5">
          <div className="flex items-center justify-between gap-2 text-xs">
            <span className="truncate font-medium">Importing {item.fileName}</span>
            <span aria-hidden className="shrink-0 text-muted-foreground tabular-nums">
              {text}
            </span>
          </div>
          {/* The bar counts tracks, not percent: a screen reader hears "3 of 12 tracks". */}
          <Progress
            value={percent}
            aria-label={`Importing ${item.fileName}`}
            aria-valuemax={item.total}
            aria-valuenow={item.processed}
            aria-valuetext={text}
          />
        </div>
      );
    }
    case 'done':
      return (
        <Ended item={item}>
          <p className="flex items-start gap-2 text-sm">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>{importSummary(item)}</span>
          </p>
          {item.refused.length > 0 && (
            <ul aria-label="Not imported" className="space-y-0.5 pl-6 text-xs text-muted-foreground">
              {refusedLines(item.refused).map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </Ended>
      );
    case 'failed':
      return (
        <Ended item={item}>
          <p className="flex items-start gap-2 text-sm text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{importFailure(item)}</span>
          </p>
        </Ended>
      );
  }
}

const earlierLine = (item: UserImport) =>
  item.state === 'done'
    ? importSummary(item)
    : item.state === 'failed'
      ? `Failed: ${importFailure(item)}`
      : 'In progress';

/**
 * "Import a Journal export" on the own profile (issue 27, decision 0426): choose a zip, watch it go
 * up (the tracks' XHR upload and bar), then the server's import move through its tracks (live
 * event, and a poll while it runs), then what it made or why it refused. One at a time: the button
 * waits while an import is uploading, queued or running.
 */
export function DataImportSection() {
  const imports = useImports();
  const start = useStartImport();
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLDivElement>(null);
  const [latest, ...earlier] = imports.data ?? [];
  const busy = start.isPending || importRunning(latest);
  const file = start.variables;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    start.mutate(chosen);
    // The button is disabled now: focus moves to what happens next rather than to the page.
    status.current?.focus();
  };

  return (
    <AccountCard
      icon={FileUp}
      title="Import a Journal export"
      description="Bring back the tracks, versions, notes, equipment tags and playlists from a Journal export zip; tracks you already have are skipped."
      action={
        <>
          <Button variant="outline" disabled={!imports.data || busy} onClick={() => input.current?.click()}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
            {busy ? 'Importing…' : 'Choose a zip'}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".zip,application/zip,application/x-zip-compressed"
            aria-label="Journal export zip"
            data-testid="import-file-input"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Cleared so choosing the same zip again (after a refusal) still fires change.
              event.target.value = '';
              choose(chosen);
            }}
          />
        </>
      }
    >
      {/* Polite: a screen reader hears each step once; the numbers it reads from the bars instead. */}
      <div ref={status} tabIndex={-1} aria-live="polite" className="space-y-3 outline-none">
        {start.isPending && file ? (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between gap-2 text-xs">
              <span className="truncate font-medium">Uploading {file.name}</span>
              <span
                aria-hidden={start.progress < 100}
                className="shrink-0 text-muted-foreground tabular-nums"
              >
                {start.progress < 100 ? `${start.progress}%` : 'Checking the archive…'}
              </span>
            </div>
            <Progress value={start.progress} aria-label={`Uploading ${file.name}`} />
          </div>
        ) : start.isError ? (
          <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{errorMessage(start.error, 'The upload failed. Please try again.')}</span>
          </p>
        ) : null}
        {imports.isError ? (
          <p className="text-sm text-destructive">Could not load your imports.</p>
        ) : !imports.data ? (
          <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />
        ) : latest ? (
          !start.isPending && <LatestImport item={latest} />
        ) : (
          !start.isPending &&
          !start.isError && <p className="text-sm text-muted-foreground">No import yet.</p>
        )}
      </div>
      {earlier.length > 0 && (
        <div className="mt-4 border-t border-border pt-3">
          <h3 className="text-xs font-medium text-muted-foreground">Earlier imports</h3>
          <ul className="mt-2 space-y-1.5 text-xs">
            {earlier.slice(0, EARLIER_SHOWN).map((item) => (
              <li key={item.id} className="flex flex-wrap gap-x-2">
                <span className="max-w-full truncate font-medium">{item.fileName}</span>
                <span className="text-muted-foreground">{formatDate(item.createdAt)}</span>
                <span className={item.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
                  {earlierLine(item)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </AccountCard>
  );
}
