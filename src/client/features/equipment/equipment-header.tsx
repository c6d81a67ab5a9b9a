import { Cable, ImagePlus, Loader2, Pencil } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import type { EquipmentDetail } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import { cn, imageVariant } from '../../lib/utils';
import { invalidImageToast, isImageFile } from '../users/avatar-upload';
import { EquipmentChip } from './equipment-chips';
import { EquipmentEditForm } from './equipment-edit-form';
import { useUploadEquipmentImage } from './use-equipment-page';

/** The -256.webp image, or a placeholder; when the viewer may edit, a click or a drop replaces it. */
function EquipmentImage({ equipment }: { equipment: EquipmentDetail }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const upload = useUploadEquipmentImage(equipment.id);
  const src = imageVariant(equipment.imageUrl, 256);
  const picture = src ? (
    <img src={src} alt={equipment.name} className="size-full object-cover" />
  ) : (
    <Cable className="size-14 text-muted-foreground" aria-hidden data-testid="equipment-image-placeholder" />
  );
  const frame =
    'relative flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-muted shadow-xl ring-1 ring-white/10 sm:size-48';

  if (!equipment.canEdit) return <div className={frame}>{picture}</div>;

  const send = (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) return invalidImageToast();
    upload.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <>
      <button
        type="button"
        aria-label={src ? 'Change equipment image' : 'Upload equipment image'}
        data-testid="equipment-image-drop-zone"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          frame,
          'group cursor-pointer transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          dragOver && 'ring-4 ring-primary',
        )}
      >
        {picture}
        <span
          className={cn(
            'absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/60 text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100',
            (dragOver || upload.isPending) && 'opacity-100',
          )}
        >
          {upload.isPending ? (
            <Loader2 className="size-7 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="size-7" aria-hidden />
          )}
          {upload.isPending ? 'Uploading...' : dragOver ? 'Drop image' : src ? 'Change image' : 'Add image'}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        aria-label="Equipment image file"
        data-testid="equipment-image-input"
        onChange={(event) => {
          send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/**
 * Image, name, category chip in its pastel colour and description, with Edit for those who may;
 * in edit mode the form takes the place of the text, beside the image.
 */
export function EquipmentHeader({
  equipment,
  editing,
  onEdit,
  onDone,
}: {
  equipment: EquipmentDetail;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const canEditNow = editing && equipment.canEdit;
  return (
    <header
      className={cn('mb-8 flex flex-col gap-6 sm:flex-row', canEditNow ? 'sm:items-start' : 'sm:items-end')}
    >
      <EquipmentImage equipment={equipment} />
      {canEditNow ? (
        <EquipmentEditForm equipment={equipment} onDone={onDone} className="min-w-0 flex-1" />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Equipment</p>
            <h1 className="mt-1 text-4xl font-bold tracking-tight break-words">{equipment.name}</h1>
            <div className="mt-3" data-testid="equipment-category">
              <EquipmentChip equipment={{ ...equipment, name: equipment.category }} />
            </div>
            {equipment.description ? (
              <p className="mt-3 max-w-prose text-sm whitespace-pre-line break-words text-muted-foreground">
                {equipment.description}
              </p>
            ) : (
              <p className="mt-3 text-sm text-muted-foreground italic">No description yet</p>
            )}
          </div>
          {equipment.canEdit && (
            <Button variant="outline" onClick={onEdit} className="self-start sm:self-end">
              <Pencil aria-hidden />
              Edit
            </Button>
          )}
        </>
      )}
    </header>
  );
}
