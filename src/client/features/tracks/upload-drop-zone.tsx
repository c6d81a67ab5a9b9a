import { FileAudio, Upload } from 'lucide-react';
import { type DragEvent, memo, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { lazyDialog } from '../../lib/lazy-dialog';
import { cn } from '../../lib/utils';
import { UploadDropOverlay } from './upload-drop-overlay';
import { UploadServerWait, useServerPause } from './upload-server-wait';
import { type PendingUpload, useTrackUpload } from './use-track-upload';
import { carriesFiles, useWindowFileDrop } from './use-window-file-drop';

const DuplicateTrackDialog = lazyDialog(() =>
  import('./duplicate-track-dialog').then((m) => m.DuplicateTrackDialog),
);
/** Shown only after a batch of uploads: loaded then, like the dialogs (first-route budget). */
const UploadBatchSummary = lazyDialog(() =>
  import('./upload-batch-summary').then((m) => m.UploadBatchSummary),
);

/**
 * The files on their way up drawn one row each; the rest (a dropped folder) are a count. The queue
 * sends them in order, so the rows are those going up now and the next ones (decision 0953).
 */
export const PENDING_ROWS_SHOWN = 8;

const FORMATS = 'Supports MP3, WAV, M4A formats, multiple files';
/** Decision 0140: new uploads are private; the person learns it before choosing files. */
export const PRIVATE_NOTE =
  'New tracks are private: only you see them until you make them public in Edit Track.';

/**
 * Drop zone and file picker for new tracks, with a progress bar per file (spec section 2, Journal)
 * and, for several files at once, a summary of their outcomes that stays until dismissed.
 * `compact`: one line with the same texts and picker, for a journal that already holds tracks;
 * `windowDrop`: the whole window takes dropped files, under an overlay while they are dragged
 * (decision 0310). Every way in (picker, zone, window) goes through the one `uploadFiles`.
 */
export function UploadDropZone({
  className,
  compact = false,
  windowDrop = false,
}: {
  className?: string;
  compact?: boolean;
  windowDrop?: boolean;
}) {
  const { uploads, batches, uploadFiles, dismissBatch, settleSimilar, duplicateQuestion } = useTrackUpload();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const windowDragging = useWindowFileDrop(uploadFiles, windowDrop);
  const resumesAt = useServerPause();
  const formatsId = useId();
  const privateId = useId();

  const onDrop = (event: DragEvent) => {
    // Handled here: the window's listener sees defaultPrevented and does not upload them again.
    event.preventDefault();
    setDragging(false);
    void uploadFiles(Array.from(event.dataTransfer.files));
  };

  const browse = (
    <Button
      variant="outline"
      size={compact ? 'sm' : 'default'}
      aria-describedby={`${formatsId} ${privateId}`}
      onClick={() => input.current?.click()}
    >
      Browse Files
    </Button>
  );

  return (
    <div className={cn('space-y-3', className)}>
      <section
        aria-label="Drop zone"
        data-testid="upload-drop-zone"
        data-variant={compact ? 'compact' : 'full'}
        onDragOver={(event) => {
          // Text and links dragged over it are not uploads: left to the browser, no highlight.
          if (!carriesFiles(event.nativeEvent)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'border-2 border-dashed transition-colors',
          compact
            ? 'flex min-h-14 items-center gap-3 rounded-lg py-2 pr-2 pl-3'
            : 'flex flex-col items-center justify-center gap-3 rounded-xl px-6 py-8 text-center',
          dragging ? 'border-primary bg-primary/10' : 'border-border bg-card/40',
        )}
      >
        {compact ? (
          <>
            <Upload className="size-5 shrink-0 text-primary" aria-hidden />
            <p className="min-w-0 flex-1 truncate text-sm">
              <span className="font-medium">Drop your tracks here</span>
              <span className="hidden text-muted-foreground md:inline">
                <span aria-hidden> · </span>
                <span id={formatsId}>{FORMATS}</span>
              </span>
            </p>
            {/* No room on one line: the note is the button's description, and the overlay shows it. */}
            <span id={privateId} hidden>
              {PRIVATE_NOTE}
            </span>
            {browse}
          </>
        ) : (
          <>
            <div className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
              <Upload className="size-6" aria-hidden />
            </div>
            <div>
              <p className="font-medium">Drop your tracks here</p>
              <p id={formatsId} className="mt-1 text-sm text-muted-foreground">
                {FORMATS}
              </p>
              <p
                id={privateId}
                className="mt-1 text-xs text-muted-foreground"
                data-testid="upload-private-note"
              >
                {PRIVATE_NOTE}
              </p>
            </div>
            {browse}
          </>
        )}
        <input
          ref={input}
          type="file"
          accept="audio/*"
          multiple
          hidden
          data-testid="track-file-input"
          aria-label="Choose audio files"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Clear it so choosing the same file again still fires change.
            event.target.value = '';
            void uploadFiles(files);
          }}
        />
      </section>

      {uploads.length > 0 && <UploadServerWait resumesAt={resumesAt} />}

      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.slice(0, PENDING_ROWS_SHOWN).map((upload) => (
            <PendingUploadRow key={upload.key} upload={upload} serverPaused={resumesAt !== null} />
          ))}
          {uploads.length > PENDING_ROWS_SHOWN && (
            <li className="px-3 text-xs text-muted-foreground">
              {uploads.length - PENDING_ROWS_SHOWN} more queued
            </li>
          )}
        </ul>
      )}

      {windowDragging && <UploadDropOverlay note={PRIVATE_NOTE} />}

      <DuplicateTrackDialog question={duplicateQuestion} open={duplicateQuestion !== undefined} />

      {batches.map((batch) => (
        <UploadBatchSummary
          key={batch.id}
          open
          batch={batch}
          onDismiss={() => dismissBatch(batch.id)}
          onSettleSimilar={(key) => settleSimilar(batch.id, key)}
        />
      ))}
    </div>
  );
}

/**
 * One file on its way up. Drawn again only when its own upload changes: a drop of 1,000 files
 * updates the list on every progress event of every file, and drawing each row each time made the
 * page's work grow with the square of the files (decision 0953).
 */
const PendingUploadRow = memo(function PendingUploadRow({
  upload,
  serverPaused,
}: {
  upload: PendingUpload;
  serverPaused: boolean;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border bg-card px-3 py-2">
      <FileAudio className="size-4 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="truncate font-medium">{upload.fileName}</span>
          <span className="shrink-0 text-muted-foreground tabular-nums">
            {progressLabel(upload, serverPaused)}
          </span>
        </div>
        <Progress value={upload.progress} aria-label={`Uploading ${upload.fileName}`} />
      </div>
    </li>
  );
});

/**
 * What a file's bar says (decision 0565): never a bare 0 % that could mean a stall. A file waits
 * its turn in the pool, or for the server while the queue is paused, or shows how far it got.
 */
function progressLabel(upload: PendingUpload, serverPaused: boolean): string {
  if (!upload.started) return 'Queued';
  if (serverPaused && upload.progress === 0) return 'Waiting';
  return upload.progress < 100 ? `${upload.progress}%` : 'Processing...';
}
