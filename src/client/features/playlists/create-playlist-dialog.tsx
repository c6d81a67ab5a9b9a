import { zodResolver } from '@hookform/resolvers/zod';
import { ListMusic } from 'lucide-react';
import { useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createPlaylistBodySchema,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
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
import { toast } from '../../components/ui/use-toast';
import { useCreatePlaylist } from './use-create-playlist';

type FormInput = z.input<typeof createPlaylistBodySchema>;
type FormOutput = z.output<typeof createPlaylistBodySchema>;

/**
 * Create Playlist (spec sections 2, 4 and 5): name required and trimmed, description optional,
 * trimmed and left out when empty. Creation is optimistic, so the dialog closes and clears at once.
 */
export function CreatePlaylistDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const create = useCreatePlaylist();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createPlaylistBodySchema),
    defaultValues: { name: '', description: '' },
  });
  const nameEmpty = (form.watch('name') ?? '').trim() === '';
  const pending = create.isPending;

  const close = () => {
    form.reset();
    onOpenChange(false);
  };

  const onValid = ({ name, description }: FormOutput) => {
    create.mutate(description ? { name, description } : { name });
    close();
  };

  const onInvalid = (errors: FieldErrors<FormInput>) => {
    toast({
      variant: 'destructive',
      title: errors.name ? 'Missing Information' : 'Error',
      description: errors.name?.message ?? errors.description?.message ?? 'Please enter a playlist name',
    });
  };

  return (
    <Dialog
      open={open}
      // Closing is blocked while a creation is pending (spec section 2).
      onOpenChange={(next) => (next ? onOpenChange(true) : !pending && close())}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ListMusic className="size-5 text-primary" aria-hidden />
            Create Playlist
          </DialogTitle>
          <DialogDescription>Collect your recordings into a playlist.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-name`}>Playlist Name</Label>
            <Input
              id={`${ids}-name`}
              placeholder="My playlist"
              autoComplete="off"
              maxLength={PLAYLIST_NAME_MAX}
              required
              {...form.register('name')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-description`}>Description (Optional)</Label>
            <Textarea
              id={`${ids}-description`}
              rows={3}
              maxLength={PLAYLIST_DESCRIPTION_MAX}
              placeholder="What is this playlist about?"
              className="min-h-0 resize-none"
              {...form.register('description')}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={pending} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={nameEmpty || pending}>
              {pending ? 'Creating...' : 'Create'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
