import { vi } from 'vitest';

/**
 * jsdom has no layout: elements carrying `attribute` get the box they have in the app (`rowHeight`
 * px, stacked in their parent from y = 100) so dnd-kit can measure and collide. Everything else keeps
 * jsdom's zero box.
 */
export function layOutStackedRows(attribute: string, { rowHeight = 48, width = 600 } = {}) {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (!this.hasAttribute(attribute)) return original.call(this);
    const index = Array.from(this.parentElement?.children ?? []).indexOf(this);
    return new DOMRect(0, 100 + index * rowHeight, width, rowHeight);
  });
}
