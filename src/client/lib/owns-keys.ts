// Whose a key press is (decision 0467's shortcuts, issue 43's comparison keys): the player bar and
// the comparison panel both leave a key alone where the focused element reads it itself.

/** The keys a native slider moves its value with; Space, M and ? stay the player's there. */
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Where a key press belongs to what has focus: typing, and widgets that read keys themselves. */
export function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement && target.type === 'range') return SLIDER_KEYS.has(key);
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  // A drag handle (dnd-kit) uses Space and the arrows to lift and move its row; a menu or list
  // box moves between its items with the arrows; a confirmation's buttons keep Space.
  return (
    target.closest(
      '[aria-roledescription="sortable"], [role="menu"], [role="listbox"], [role="alertdialog"]',
    ) !== null
  );
}
