import { useEffect, useState } from 'react';
import { useOfflineStatus } from '../../entities/offline/offline-status';
import { type DownloadedPlaylist, type DownloadedTrack, readIndex } from './download-index';
import { storageEstimate } from './download-manager';

export interface DownloadIndexView {
  tracks: DownloadedTrack[];
  playlists: DownloadedPlaylist[];
  estimate: { usage: number; quota: number; persisted: boolean } | null;
}

/**
 * The index and the storage estimate for the Downloaded page, read again whenever the snapshot's
 * downloaded ids change (a download finished, a removal, a sync). Null until first read.
 */
export function useDownloadIndex(): DownloadIndexView | null {
  const { trackIds, playlistIds } = useOfflineStatus();
  const [view, setView] = useState<DownloadIndexView | null>(null);
  useEffect(() => {
    // Read after each change of the ids (the effect's trigger), whatever they hold.
    void trackIds;
    void playlistIds;
    let live = true;
    void Promise.all([readIndex(), storageEstimate().catch(() => null)]).then(([index, estimate]) => {
      if (!live) return;
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      setView({ tracks: index.tracks.sort(byName), playlists: index.playlists.sort(byName), estimate });
    });
    return () => {
      live = false;
    };
  }, [trackIds, playlistIds]);
  return view;
}
