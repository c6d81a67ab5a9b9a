import type { Playlist } from '../../../shared/schemas/playlists';
import { ImageDropTarget } from '../../components/image-drop-target';
import { useImageFile } from '../../lib/use-image-file';
import { cn, imageVariant, initial, tileColor } from '../../lib/utils';
import { useUploadPlaylistCover } from './use-playlist-mutations';

/**
 * The playlist's -256.webp cover, or its lettered tile. Clicking opens the file picker and an image
 * dropped on it is uploaded (spec section 2, playlist page).
 */
export function PlaylistCover({ playlist }: { playlist: Playlist }) {
  const upload = useUploadPlaylistCover(playlist.id);
  const image = useImageFile((file) => upload.mutate(file));
  const src = imageVariant(playlist.imageUrl, 256);

  return (
    <div className="relative size-20 shrink-0 sm:size-28">
      <ImageDropTarget
        image={image}
        pending={upload.isPending}
        label={src ? 'Change playlist cover' : 'Upload playlist cover'}
        idleText="Change cover"
        inputLabel="Playlist cover file"
        className={cn(
          'size-full rounded-xl shadow-2xl ring-1 ring-white/10 focus-visible:ring-2 focus-visible:ring-ring',
          !src && tileColor(playlist.id),
        )}
      >
        {src ? (
          <img src={src} alt={`${playlist.name} cover`} className="size-full object-cover" />
        ) : (
          <span aria-hidden className="text-4xl font-bold text-white">
            {initial(playlist.name)}
          </span>
        )}
      </ImageDropTarget>
    </div>
  );
}
