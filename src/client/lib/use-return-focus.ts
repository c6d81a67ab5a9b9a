import { useRef } from 'react';

/** What a closing dialog should focus: the control that opened it, or the menu's trigger for an item. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  // A menu item is gone once the menu closes; its menu names the button that opened it.
  const menu = active.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? active;
}

/**
 * Radix returns focus on close only to a `Dialog.Trigger`; most dialogs here are opened from a row
 * button or a menu item and would leave focus on the page's body (issue 23). When the dialog's
 * content asks where to put focus on opening, focus is still on the opener: it is noted then and
 * focused again on closing, when it is still on the page (decision 0296). The two handlers go to
 * the content's `onOpenAutoFocus` and `onCloseAutoFocus`.
 */
export function useReturnFocus(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
