import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TRACK_VISIBILITIES, type Track, trackChangesSchema } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
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
import { EquipmentTagEditor } from '../../entities/equipment/equipment-tag-editor';
import { useDeleteTrack, useUpdateTrack } from '../../entities/track/use-track-mutations';
import { DeleteTrackDialog } from './delete-track-dialog';
import { draftOf, TempoKeyFields, tempoKeyChanges } from './tempo-key-fields';

/** Decision 0140: what each choice means, in the words the badge's tooltip uses. */
const VISIBILITY_HELP = {
  private:
    'Only you, the collectives you share it into and, if shared there, signed-in people on equipment pages.',
  public: 'On your public profile, and anyone with the link can open it, signed in or not.',
} as const;

// The server's own PATCH rules, every field required here since the form always sends them all;
// tempo and key apart (tempo-key-fields.tsx), sent only when the owner changed them.
const formSchema = trackChangesSchema.omit({ bpm: true, musicalKey: true }).required();
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function EditTrackForm({ track, onDone }: { track: Track; onDone: () => void }) {
  const ids = { name: useId(), notes: useId(), share: useId() };
  const updateTrack = useUpdateTrack();
  const deleteTrack = useDeleteTrack();
  const [confirming, setConfirming] = useState(false);
  const [tempoKey, setTempoKey] = useState(() => draftOf(track));
  const [tempoKeyError, setTempoKeyError] = useState<string>();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: track.name,
      notes: track.notes ?? '',
      shareToEquipmentPages: track.shareToEquipmentPages,
      visibility: track.visibility,
    },
  });
  const nameError = form.formState.errors.name?.message;
  const notesError = form.formState.errors.notes?.message;

  // Optimistic (spec section 4): the dialog closes at once; a failure toasts and restores the list.
  const onSubmit = form.handleSubmit((changes) => {
    const described = tempoKeyChanges(track, tempoKey);
    setTempoKeyError(described.error);
    if (described.error) return;
    updateTrack.mutate({ id: track.id, changes: { ...changes, ...described.changes } });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Track Name</Label>
        <Input id={ids.name} aria-invalid={Boolean(nameError)} {...form.register('name')} />
        {nameError && <p className="text-xs text-destructive">{nameError}</p>}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.notes}>Notes</Label>
        <Textarea
          id={ids.notes}
          rows={4}
          placeholder="What happened in this session?"
          aria-invalid={Boolean(notesError)}
          {...form.register('notes')}
        />
        {notesError && <p className="text-xs text-destructive">{notesError}</p>}
      </div>
      <TempoKeyFields track={track} draft={tempoKey} onChange={setTempoKey} error={tempoKeyError} />
      <EquipmentTagEditor trackId={track.id} equipment={track.equipment} />
      <div className="flex items-start gap-2">
        <Controller
          control={form.control}
          name="shareToEquipmentPages"
          render={({ field }) => (
            <Checkbox
              id={ids.share}
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <Label htmlFor={ids.share} className="leading-snug font-normal">
          Share this track on the equipment pages of the kit you tagged
        </Label>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Visibility</legend>
        {TRACK_VISIBILITIES.map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm leading-snug">
            <input
              type="radio"
              value={value}
              className="mt-0.5 size-4 accent-primary"
              {...form.register('visibility')}
            />
            <span>
              <span className="font-medium">{value === 'public' ? 'Public' : 'Private'}</span>
              <span className="block text-xs text-muted-foreground">{VISIBILITY_HELP[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogFooter className="sm:justify-between">
        <Button
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
          Delete Track
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Save Changes</Button>
        </div>
      </DialogFooter>
      <DeleteTrackDialog
        open={confirming}
        onOpenChange={setConfirming}
        trackName={track.name}
        onConfirm={() => deleteTrack.mutate(track.id, { onSuccess: onDone })}
      />
    </form>
  );
}

/** Edit Track (spec section 2): name, notes, equipment, sharing, and the way to delete the track. */
export function EditTrackDialog({
  track,
  onOpenChange,
}: {
  /** The live track from the cached list; null closes the dialog. */
  track: Track | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={track !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Track</DialogTitle>
          <DialogDescription>Add notes and tag the kit you used on this recording.</DialogDescription>
        </DialogHeader>
        {track && <EditTrackForm key={track.id} track={track} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
