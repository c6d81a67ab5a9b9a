import { ImagePlus, Loader2, UserRound } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { cn, imageVariant } from '../../lib/utils';
import { useUploadAvatar } from './use-profile';

/** Spec section 5: only image/* is uploaded; anything else is refused before it is sent. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export function invalidImageToast() {
  toast({ variant: 'destructive', title: 'Invalid File', description: 'Please select an image file' });
}

/**
 * The own profile's avatar (spec section 2): the -128.webp variant cache-busted with updatedAt (spec
 * section 3), replaced by dropping an image on it or browsing for one.
 */
export function AvatarUpload({ user, name }: { user: AuthUser; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const upload = useUploadAvatar();
  const src = imageVariant(user.avatarUrl, 128, user.updatedAt);

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
    <div className="flex flex-col items-center gap-3">
      <button
        type="button"
        aria-label="Change avatar"
        data-testid="avatar-drop-zone"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          'group relative flex size-28 cursor-pointer items-center justify-center overflow-hidden rounded-full bg-muted ring-2 ring-border transition focus-visible:outline-none focus-visible:ring-ring',
          dragOver && 'ring-4 ring-primary',
        )}
      >
        {src ? (
          <img src={src} alt={`${name}'s avatar`} className="size-full object-cover" />
        ) : (
          <UserRound className="size-12 text-muted-foreground" aria-hidden />
        )}
        <span
          className={cn(
            'absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/60 text-xs font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100',
            (dragOver || upload.isPending) && 'opacity-100',
          )}
        >
          {upload.isPending ? (
            <Loader2 className="size-6 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="size-6" aria-hidden />
          )}
          {upload.isPending ? 'Uploading...' : dragOver ? 'Drop image' : 'Change'}
        </span>
      </button>
      <Button variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
        Browse
      </Button>
      <p className="max-w-40 text-center text-xs text-muted-foreground">
        Drop an image or browse. JPG, PNG or WebP, square, max 5MB.
      </p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        aria-label="Avatar file"
        data-testid="avatar-file-input"
        onChange={(event) => {
          send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
