import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, GitCompareArrows, History, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatFileSize } from '../../../shared/format';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { useCompare } from '../compare';
import { TakeLoudness } from './take-loudness';

/** Under ['/api/tracks', id] so refreshing the track (a new version, a delete) refreshes it too. */
export const trackVersionsKey = (trackId: number | string) => ['/api/tracks', String(trackId), 'versions'];
const versionOriginalUrl = (trackId: number, version: number) =>
  `/api/tracks/${trackId}/versions/${version}/original`;

/**
 * The owner's versions of a track on its page (decisions 0220, 0430), newest first: each with its
 * note, file name, date and size; an earlier version whose original is kept offers "Download" and
 * "Delete file" (to free room: the version stays in the list, without its file). Loaded apart from
 * the page's first paint, only for the owner of a track that has more than one version (and hidden
 * when the list holds no earlier one).
 */
export function TrackVersionsList({
  trackId,
  current,
  name,
}: {
  trackId: number;
  current: number;
  /** The track's name, for the comparison's heading. */
  name: string;
}) {
  const queryClient = useQueryClient();
  const compare = useCompare();
  const canCompare = (v: TrackVersion) =>
    compare.available && v.streamUrl !== undefined && v.streamUrl !== null;
  const { data, isError } = useQuery<TrackVersion[]>({ queryKey: trackVersionsKey(trackId) });
  const [confirming, setConfirming] = useState<TrackVersion | null>(null);
  const remove = useMutation<void, Error, TrackVersion>({
    mutationFn: async (v) => {
      await apiRequest('DELETE', versionOriginalUrl(trackId, v.version));
    },
    onSuccess: async (_, v) => {
      toast({ title: `File of version ${v.version} deleted` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trackVersionsKey(trackId) }),
        queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
      ]);
    },
    onError: (err) =>
      toast({
        title: 'Could not delete the file',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  if (isError) return null;
  // The list answers the current version too, as a take to compare (issue 43): with no earlier
  // version beside it there is nothing to download, delete or tell apart here.
  if (data && !data.some((v) => v.version !== current)) return null;

  return (
    <section
      aria-label="Versions"
      data-testid="track-versions"
      className="mt-4 rounded-xl border border-border bg-card/40 px-4 py-3 text-sm"
    >
      <h2 className="flex items-center gap-2 font-medium">
        <History className="size-4 text-primary" aria-hidden />
        Versions
      </h2>
      {compare.available && (data?.filter(canCompare).length ?? 0) > 1 && (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => compare.open({ takes: [{ trackId, name }] })}
        >
          <GitCompareArrows aria-hidden />
          Compare versions
        </Button>
      )}
      {!data ? (
        <p className="mt-2 text-muted-foreground">Loading versions...</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {data.map((v) => {
            const earlier = v.version !== current;
            return (
              <li
                key={v.id}
                aria-label={`Version ${v.version}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    v{v.version}
                    {!earlier && (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">Current</span>
                    )}
                    {v.note && <span className="ml-2 font-normal [overflow-wrap:anywhere]">{v.note}</span>}
                  </p>
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {v.filename} · {formatDate(v.createdAt)}
                    {earlier && (v.hasFile ? ` · ${formatFileSize(v.size)}` : ' · File deleted')}
                  </p>
                  {v.loudnessLufs !== null && (
                    // Each take's own loudness (issue 47), folded: the list stays a list.
                    <details className="mt-1 text-xs">
                      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                        Loudness of v{v.version}
                      </summary>
                      <TakeLoudness
                        heading={`Loudness of version ${v.version}`}
                        values={{
                          lufs: v.loudnessLufs,
                          truePeakDb: v.truePeakDb,
                          loudnessRange: v.loudnessRange,
                        }}
                        className="mt-2"
                      />
                    </details>
                  )}
                </div>
                {earlier && v.hasFile && (
                  <div className="flex flex-wrap gap-2">
                    {canCompare(v) && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Compare version ${v.version} with the current one`}
                        onClick={() =>
                          compare.open({ takes: [{ trackId, name, version: current }], versionB: v.version })
                        }
                      >
                        <GitCompareArrows aria-hidden />
                        Compare
                      </Button>
                    )}
                    <Button asChild variant="outline" size="sm">
                      <a
                        href={versionOriginalUrl(trackId, v.version)}
                        download
                        aria-label={`Download version ${v.version}`}
                      >
                        <Download aria-hidden />
                        Download
                      </a>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={remove.isPending}
                      aria-label={`Delete file of version ${v.version}`}
                      onClick={() => setConfirming(v)}
                    >
                      <Trash2 aria-hidden />
                      Delete file
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Delete the file of version ${confirming?.version ?? ''}`}
        description={`${confirming?.filename ?? ''} (${formatFileSize(confirming?.size ?? 0)}) will be deleted to free room. The version stays in the list, without its file. This cannot be undone.`}
        confirmLabel="Delete file"
        onConfirm={() => {
          if (confirming) remove.mutate(confirming);
          setConfirming(null);
        }}
      />
    </section>
  );
}
