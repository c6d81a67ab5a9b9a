import { SaxesParser } from 'saxes';

/** An XML element as a strict, namespace-aware parser read it (test support). */
export interface XmlElement {
  name: string;
  /** The element's namespace URI. */
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * Parses `xml` with saxes (jsdom's parser), which throws on anything not well-formed: an unescaped
 * `&` or `<`, a control character, a mismatched tag, a second root, an undeclared prefix.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, attr] of Object.entries(tag.attributes)) {
      if (name !== 'xmlns') attributes[name] = typeof attr === 'string' ? attr : attr.value;
    }
    const element: XmlElement = {
      name: tag.local ?? tag.name,
      uri: tag.uri ?? '',
      attributes,
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('No root element');
  return root;
}
