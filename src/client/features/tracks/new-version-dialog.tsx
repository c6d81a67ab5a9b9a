import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { Track } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** The form of POST /api/tracks/{id}/versions: the note first, so the server has it with the file. */
export function newVersionForm(file: File, note: string): FormData {
  const form = new FormData();
  if (note.trim()) form.append('note', note.trim());
  form.append('file', file, file.name);
  return form;
}

/**
 * Uploads a new file for a track (issue 14, decision 0220): "Version N uploaded", and every list
 * holding the track (journal, playlists, collectives) is read again, as is the storage figure.
 */
export function useUploadVersion(trackId: number) {
  const queryClient = useQueryClient();
  return useMutation<Track, Error, { file: File; note: string }>({
    mutationFn: async ({ file, note }) =>
      (await apiRequest('POST', `/api/tracks/${trackId}/versions`, newVersionForm(file, note))).json(),
    onSuccess: async (track) => {
      toast({ title: `Version ${track.version} uploaded` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
        queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/collectives'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/playlists'] }),
      ]);
    },
  });
}

/** "Upload new version…" of a track's menu (owner only): a file and, optionally, what changed. */
export function NewVersionDialog({
  open,
  onOpenChange,
  track,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  track: { id: number; name: string };
}) {
  const ids = { file: useId(), note: useId(), error: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const upload = useUploadVersion(track.id);
  const tooLong = note.trim().length > LIMITS.versionNote;
  const error = tooLong
    ? `What changed must be at most ${LIMITS.versionNote} characters`
    : upload.error
      ? errorMessage(upload.error, 'Failed to upload the new version')
      : null;

  const close = (next: boolean) => {
    if (upload.isPending) return;
    if (!next) {
      setFile(null);
      setNote('');
      upload.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooLong) return;
    upload.mutate({ file, note }, { onSuccess: () => close(false) });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload new version</DialogTitle>
          <DialogDescription>
            A new file for “{track.name}”. Its name, notes, tags, playlists and comments stay.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.file}>Audio file</Label>
            <Input
              id={ids.file}
              type="file"
              accept="audio/*"
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.note}>What changed (optional)</Label>
            <Textarea
              id={ids.note}
              rows={3}
              placeholder="Fixed the snare at 1:23"
              value={note}
              aria-invalid={tooLong}
              aria-describedby={error ? ids.error : undefined}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </div>
          {error && (
            <p id={ids.error} role="alert" className="text-xs text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => close(false)} disabled={upload.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!file || tooLong || upload.isPending}>
              <Upload aria-hidden />
              {upload.isPending ? 'Uploading…' : 'Upload version'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
