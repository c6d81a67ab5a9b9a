import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BulkTrackBody,
  type BulkTrackResult,
  TRACK_ARCHIVE_NAME,
} from '../../../shared/schemas/track-bulk';
import { toast } from '../../components/ui/use-toast';
import { PLAYLISTS_QUERY_KEY } from '../../entities/playlist/use-playlists';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { usePlayer } from '../../player/use-player';

const plural = (n: number) => `${n} track${n === 1 ? '' : 's'}`;

/** What a toast says once the server has done it; `updated` counts the tracks that changed. */
const DONE: Record<BulkTrackBody['action'], (n: number) => string> = {
  setVisibility: (n) => `${plural(n)} updated`,
  addToPlaylist: (n) => `${plural(n)} added to the playlist`,
  addEquipment: (n) => `${plural(n)} tagged`,
  removeEquipment: (n) => `${plural(n)} untagged`,
  delete: (n) => `${plural(n)} deleted`,
};

/**
 * Actions on many selected tracks (issue 23; the multi-select UI comes later): `act` sends one
 * POST /api/tracks/bulk (all or nothing, decision 0275) and refetches what it may have changed;
 * `downloadArchive` saves POST /api/tracks/archive's zip (decision 0276).
 */
export function useBulkTrackActions() {
  const queryClient = useQueryClient();
  const { forgetTrack } = usePlayer();

  const act = useMutation<BulkTrackResult, Error, BulkTrackBody>({
    mutationFn: async (body) => (await apiRequest('POST', '/api/tracks/bulk', body)).json(),
    onSuccess: async (result, body) => {
      if (body.action === 'delete') for (const id of body.ids) forgetTrack(id);
      toast({ title: DONE[body.action](result.updated) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
        body.action === 'delete' && queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
        body.action !== 'setVisibility' && queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
      ]);
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Nothing was changed',
        description: errorMessage(err, 'Failed to update the tracks'),
      }),
  });

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

  return { act, downloadArchive: archive };
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
