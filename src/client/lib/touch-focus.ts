/**
 * Touch screens (issue 25, decision 0365): focusing a text field raises the on-screen keyboard,
 * which covers half the screen and the dialog that was just opened. A mouse or a keyboard user
 * gains from the caret being in the first field; a finger does not.
 */
export const COARSE_POINTER = '(pointer: coarse)';

export function isCoarsePointer(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(COARSE_POINTER).matches
    : false;
}

/** Input types that take typed text, so the on-screen keyboard comes up with the focus. */
const NO_KEYBOARD_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

export function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) return !element.readOnly && !NO_KEYBOARD_INPUTS.has(element.type);
  // `=== true`: jsdom leaves isContentEditable undefined.
  return element instanceof HTMLElement && element.isContentEditable === true;
}

/** Hidden by CSS itself or by an ancestor: Radix skips those when it picks what to focus. */
function isHidden(element: HTMLElement, upTo: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node && node !== upTo; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return true;
  }
  return false;
}

/**
 * What Radix's FocusScope focuses on opening: the first tabbable element in document order, links
 * left out (its `removeLinks`), disabled and hidden ones skipped.
 */
export function firstTabbable(container: HTMLElement): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>('*')) {
    if (element.tabIndex < 0 || element.tagName === 'A') continue;
    if ((element as HTMLButtonElement).disabled) continue;
    if (element instanceof HTMLInputElement && element.type === 'hidden') continue;
    if (isHidden(element, container)) continue;
    return element;
  }
  return null;
}

/**
 * An `onOpenAutoFocus` for dialogs, sheets and popovers, run after the caller's own: on a touch
 * screen, when the focus would land in a text field, the content itself takes it instead (Radix
 * gives it tabindex -1, and a screen reader still reads the dialog's name). A caller that chose
 * its own target (`preventDefault`) and every mouse or keyboard user keep the usual first field.
 */
export function keepKeyboardDown(event: Event): void {
  if (event.defaultPrevented || !isCoarsePointer()) return;
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement) || !isTextEntry(firstTabbable(content))) return;
  event.preventDefault();
  content.focus({ preventScroll: true });
}
