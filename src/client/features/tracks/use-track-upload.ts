import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Track } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { errorMessage, uploadWithProgress } from '../../lib/api-client';
import { STORAGE_KEY } from './storage-usage';
import { TRACKS_KEY } from './use-tracks';

/** One file on its way up, for its progress bar. */
export interface PendingUpload {
  key: string;
  fileName: string;
  /** 0 to 100. */
  progress: number;
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

/**
 * Uploads several files side by side (spec sections 2 and 5): anything whose type does not start
 * with audio/ is skipped with a toast; the rest show a progress bar until they finish, each with its
 * own success or failure toast, and the track lists refresh as each one lands.
 */
export function useTrackUpload() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const counter = useRef(0);

  const uploadOne = useCallback(
    async (file: File) => {
      counter.current += 1;
      const key = `${counter.current}-${file.name}`;
      const setProgress = (progress: number) =>
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u)));
      setUploads((list) => [...list, { key, fileName: file.name, progress: 0 }]);
      try {
        await uploadWithProgress<Track>('/api/tracks', uploadForm(file), setProgress);
        toast({ title: 'Track uploaded', description: 'Your track has been uploaded successfully.' });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
          queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
        ]);
      } catch (err) {
        toast({
          variant: 'destructive',
          title: 'Upload failed',
          description: errorMessage(err, 'Failed to upload track'),
        });
      } finally {
        setUploads((list) => list.filter((u) => u.key !== key));
      }
    },
    [queryClient],
  );

  const uploadFiles = useCallback(
    async (files: Iterable<File>) => {
      const audio: File[] = [];
      for (const file of files) {
        if (file.type.startsWith('audio/')) audio.push(file);
        else
          toast({
            variant: 'destructive',
            title: 'Error',
            description: `${file.name} is not an audio file`,
          });
      }
      await Promise.all(audio.map(uploadOne));
    },
    [uploadOne],
  );

  return { uploads, uploadFiles };
}
