import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { LIMITS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { IMAGE_PICKER_ACCEPT, isUploadableImage, useImageFile } from '../../lib/use-image-file';
import { cn, imageVariant, initial } from '../../lib/utils';

/**
 * Checks a picked avatar against the spec's rules, toasting why it is refused (spec section 5).
 * The server enforces the same rules; checking here saves uploading 50 MB to be told no.
 */
export function acceptAvatarFile(file: File): boolean {
  if (file.size > LIMITS.avatarBytes) {
    toast({ variant: 'destructive', title: 'File too large', description: 'Avatar must be less than 5MB' });
    return false;
  }
  // Spec section 5: collective avatars are JPEG, PNG, GIF or WebP, as every uploaded image is.
  if (!isUploadableImage(file)) {
    toast({
      variant: 'destructive',
      title: 'Invalid file type',
      description: 'Please upload a valid image file',
    });
    return false;
  }
  return true;
}

/** An object URL for `file` while it is shown, revoked afterwards (jsdom has no object URLs). */
function usePreviewUrl(file: File | null): string | undefined {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Round avatar chooser with preview and remove (Create Collective dialog, collective settings).
 * `file` is the picked, not yet uploaded file; `currentUrl` the collective's stored image, shown
 * until something else is picked.
 */
export function AvatarPicker({
  file,
  onFileChange,
  name,
  currentUrl,
  currentVersion,
  disabled = false,
}: {
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The collective's name, whose first letter stands in for a missing image. */
  name: string;
  currentUrl?: string | null;
  currentVersion?: string | null;
  disabled?: boolean;
}) {
  const image = useImageFile(onFileChange, acceptAvatarFile);
  const preview = usePreviewUrl(file);
  const shown = preview ?? imageVariant(currentUrl, 128, currentVersion);

  return (
    <div className="flex items-center gap-4">
      <button
        type="button"
        disabled={disabled}
        onClick={image.browse}
        aria-label={file ? 'Change avatar' : 'Upload avatar'}
        className={cn(
          'group relative flex size-20 shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-full border-2 border-dashed border-input bg-secondary text-2xl font-semibold text-secondary-foreground transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
          shown && 'border-solid border-transparent',
        )}
      >
        {shown ? (
          <img src={shown} alt="Avatar preview" className="size-full object-cover" />
        ) : name.trim() ? (
          initial(name)
        ) : (
          <ImagePlus className="size-7 text-muted-foreground" aria-hidden />
        )}
        <span
          aria-hidden
          className="absolute inset-0 flex items-center justify-center bg-black/50 opacity-0 transition-opacity group-hover:opacity-100"
        >
          <ImagePlus className="size-6 text-white" />
        </span>
      </button>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={disabled} onClick={image.browse}>
            <ImagePlus aria-hidden />
            {file || currentUrl ? 'Change Avatar' : 'Upload Avatar'}
          </Button>
          {file && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onFileChange(null)}>
              <X aria-hidden />
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">JPG, PNG or WebP, square, max 5MB</p>
      </div>
      <input
        {...image.inputProps}
        accept={IMAGE_PICKER_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Avatar file"
      />
    </div>
  );
}
