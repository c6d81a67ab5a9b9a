import { ImagePlus, Loader2 } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import type { Playlist } from '../../../shared/schemas/playlists';
import { toast } from '../../components/ui/use-toast';
import { cn, imageVariant, initial, tileColor } from '../../lib/utils';
import { useUploadPlaylistCover } from './use-playlist-mutations';

/** Spec section 5: only image/* is sent; anything else is refused here, before any upload. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * The playlist's -256.webp cover, or its lettered tile. Clicking opens the file picker and an image
 * dropped on it is uploaded (spec section 2, playlist page).
 */
export function PlaylistCover({ playlist }: { playlist: Playlist }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const upload = useUploadPlaylistCover(playlist.id);
  const src = imageVariant(playlist.imageUrl, 256);

  const send = (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      toast({ variant: 'destructive', title: 'Invalid File', description: 'Please select an image file' });
      return;
    }
    upload.mutate(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <div className="relative size-40 shrink-0 sm:size-48">
      <button
        type="button"
        aria-label={src ? 'Change playlist cover' : 'Upload playlist cover'}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          'group relative flex size-full cursor-pointer items-center justify-center overflow-hidden rounded-xl shadow-2xl ring-1 ring-white/10 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          !src && tileColor(playlist.id),
          dragOver && 'ring-4 ring-primary',
        )}
      >
        {src ? (
          <img src={src} alt={`${playlist.name} cover`} className="size-full object-cover" />
        ) : (
          <span aria-hidden className="text-6xl font-bold text-white">
            {initial(playlist.name)}
          </span>
        )}
        <span
          className={cn(
            'absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/60 text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100',
            (dragOver || upload.isPending) && 'opacity-100',
          )}
        >
          {upload.isPending ? (
            <Loader2 className="size-7 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="size-7" aria-hidden />
          )}
          {upload.isPending ? 'Uploading...' : dragOver ? 'Drop image' : 'Change cover'}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        aria-label="Playlist cover file"
        onChange={(event) => {
          send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
