import { Cable, Pencil } from 'lucide-react';
import type { EquipmentDetail } from '../../../shared/schemas/tracks';
import { ImageDropTarget } from '../../components/image-drop-target';
import { Button } from '../../components/ui/button';
import { EquipmentChip } from '../../entities/equipment/equipment-chips';
import { useImageFile } from '../../lib/use-image-file';
import { cn, imageVariant } from '../../lib/utils';
import { EquipmentEditForm } from './equipment-edit-form';
import { useUploadEquipmentImage } from './use-equipment-page';

const FRAME =
  'relative flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-muted shadow-xl ring-1 ring-white/10 sm:size-48';

/** The -256.webp image, or a placeholder; when the viewer may edit, a click or a drop replaces it. */
function EquipmentImage({ equipment }: { equipment: EquipmentDetail }) {
  const upload = useUploadEquipmentImage(equipment.id);
  const image = useImageFile((file) => upload.mutate(file));
  const src = imageVariant(equipment.imageUrl, 256);
  const picture = src ? (
    <img src={src} alt={equipment.name} className="size-full object-cover" />
  ) : (
    <Cable className="size-14 text-muted-foreground" aria-hidden data-testid="equipment-image-placeholder" />
  );

  if (!equipment.canEdit) return <div className={FRAME}>{picture}</div>;

  return (
    <ImageDropTarget
      image={image}
      pending={upload.isPending}
      label={src ? 'Change equipment image' : 'Upload equipment image'}
      idleText={src ? 'Change image' : 'Add image'}
      inputLabel="Equipment image file"
      testId="equipment-image-drop-zone"
      inputTestId="equipment-image-input"
      className={cn(FRAME, 'focus-visible:ring-2 focus-visible:ring-ring')}
    >
      {picture}
    </ImageDropTarget>
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
        <>
          {/* The page keeps an h1 while the name is a field (decision 0183). */}
          <h1 className="sr-only">Edit equipment</h1>
          <EquipmentEditForm equipment={equipment} onDone={onDone} className="min-w-0 flex-1" />
        </>
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
