import { zodResolver } from '@hookform/resolvers/zod';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createCollectiveBodySchema } from '../../../shared/schemas/collectives';
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
import { AvatarPicker } from './avatar-picker';
import { FieldError } from './field-error';
import { createVariables, useCreateCollective } from './use-create-collective';

type FormInput = z.input<typeof createCollectiveBodySchema>;
type FormOutput = z.output<typeof createCollectiveBodySchema>;

/**
 * Create Collective (spec sections 2, 4 and 5): avatar with preview and remove, a required name of
 * at most 50 characters and an optional description of at most 500. The messages come from the
 * shared schema the server validates with, so both say the same thing.
 */
export function CreateCollectiveDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [avatar, setAvatar] = useState<File | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createCollectiveBodySchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;

  const reset = () => {
    form.reset();
    setAvatar(null);
  };
  const create = useCreateCollective({
    onCreated: () => {
      reset();
      onOpenChange(false);
    },
  });
  const pending = create.isPending;

  const close = () => {
    if (pending) return;
    reset();
    onOpenChange(false);
  };

  const onValid = ({ name, description }: FormOutput) => {
    create.mutate(createVariables({ name, description, avatar }));
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Users className="size-5 text-primary" aria-hidden />
            Create Collective
          </DialogTitle>
          <DialogDescription>A place for people to share playlists and talk about them.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onValid)}>
          <AvatarPicker
            file={avatar}
            onFileChange={setAvatar}
            name={form.watch('name') ?? ''}
            disabled={pending}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-name`}>Name</Label>
            <Input
              id={`${ids}-name`}
              placeholder="e.g. Tape Loop Society"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${ids}-name-error` : undefined}
              disabled={pending}
              {...form.register('name')}
            />
            <FieldError id={`${ids}-name-error`} message={errors.name?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-description`}>Description</Label>
            <Textarea
              id={`${ids}-description`}
              rows={3}
              placeholder="What is this collective about? (optional)"
              className="min-h-0 resize-none"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${ids}-description-error` : undefined}
              disabled={pending}
              {...form.register('description')}
            />
            <FieldError id={`${ids}-description-error`} message={errors.description?.message} />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={pending} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Creating...' : 'Create'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
