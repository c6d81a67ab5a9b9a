import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has no layout, so a virtualized list measures every row as 0 px tall. As the react-virtual
 * docs suggest for tests, rows (elements with `data-index`) get `rowHeight` (box and offsetHeight), and the window is the
 * scrolling area (jsdom's 1024 × 768). Returns a way to scroll the window to `y` px.
 */
export function layOutVirtualRows(rowHeight: number) {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
  // Everything else starts at the top of the page, so it moves up as the window scrolls.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.hasAttribute('data-index')) return new DOMRect(0, 0, 800, rowHeight);
    return new DOMRect(0, -window.scrollY, 0, 0);
  });
  // jsdom has no scrolling either; react-virtual scrolls the window to keep rows in place.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // react-virtual measures a row by its offsetHeight.
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.hasAttribute('data-index')) return rowHeight;
    return (offsetHeight?.get?.call(this) as number | undefined) ?? 0;
  });
  return (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
      window.dispatchEvent(new Event('scroll'));
    });
}
