import { Upload } from 'lucide-react';

/**
 * Over the whole window while files are dragged over it (decision 0310): where they will go. It
 * takes no pointer events (the window receives the drop) and no focus: nothing in it is
 * interactive, and the page under it keeps its focus.
 */
export function UploadDropOverlay({ note }: { note: string }) {
  return (
    <div
      data-testid="upload-drop-overlay"
      className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center bg-background/90 p-6"
    >
      <div className="flex w-full max-w-md flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-primary bg-card/90 px-8 py-12 text-center shadow-2xl shadow-primary/20">
        <div className="flex size-16 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Upload className="size-8" aria-hidden />
        </div>
        <p className="text-xl font-semibold">Drop your tracks here</p>
        <p className="text-sm text-muted-foreground">Supports MP3, WAV, M4A formats, multiple files</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </div>
    </div>
  );
}
