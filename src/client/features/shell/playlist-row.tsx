import type { ReactNode } from 'react';
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

/** One row of a sidebar playlist list; `subtitle` carries the owner in collective context. */
export function PlaylistRow({
  id,
  name,
  imageUrl,
  active,
  onClick,
  subtitle,
}: {
  id: number;
  name: string;
  imageUrl: string | null;
  active: boolean;
  onClick: () => void;
  subtitle?: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex w-full cursor-pointer items-center gap-3 rounded-md p-1.5 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
        )}
      >
        <PlaylistThumb id={id} name={name} imageUrl={imageUrl} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{name}</span>
          {subtitle && <span className="block truncate text-xs text-muted-foreground">{subtitle}</span>}
        </span>
      </button>
    </li>
  );
}
