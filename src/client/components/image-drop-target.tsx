import { ImagePlus, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { IMAGE_PICKER_ACCEPT, type ImageFile } from '../lib/use-image-file';
import { cn } from '../lib/utils';

/**
 * A picture that takes a new image by click or drop (own avatar, playlist cover, equipment image),
 * with the hidden image/* input the click opens. Its overlay shows on hover and focus, and stays
 * while an image is dragged over it or uploading.
 */
export function ImageDropTarget({
  image,
  pending,
  label,
  idleText,
  inputLabel,
  testId,
  inputTestId,
  compact = false,
  className,
  children,
}: {
  image: ImageFile;
  pending: boolean;
  /** The button's accessible name. */
  label: string;
  /** The overlay's text when nothing is dragged over or uploading. */
  idleText: string;
  inputLabel: string;
  testId?: string;
  inputTestId?: string;
  /** Smaller overlay text and icon, for the small round avatar. */
  compact?: boolean;
  /** Size, shape, background and rings of the picture's frame. */
  className?: string;
  /** The current picture or its placeholder. */
  children: ReactNode;
}) {
  const icon = compact ? 'size-6' : 'size-7';
  return (
    <>
      <button
        type="button"
        aria-label={label}
        data-testid={testId}
        disabled={pending}
        onClick={image.browse}
        {...image.dropProps}
        className={cn(
          'group relative flex cursor-pointer items-center justify-center overflow-hidden transition focus-visible:outline-none',
          className,
          image.dragOver && 'ring-4 ring-primary',
        )}
      >
        {children}
        <span
          className={cn(
            'absolute inset-0 flex flex-col items-center justify-center bg-black/60 font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100',
            compact ? 'gap-1 text-xs' : 'gap-2 text-sm',
            (image.dragOver || pending) && 'opacity-100',
          )}
        >
          {pending ? (
            <Loader2 className={cn(icon, 'animate-spin')} aria-hidden />
          ) : (
            <ImagePlus className={icon} aria-hidden />
          )}
          {pending ? 'Uploading...' : image.dragOver ? 'Drop image' : idleText}
        </span>
      </button>
      <input
        {...image.inputProps}
        accept={IMAGE_PICKER_ACCEPT}
        className="hidden"
        aria-label={inputLabel}
        data-testid={inputTestId}
      />
    </>
  );
}
