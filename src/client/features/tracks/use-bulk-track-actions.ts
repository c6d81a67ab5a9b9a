import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { countOf } from '../../../shared/format';
import {
  type BulkTrackBody,
  type BulkTrackResult,
  TRACK_ARCHIVE_NAME,
} from '../../../shared/schemas/track-bulk';
import { ToastAction } from '../../components/ui/toast';
import { toast } from '../../components/ui/use-toast';
import { PLAYLISTS_QUERY_KEY } from '../../entities/playlist/use-playlists';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { apiRequest, errorMessage, prefetchCsrfToken } from '../../lib/api-client';
import { usePlayer } from '../../player/use-player';
import { deleteAfterUndoWindow } from './pending-deletes';

const plural = (n: number) => countOf(n, 'track');

/** What a toast says once the server has done it; `updated` counts the tracks that changed. */
const DONE: Record<BulkTrackBody['action'], (n: number) => string> = {
  setVisibility: (n) => `${plural(n)} updated`,
  addToPlaylist: (n) => `${plural(n)} added to the playlist`,
  addEquipment: (n) => `${plural(n)} tagged`,
  removeEquipment: (n) => `${plural(n)} untagged`,
  delete: (n) => `${plural(n)} deleted`,
};

const refused = (err: unknown) =>
  toast({
    variant: 'destructive',
    title: 'Nothing was changed',
    description: errorMessage(err, 'Failed to update the tracks'),
  });

/**
 * Actions on many selected tracks (issue 23): `act` sends one POST /api/tracks/bulk (all or
 * nothing, decision 0275) and refetches what it may have changed; `deleteWithUndo` hides the tracks
 * and sends their delete only once the Undo window has passed (issue 42, decision 0590);
 * `downloadArchive` saves POST /api/tracks/archive's zip (decision 0276).
 */
export function useBulkTrackActions() {
  const queryClient = useQueryClient();
  const { forgetTrack } = usePlayer();

  const refresh = useCallback(
    (action: BulkTrackBody['action']) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
        action === 'delete' && queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
        action !== 'setVisibility' && queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
      ]),
    [queryClient],
  );

  const act = useMutation<BulkTrackResult, Error, BulkTrackBody>({
    mutationFn: async (body) => (await apiRequest('POST', '/api/tracks/bulk', body)).json(),
    onSuccess: async (result, body) => {
      if (body.action === 'delete') for (const id of body.ids) forgetTrack(id);
      toast({ title: DONE[body.action](result.updated) });
      await refresh(body.action);
    },
    onError: refused,
  });

  const deleteWithUndo = useCallback(
    (ids: number[]) => {
      // The token now, so a delete sent as the page is left needs no request before its own.
      void prefetchCsrfToken();
      const waiting = deleteAfterUndoWindow(ids, async (keepalive) => {
        shown.dismiss();
        try {
          await apiRequest('POST', '/api/tracks/bulk', { ids, action: 'delete' }, { keepalive });
          for (const id of ids) forgetTrack(id);
          await refresh('delete');
        } catch (err) {
          refused(err);
        }
      });
      const shown = toast({
        title: DONE.delete(ids.length),
        duration: TIMINGS.bulkDeleteUndoMs,
        action: createElement(ToastAction, { altText: 'Undo', onClick: () => waiting.undo() }, 'Undo'),
      });
    },
    [forgetTrack, refresh],
  );

  const archive = useMutation<void, Error, number[]>({
    mutationFn: downloadArchive,
    onError: (err) => {
      // Closing the save dialog is not a failure.
      if (err.name === 'AbortError') return;
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: errorMessage(err, 'Failed to download the tracks'),
      });
    },
  });

  return { act, deleteWithUndo, downloadArchive: archive };
}

type SavePicker = (options: { suggestedName: string }) => Promise<{
  createWritable(): Promise<WritableStream<Uint8Array>>;
}>;

/**
 * Where the browser can write a file as it arrives (Chromium's save picker, asked first: it needs
 * the click's user activation), the zip streams to disk and memory stays flat; elsewhere it is
 * gathered into a Blob and saved through a link, which holds the archive in memory once.
 */
async function downloadArchive(ids: number[]) {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  const handle = picker ? await picker({ suggestedName: TRACK_ARCHIVE_NAME }) : undefined;
  const res = await apiRequest('POST', '/api/tracks/archive', { ids });
  if (handle && res.body) {
    await res.body.pipeTo(await handle.createWritable());
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: TRACK_ARCHIVE_NAME });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
