import { Download, FileArchive, Loader2, RotateCcw } from 'lucide-react';
import { formatDate, formatFileSize } from '../../../shared/format';
import type { UserExport } from '../../../shared/schemas/exports';
import { Button } from '../../components/ui/button';
import { AccountCard } from './account-card';
import { useExports, useRequestExport } from './use-exports';

function Latest({ item }: { item: UserExport }) {
  switch (item.state) {
    case 'queued':
    case 'running':
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Preparing your data… You will be notified when it is ready.
        </p>
      );
    case 'ready':
      return (
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild>
            <a href={item.downloadUrl ?? undefined} download>
              <Download aria-hidden />
              Download ({formatFileSize(item.size)})
            </a>
          </Button>
          <p className="text-xs text-muted-foreground">Available until {formatDate(item.expiresAt)}</p>
        </div>
      );
    case 'failed':
      return <p className="text-sm text-destructive">{item.error ?? 'The export failed.'}</p>;
  }
}

/**
 * "Your data" on the own profile (issue 27, decision 0415): ask for a zip of everything (originals,
 * notes, tags, playlists, comments…), see it being prepared, download it for 7 days.
 */
export function DataExportSection() {
  const exports = useExports();
  const request = useRequestExport();
  const latest = exports.data?.[0];
  const busy = latest?.state === 'queued' || latest?.state === 'running';
  return (
    <AccountCard
      icon={FileArchive}
      title="Your data"
      description="A zip of everything you put into Journal: originals, notes, tags, playlists, comments. Kept 7 days."
      action={
        !busy && (
          <Button
            variant="outline"
            disabled={!exports.data || request.isPending}
            onClick={() => request.mutate()}
          >
            {latest?.state === 'failed' ? <RotateCcw aria-hidden /> : <Download aria-hidden />}
            {latest?.state === 'failed'
              ? 'Try again'
              : latest?.state === 'ready'
                ? 'Prepare a new copy'
                : 'Download my data'}
          </Button>
        )
      }
    >
      {exports.isError ? (
        <p className="text-sm text-destructive">Could not load your exports.</p>
      ) : !exports.data ? (
        <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />
      ) : latest ? (
        <Latest item={latest} />
      ) : (
        <p className="text-sm text-muted-foreground">No export yet.</p>
      )}
    </AccountCard>
  );
}
