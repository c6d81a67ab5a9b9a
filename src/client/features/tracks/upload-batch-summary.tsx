import { AlertCircle, CheckCircle2, ChevronRight, Loader2, X } from 'lucide-react';
import { memo } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { SimilarUploadItem } from './similar-upload-item';
import type { BatchFile, UploadBatch } from './use-track-upload';

/**
 * What became of each file of a several-file upload (decision 0055): "N of M uploaded", every failed
 * file with its reason, each upload that sounds like a take the person has with its three answers
 * (decision 0834), and the uploaded ones folded away. It stays until dismissed.
 */
export function UploadBatchSummary({
  batch,
  onDismiss,
  onSettleSimilar,
}: {
  batch: UploadBatch;
  onDismiss: () => void;
  /** A "sounds like" was answered: its line goes. */
  onSettleSimilar: (key: string) => void;
}) {
  const { total, uploaded, failed } = batch;
  const waiting = total - uploaded.length - failed.length;
  const headline = batch.single ? 'Uploaded' : `${uploaded.length} of ${total} uploaded`;

  return (
    <section
      aria-label="Upload summary"
      className={cn(
        'rounded-lg border bg-card px-3 py-2.5 text-sm',
        failed.length > 0 ? 'border-destructive/50' : 'border-border',
      )}
    >
      <div className="flex items-center gap-2">
        {waiting > 0 ? (
          <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
        ) : failed.length > 0 ? (
          <AlertCircle className="size-4 shrink-0 text-destructive" aria-hidden />
        ) : (
          <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden />
        )}
        <p role="status" className="min-w-0 flex-1 font-medium">
          {headline}
          {waiting > 0 && <span className="font-normal text-muted-foreground"> · {waiting} in progress</span>}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Dismiss upload summary"
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>

      {failed.length > 0 && (
        <ul aria-label="Failed uploads" className="mt-2 space-y-1 pl-6">
          {failed.map((file) => (
            <li key={file.key} className="min-w-0 break-words">
              <span className="font-medium">{file.fileName}</span>
              <span className="text-destructive">: {file.reason}</span>
            </li>
          ))}
        </ul>
      )}

      {batch.similar.length > 0 && (
        <ul aria-label="Uploads that sound like your takes" className="mt-2 space-y-2.5 pl-6">
          {batch.similar.map((upload) => (
            <SimilarUploadItem
              key={upload.key}
              upload={upload}
              onSettled={() => onSettleSimilar(upload.key)}
            />
          ))}
        </ul>
      )}

      {/* A one-file summary is about its "sounds like": the file is named there already. */}
      {uploaded.length > 0 && !batch.single && (
        <details className="group mt-2 pl-6">
          <summary className="flex cursor-pointer list-none items-center gap-1 text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
            {uploaded.length} uploaded
          </summary>
          <UploadedFiles files={uploaded} />
        </details>
      )}
    </section>
  );
}

/**
 * The files of the batch that are up, folded away. Drawn again only when one more lands, not on
 * each progress event of the files still going up (decision 0953).
 */
const UploadedFiles = memo(function UploadedFiles({ files }: { files: BatchFile[] }) {
  return (
    <ul aria-label="Uploaded files" className="mt-1 space-y-0.5 text-muted-foreground">
      {files.map((file) => (
        <UploadedFile key={file.key} fileName={file.fileName} />
      ))}
    </ul>
  );
});

const UploadedFile = memo(function UploadedFile({ fileName }: { fileName: string }) {
  return <li className="truncate">{fileName}</li>;
});
