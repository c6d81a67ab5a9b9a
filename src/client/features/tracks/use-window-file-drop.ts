import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Without a dragover for this long the drag is taken as over: browsers fire dragover at least every
 * 350 ms (±200) while a drag is over the page, even when the pointer rests, so a drag that left
 * without its dragleave (an element removed under it, a browser that drops events) cannot leave
 * the overlay on screen.
 */
export const FILE_DRAG_IDLE_MS = 1000;

/** Whether a drag carries files (the OS's file drags say 'Files'; text and links do not). */
export function carriesFiles(event: DragEvent): boolean {
  const types = event.dataTransfer?.types;
  return types !== undefined && Array.from(types).includes('Files');
}

/**
 * An open dialog (Edit Track, New Version, the mobile drawer…) is what the window shows: a file
 * dropped on it would not be meant as a new track of the journal.
 */
const dialogOpen = () =>
  document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
  null;

/**
 * The whole window accepts dropped files while `enabled` (decision 0310): returns whether files are
 * being dragged over it, for the overlay that says where to drop, and hands dropped files to
 * `onFiles`. Only drags from outside the page count: a drag that started here (an image or a link
 * of the page, which Chrome may also mark 'Files') fired a dragstart first and is left alone, as are
 * text and link drags; @dnd-kit's drags are pointer events, not drag events. Over an open dialog
 * nothing is taken (nor opened by the browser). Leaving the window,
 * Escape and the drop hide it. A drop an element already handled (the drop zone calls
 * preventDefault) is not uploaded twice.
 */
export function useWindowFileDrop(onFiles: (files: File[]) => void, enabled = true): boolean {
  const [active, setActive] = useState(false);
  const deliver = useEffectEvent(onFiles);

  useEffect(() => {
    if (!enabled) return;
    // dragenter and dragleave come in pairs per element entered; the drag is over the window while
    // more were entered than left.
    let depth = 0;
    let internal = false;
    let dismissed = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const reset = () => {
      depth = 0;
      dismissed = false;
      clearTimeout(idle);
      setActive(false);
    };
    const stillDragging = () => {
      clearTimeout(idle);
      idle = setTimeout(reset, FILE_DRAG_IDLE_MS);
      if (!dismissed) setActive(true);
    };
    const ours = (event: DragEvent) => !internal && carriesFiles(event);

    const onDragStart = () => {
      internal = true;
    };
    const onDragEnd = () => {
      internal = false;
      reset();
    };
    const onDragEnter = (event: DragEvent) => {
      if (!ours(event) || dialogOpen()) return;
      depth += 1;
      stillDragging();
    };
    const onDragOver = (event: DragEvent) => {
      if (!ours(event)) return;
      // Lets the drop happen here instead of the browser opening the file in the tab (and leaving
      // the app); over a dialog, no drop at all.
      event.preventDefault();
      const refused = dialogOpen();
      if (event.dataTransfer) event.dataTransfer.dropEffect = refused ? 'none' : 'copy';
      if (refused) reset();
      else stillDragging();
    };
    const onDragLeave = (event: DragEvent) => {
      if (!ours(event)) return;
      depth -= 1;
      if (depth <= 0) reset();
    };
    const onDrop = (event: DragEvent) => {
      if (!ours(event)) {
        internal = false;
        return;
      }
      reset();
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (!dialogOpen()) deliver(Array.from(event.dataTransfer?.files ?? []));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Hidden until this drag ends; a drop meanwhile still uploads.
      dismissed = true;
      setActive(false);
    };

    const listeners = [
      ['dragstart', onDragStart],
      ['dragend', onDragEnd],
      ['dragenter', onDragEnter],
      ['dragover', onDragOver],
      ['dragleave', onDragLeave],
      ['drop', onDrop],
      ['keydown', onKeyDown],
    ] as const;
    for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener);
      clearTimeout(idle);
      setActive(false);
    };
  }, [enabled]);

  return active;
}
