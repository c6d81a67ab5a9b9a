import { UserRound } from 'lucide-react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { ImageDropTarget } from '../../components/image-drop-target';
import { Button } from '../../components/ui/button';
import { useImageFile } from '../../lib/use-image-file';
import { imageVariant } from '../../lib/utils';
import { useUploadAvatar } from './use-profile';

/**
 * The own profile's avatar (spec section 2): the -128.webp variant cache-busted with updatedAt (spec
 * section 3), replaced by dropping an image on it or browsing for one.
 */
export function AvatarUpload({ user, name }: { user: AuthUser; name: string }) {
  const upload = useUploadAvatar();
  const image = useImageFile((file) => upload.mutate(file));
  const src = imageVariant(user.avatarUrl, 128, user.updatedAt);

  return (
    <div className="flex flex-col items-center gap-3">
      <ImageDropTarget
        image={image}
        pending={upload.isPending}
        label="Change avatar"
        idleText="Change"
        inputLabel="Avatar file"
        testId="avatar-drop-zone"
        inputTestId="avatar-file-input"
        compact
        className="size-28 rounded-full bg-muted ring-2 ring-border focus-visible:ring-ring"
      >
        {src ? (
          <img src={src} alt={`${name}'s avatar`} className="size-full object-cover" />
        ) : (
          <UserRound className="size-12 text-muted-foreground" aria-hidden />
        )}
      </ImageDropTarget>
      <Button variant="outline" size="sm" disabled={upload.isPending} onClick={image.browse}>
        Browse
      </Button>
      <p className="max-w-40 text-center text-xs text-muted-foreground">
        Drop an image or browse. JPG, PNG or WebP, square, max 5MB.
      </p>
    </div>
  );
}
