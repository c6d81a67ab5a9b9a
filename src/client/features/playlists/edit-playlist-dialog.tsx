import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createPlaylistBodySchema,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
  type Playlist,
} from '../../../shared/schemas/playlists';
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
import { useUpdatePlaylist } from './use-playlist-mutations';

// Same rules as creating: name required and trimmed, description trimmed (empty clears it).
const detailsSchema = createPlaylistBodySchema;
type FormInput = z.input<typeof detailsSchema>;
type FormOutput = z.output<typeof detailsSchema>;

/**
 * Edit Details (spec sections 2 and 5): an empty trimmed name sends nothing and shows the field error
 * (focus back on the name); the change shows at once and is restored if the server refuses it.
 */
export function EditPlaylistDialog({
  playlist,
  open,
  onOpenChange,
}: {
  playlist: Playlist;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const update = useUpdatePlaylist(playlist.id);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: playlist.name, description: playlist.description ?? '' },
  });
  const { reset } = form;

  // Each opening starts from the playlist as it is now.
  useEffect(() => {
    if (open) reset({ name: playlist.name, description: playlist.description ?? '' });
  }, [open, playlist.name, playlist.description, reset]);

  const onValid = ({ name, description }: FormOutput) => {
    update.mutate({ name, description });
    onOpenChange(false);
  };
  const nameError = form.formState.errors.name?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Details</DialogTitle>
          <DialogDescription>Change the playlist's name and description.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onValid)}>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-name`}>Name</Label>
            <Input
              id={`${ids}-name`}
              autoComplete="off"
              maxLength={PLAYLIST_NAME_MAX}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${ids}-name-error` : undefined}
              {...form.register('name')}
            />
            {nameError && (
              // An alert, so that it is read out too: the refused Save otherwise changes nothing a
              // screen-reader user would hear (decision 0110).
              <p id={`${ids}-name-error`} role="alert" className="text-sm text-destructive">
                {nameError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-description`}>Description (Optional)</Label>
            <Textarea
              id={`${ids}-description`}
              rows={3}
              maxLength={PLAYLIST_DESCRIPTION_MAX}
              className="min-h-0 resize-none"
              {...form.register('description')}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
