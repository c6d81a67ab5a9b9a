import type { XmlElement } from './xml';

/**
 * The names a /rest reply is made of, as paths (`artists/index/artist@name`), to compare one reply's
 * XML and JSON forms (subsonic-response.ts writes both from one description): an attribute is a
 * scalar property, an element an object or an array's item, `value` an element's text.
 */
export function elementNames(root: XmlElement): string[] {
  const names = new Set<string>();
  const walk = (element: XmlElement, at: string) => {
    for (const name of Object.keys(element.attributes)) names.add(`${at}@${name}`);
    for (const child of element.children) {
      names.add(`${at}/${child.name}`);
      walk(child, `${at}/${child.name}`);
    }
  };
  walk(root, '');
  return [...names].sort();
}

export function jsonElementNames(envelope: Record<string, unknown>): string[] {
  const names = new Set<string>();
  const walk = (node: Record<string, unknown>, at: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value === null || value === undefined) continue;
      if (key === 'value' && typeof value !== 'object') continue;
      const items = Array.isArray(value) ? value : [value];
      if (!Array.isArray(value) && typeof value !== 'object') {
        names.add(`${at}@${key}`);
        continue;
      }
      for (const item of items) {
        names.add(`${at}/${key}`);
        if (item !== null && typeof item === 'object') walk(item as Record<string, unknown>, `${at}/${key}`);
      }
    }
  };
  walk(envelope, '');
  return [...names].sort();
}
