import { cn, imageVariant, initial } from '../lib/utils';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar';

/** A collective's round image (the -128.webp variant), or the first letter of its name. */
export function CollectiveAvatar({
  name,
  imageUrl,
  className,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  const src = imageVariant(imageUrl, 128);
  return (
    <Avatar className={className}>
      {src && <AvatarImage src={src} alt="" />}
      <AvatarFallback className="bg-secondary text-secondary-foreground">{initial(name)}</AvatarFallback>
    </Avatar>
  );
}

/** Small round user avatar with initial fallback; `version` busts the cache after a re-upload. */
export function UserAvatar({
  name,
  avatarUrl,
  version,
  className,
}: {
  name: string;
  avatarUrl: string | null | undefined;
  version?: string | Date | null;
  className?: string;
}) {
  const src = imageVariant(avatarUrl, 128, version);
  return (
    <Avatar className={cn('size-8 text-xs', className)}>
      {src && <AvatarImage src={src} alt="" />}
      <AvatarFallback>{initial(name)}</AvatarFallback>
    </Avatar>
  );
}
