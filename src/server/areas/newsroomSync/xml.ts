/**
 * A small strict XML parser for newsroom sync (a mapping and its sample content): elements,
 * attributes, text, CDATA, comments and processing instructions, namespaces resolved. It never
 * reads anything but the text it is given: a DOCTYPE is refused (no external or internal
 * entities), only the five predefined entities and character references are expanded. Errors are
 * thrown as XmlError with a short reason and the line.
 */
import type { XmlElement } from '../../../domain/newsroomSync.ts';

export interface XNode {
  readonly kind: 'element' | 'text';
}
export interface XText extends XNode {
  readonly kind: 'text';
  readonly value: string;
  parent: XElem | null;
}
export interface XElem extends XNode {
  readonly kind: 'element';
  readonly namespace: string | null;
  readonly localName: string;
  /** Attributes by local name (namespaced attributes keep their prefix: "xml:lang"). */
  readonly attributes: Record<string, string>;
  /** Prefix → namespace in scope here (for QNames inside XPath expressions). */
  readonly namespaces: Record<string, string>;
  readonly nodes: (XElem | XText)[];
  parent: XElem | null;
}

export class XmlError extends Error {}
export class DoctypeError extends XmlError {}

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string, line: () => number): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`a bare & at line ${line()}`);
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = PREDEFINED[ref];
    if (value === undefined) throw new XmlError(`the entity &${ref}; at line ${line()} is not defined`);
    return value;
  });
}

/** Parses a document; answers its root element. */
export function parseXml(source: string): XElem {
  let i = 0;
  const line = () => source.slice(0, i).split('\n').length;
  const stack: XElem[] = [];
  let root: XElem | null = null;
  const fail = (reason: string): never => {
    throw new XmlError(`${reason} at line ${line()}`);
  };
  const addText = (value: string) => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (value.trim() !== '') fail('text outside the root element');
      return;
    }
    top.nodes.push({ kind: 'text', value, parent: top });
  };
  while (i < source.length) {
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end < 0) fail('an unclosed comment');
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i);
      if (end < 0) fail('an unclosed CDATA section');
      if (stack.length === 0) fail('CDATA outside the root element');
      addText(source.slice(i + 9, end));
      i = end + 3;
    } else if (source.startsWith('<!DOCTYPE', i) || source.startsWith('<!doctype', i)) {
      throw new DoctypeError('DOCTYPE');
    } else if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end < 0) fail('an unclosed processing instruction');
      i = end + 2;
    } else if (source.startsWith('</', i)) {
      const match = NAME.exec(source.slice(i + 2));
      const top = stack.pop();
      if (match === null || top === undefined) return fail('an unexpected end tag');
      const qname = match[0];
      const local = qname.includes(':') ? qname.slice(qname.indexOf(':') + 1) : qname;
      if (local !== top.localName) fail(`</${qname}> does not close <${top.localName}>`);
      i += 2 + qname.length;
      while (/\s/.test(source[i] ?? '')) i += 1;
      if (source[i] !== '>') fail('a malformed end tag');
      i += 1;
      if (stack.length === 0) root = top;
    } else if (source[i] === '<') {
      const match = NAME.exec(source.slice(i + 1));
      if (match === null) return fail('a malformed start tag');
      if (root !== null) fail('a second root element');
      const qname = match[0];
      i += 1 + qname.length;
      const raw: [string, string][] = [];
      for (;;) {
        while (/\s/.test(source[i] ?? '')) i += 1;
        if (source.startsWith('/>', i) || source[i] === '>') break;
        const attr = NAME.exec(source.slice(i));
        if (attr === null) return fail('a malformed attribute');
        i += attr[0].length;
        while (/\s/.test(source[i] ?? '')) i += 1;
        if (source[i] !== '=') fail(`the attribute ${attr[0]} has no value`);
        i += 1;
        while (/\s/.test(source[i] ?? '')) i += 1;
        const quote = source[i];
        if (quote !== '"' && quote !== "'") return fail('an attribute value without quotes');
        const end = source.indexOf(quote, i + 1);
        if (end < 0) fail('an unclosed attribute value');
        const value = source.slice(i + 1, end);
        if (value.includes('<')) fail('a < in an attribute value');
        raw.push([attr[0], decode(value, line)]);
        i = end + 1;
      }
      const parent = stack[stack.length - 1] ?? null;
      const namespaces: Record<string, string> = { ...(parent?.namespaces ?? {}) };
      const attributes: Record<string, string> = {};
      for (const [name, value] of raw) {
        if (name === 'xmlns') namespaces[''] = value;
        else if (name.startsWith('xmlns:')) namespaces[name.slice(6)] = value;
      }
      for (const [name, value] of raw) if (name !== 'xmlns' && !name.startsWith('xmlns:')) attributes[name] = value;
      const prefix = qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '';
      const namespace = prefix === '' ? (namespaces[''] ?? null) : (namespaces[prefix] ?? fail(`the prefix ${prefix}: is not declared`));
      const element: XElem = { kind: 'element', namespace: namespace === '' ? null : namespace, localName: qname.includes(':') ? qname.slice(prefix.length + 1) : qname, attributes, namespaces, nodes: [], parent };
      parent?.nodes.push(element);
      if (source.startsWith('/>', i)) {
        i += 2;
        if (parent === null) root = element;
      } else {
        i += 1;
        stack.push(element);
      }
    } else {
      const end = source.indexOf('<', i);
      const text = source.slice(i, end < 0 ? source.length : end);
      addText(decode(text, line));
      i = end < 0 ? source.length : end;
    }
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1]?.localName}> is not closed`);
  if (root === null) return fail('no root element');
  return root;
}

/** The element tree as the domain's rules read it (src/domain/newsroomSync.ts). */
export function toXmlElement(element: XElem): XmlElement {
  return { namespace: element.namespace, localName: element.localName, attributes: element.attributes, children: element.nodes.flatMap((n) => (n.kind === 'element' ? [toXmlElement(n)] : [])) };
}

/** The text of an element and its descendants (XPath string value). */
export function textOf(node: XElem | XText): string {
  return node.kind === 'text' ? node.value : node.nodes.map(textOf).join('');
}
