import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { SimilarTrack, UploadedTrack } from '../../../shared/schemas/similar-tracks';
import { toast } from '../../components/ui/use-toast';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { errorMessage, uploadWithProgress } from '../../lib/api-client';
import { type DuplicateQuestion, duplicateOf } from './duplicate-upload';
import { sendWhenNotBusy, trackUploadPool } from './upload-queue';

/** One file on its way up, for its progress bar. */
export interface PendingUpload {
  key: string;
  fileName: string;
  /** 0 to 100. */
  progress: number;
  /** It has a place in the tab's pool (before that it waits its turn: "Queued"). */
  started: boolean;
}

/** The track name the server expects: the file name without its extension (spec section 7). */
export function trackNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

export function uploadForm(file: File): FormData {
  const form = new FormData();
  // Text fields first, so the server has them when the file part arrives.
  form.append('name', trackNameOf(file.name));
  form.append('fileCreatedAt', new Date(file.lastModified).toISOString());
  form.append('audio', file, file.name);
  return form;
}

/** A file of a batch; `key` tells apart two files of the same name. */
export interface BatchFile {
  key: string;
  fileName: string;
}

/** A file of a batch that did not make it, with the server's reason (or the client's). */
export interface FailedUpload extends BatchFile {
  reason: string;
}

/** An uploaded file that sounds like one of the person's takes (decision 0834): what to do with it. */
export interface SimilarUpload extends BatchFile {
  /** The track the upload made. */
  trackId: number;
  /** The take it sounds most like (the reply's best). */
  match: SimilarTrack;
}

/**
 * The outcome of one choice or drop of several files (decision 0055): every file's result stays
 * listed until the person dismisses it, instead of toasts that replace each other. A single file
 * makes one only when it sounds like a take the person has (decision 0834).
 */
export interface UploadBatch {
  id: number;
  /** Every file chosen, audio or not. */
  total: number;
  uploaded: BatchFile[];
  failed: FailedUpload[];
  /** Uploads that sound like a take of the person's, until stacked, kept or discarded. */
  similar: SimilarUpload[];
  /** Made for one file's "sounds like": gone once that is answered. */
  single?: boolean;
}

const NOT_AUDIO = 'Not an audio file';

/** The least time between two reads of the track lists while uploads land (decision 0565). */
export const REFRESH_EVERY_MS = 2000;

/**
 * The track lists and the storage bar read again as uploads land: at once after the first, then at
 * most every REFRESH_EVERY_MS, the last landing always followed by a read. A drop of 1,000 files is
 * not 2,000 reads of a growing list, each counted in the person's requests a minute.
 */
function useCoalescedRefresh(queryClient: QueryClient) {
  const state = useRef<{ last: number; timer?: ReturnType<typeof setTimeout> }>({ last: 0 });
  return useCallback(() => {
    const s = state.current;
    if (s.timer !== undefined) return;
    const run = () => {
      s.timer = undefined;
      s.last = Date.now();
      void queryClient.invalidateQueries({ queryKey: TRACKS_KEY });
      void queryClient.invalidateQueries({ queryKey: STORAGE_KEY });
    };
    const wait = s.last + REFRESH_EVERY_MS - Date.now();
    if (wait <= 0) run();
    else s.timer = setTimeout(run, wait);
  }, [queryClient]);
}

/**
 * Uploads several files side by side (spec sections 2 and 5), a few at a time (decision 0252): anything whose type does not start
 * with audio/ is skipped with a toast; the rest show a progress bar until they finish, and the track
 * lists refresh as each one lands. One file alone answers with the spec's toasts ('Track uploaded',
 * 'Upload failed'); several make a batch whose summary lists each failure and its reason until
 * dismissed, and one toast when the batch is done (decision 0055).
 */
export function useTrackUpload() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [batches, setBatches] = useState<UploadBatch[]>([]);
  // Uploads whose bytes are already in the journal, asked one at a time (decision 0144).
  const [duplicates, setDuplicates] = useState<DuplicateQuestion[]>([]);
  const counter = useRef(0);
  const refreshLists = useCoalescedRefresh(queryClient);

  /** Asks "keep both?" about one file; resolves with the answer once the dialog is closed. */
  const askKeepBoth = useCallback(
    (key: string, fileName: string, existing: DuplicateQuestion['existing']) =>
      new Promise<boolean>((resolve) => {
        const answer = (keepBoth: boolean) => {
          setDuplicates((list) => list.filter((q) => q.key !== key));
          resolve(keepBoth);
        };
        setDuplicates((list) => [...list, { key, fileName, existing, answer }]);
      }),
    [],
  );

  /**
   * POSTs the file asking the server to refuse a duplicate; on 409 asks, and sends it again if kept.
   * Each send waits for a place in the tab's upload pool and is sent again after a 429's
   * Retry-After (decision 0252); the question is asked outside the pool, so other files go on.
   */
  const send = useCallback(
    async (key: string, file: File, setProgress: (progress: number) => void, onStart: () => void) => {
      const upload = (url: string) =>
        trackUploadPool.run(() => {
          onStart();
          return sendWhenNotBusy(
            () => uploadWithProgress<UploadedTrack>(url, uploadForm(file), setProgress),
            () => setProgress(0),
          );
        });
      try {
        return await upload('/api/tracks?duplicate=ask');
      } catch (err) {
        const existing = duplicateOf(err);
        if (!existing) throw err;
        if (!(await askKeepBoth(key, file.name, existing))) return null;
        setProgress(0);
        return upload('/api/tracks?duplicate=keep');
      }
    },
    [askKeepBoth],
  );

  const updateBatch = useCallback((id: number, change: (batch: UploadBatch) => UploadBatch) => {
    // A dismissed batch is gone: later results of its files are not brought back.
    setBatches((list) => list.map((b) => (b.id === id ? change(b) : b)));
  }, []);

  const uploadOne = useCallback(
    async (file: File, batchId: number | null) => {
      counter.current += 1;
      const key = `${counter.current}-${file.name}`;
      const update = (change: Partial<PendingUpload>) =>
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
      const setProgress = (progress: number) => update({ progress });
      setUploads((list) => [...list, { key, fileName: file.name, progress: 0, started: false }]);
      try {
        const uploaded = await send(key, file, setProgress, () => update({ started: true }));
        if (!uploaded) {
          // Cancelled at "You already have …": nothing was stored, and the person chose so.
          if (batchId !== null)
            updateBatch(batchId, (b) => ({
              ...b,
              failed: [...b.failed, { key, fileName: file.name, reason: 'Already in your journal' }],
            }));
          return false;
        }
        if (batchId === null)
          toast({ title: 'Track uploaded', description: 'Your track has been uploaded successfully.' });
        else updateBatch(batchId, (b) => ({ ...b, uploaded: [...b.uploaded, { key, fileName: file.name }] }));
        const match = uploaded.similarTracks?.[0];
        if (match) {
          const similar = { key, fileName: file.name, trackId: uploaded.id, match };
          if (batchId !== null) updateBatch(batchId, (b) => ({ ...b, similar: [...b.similar, similar] }));
          else {
            counter.current += 1;
            const single = { id: counter.current, total: 1, failed: [], single: true };
            setBatches((list) => [
              ...list,
              { ...single, uploaded: [{ key, fileName: file.name }], similar: [similar] },
            ]);
          }
        }
        refreshLists();
        return true;
      } catch (err) {
        const reason = errorMessage(err, 'Failed to upload track');
        if (batchId === null) toast({ variant: 'destructive', title: 'Upload failed', description: reason });
        else
          updateBatch(batchId, (b) => ({
            ...b,
            failed: [...b.failed, { key, fileName: file.name, reason }],
          }));
        return false;
      } finally {
        setUploads((list) => list.filter((u) => u.key !== key));
      }
    },
    [refreshLists, updateBatch, send],
  );

  const uploadFiles = useCallback(
    async (files: Iterable<File>) => {
      const chosen = Array.from(files);
      const audio = chosen.filter((file) => file.type.startsWith('audio/'));
      const skipped = chosen.filter((file) => !file.type.startsWith('audio/'));
      for (const file of skipped)
        toast({ variant: 'destructive', title: 'Error', description: `${file.name} is not an audio file` });
      if (chosen.length < 2) {
        await Promise.all(audio.map((file) => uploadOne(file, null)));
        return;
      }
      counter.current += 1;
      const id = counter.current;
      const failed = skipped.map((file, i) => ({
        key: `${id}-skipped-${i}`,
        fileName: file.name,
        reason: NOT_AUDIO,
      }));
      setBatches((list) => [...list, { id, total: chosen.length, uploaded: [], failed, similar: [] }]);
      const results = await Promise.all(audio.map((file) => uploadOne(file, id)));
      const done = results.filter(Boolean).length;
      toast({
        variant: done === chosen.length ? 'default' : 'destructive',
        title: 'Uploads finished',
        description: `${done} of ${chosen.length} uploaded.`,
      });
    },
    [uploadOne],
  );

  const dismissBatch = useCallback((id: number) => setBatches((list) => list.filter((b) => b.id !== id)), []);

  /** A "sounds like" answered (stacked, kept or discarded): off the summary; a one-file one goes. */
  const settleSimilar = useCallback((batchId: number, key: string) => {
    setBatches((list) =>
      list.flatMap((b) => {
        if (b.id !== batchId) return [b];
        const similar = b.similar.filter((s) => s.key !== key);
        return b.single && similar.length === 0 ? [] : [{ ...b, similar }];
      }),
    );
  }, []);

  return { uploads, batches, uploadFiles, dismissBatch, settleSimilar, duplicateQuestion: duplicates[0] };
}
