import { type ChangeEvent, type DragEvent, useRef, useState } from 'react';
import { IMAGE_UPLOAD_TYPES } from '../../shared/constants';
import { toast } from '../components/ui/use-toast';

/** What the file pickers offer: the formats the server takes (decision 0242). */
export const IMAGE_PICKER_ACCEPT = IMAGE_UPLOAD_TYPES.join(',');

/**
 * Spec section 5: only images are uploaded, and of those the formats the server takes (JPEG, PNG,
 * GIF, WebP; an SVG or a HEIC would only be refused after the upload, decision 0242); anything
 * else is refused here, before it is sent, and the toast says why. 'image/jpg' is what some
 * browsers say for JPEG.
 */
export function acceptImageFile(file: File): boolean {
  if (isUploadableImage(file)) return true;
  toast({ variant: 'destructive', title: 'Invalid File', description: 'Please select an image file' });
  return false;
}

export const isUploadableImage = (file: File) =>
  IMAGE_UPLOAD_TYPES.includes(file.type === 'image/jpg' ? 'image/jpeg' : file.type);

/**
 * One image, picked through a hidden file input or dropped on a target: the drag-over state for the
 * target's highlight, and the file handed to `onFile` once `accept` lets it through. `accept` toasts
 * its own refusals, so each screen keeps its own rules and messages.
 */
export function useImageFile(
  onFile: (file: File) => void,
  accept: (file: File) => boolean = acceptImageFile,
) {
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  const take = (file: File | undefined) => {
    if (file && accept(file)) onFile(file);
  };

  return {
    dragOver,
    browse: () => input.current?.click(),
    /** Spread on the drop target; preventing dragover's default is what makes it a drop target. */
    dropProps: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        setDragOver(true);
      },
      onDragLeave: () => setDragOver(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragOver(false);
        take(event.dataTransfer.files[0]);
      },
    },
    /** Spread on the hidden <input>, next to its accept, label and class. */
    inputProps: {
      ref: input,
      type: 'file' as const,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        take(event.target.files?.[0]);
        // Cleared so the same file can be picked again after a refusal or a remove.
        event.target.value = '';
      },
    },
  };
}

export type ImageFile = ReturnType<typeof useImageFile>;
