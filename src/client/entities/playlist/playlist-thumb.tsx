import { cn, imageVariant, initial, tileColor } from '../../lib/utils';

/** A playlist's -128.webp thumbnail, or a coloured tile with its first letter (spec section 2). */
export function PlaylistThumb({
  id,
  name,
  imageUrl,
  className,
}: {
  id: number;
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  const src = imageVariant(imageUrl, 128);
  if (src)
    return <img src={src} alt="" className={cn('size-10 shrink-0 rounded-md object-cover', className)} />;
  return (
    <div
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-md text-sm font-semibold text-white',
        tileColor(id),
        className,
      )}
    >
      {initial(name)}
    </div>
  );
}
