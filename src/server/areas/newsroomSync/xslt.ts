/**
 * Validating and testing a newsroom's XSLT story mapping (spec 001 §5 "XSLT only", §7 ingestaccount
 * xsltfile and test). Validation: the file parses as XML without a DOCTYPE and passes the domain's
 * structure rules (XSLT namespace, version, XSLT 1.0 elements only, no xsl:import, xsl:include or
 * document()). Test: the mapping runs over the sample content in this module's own interpreter of
 * an XSLT 1.0 subset — it has no I/O at all (nothing reaches the network or the file system), and
 * stops after a fixed number of steps. The subset: template (match "/", a name, "*", "text()"),
 * apply-templates, for-each, value-of, text, if, choose/when/otherwise, copy-of, element and
 * literal result elements with {path} attribute values; XPath location paths (/, //, ., .., *,
 * name, @name, text()) and = / != against a string in tests. Anything else is refused by name.
 */
import { NEWSROOM_MESSAGES, XSLT_NAMESPACE, xsltStructureError } from '../../../domain/newsroomSync.ts';
import { DoctypeError, parseXml, textOf, toXmlElement, XmlError, type XElem, type XText } from './xml.ts';

/** Steps a test may take (each node visited, each instruction run); beyond it the run stops. */
export const MAPPING_STEP_BUDGET = 200_000;

export class MappingError extends Error {}

const fill = (template: string, value: string | number): string => template.replace('{0}', String(value));

/** Parses and checks a mapping; answers its stylesheet element, or throws MappingError with our words. */
export function checkMapping(text: string): XElem {
  let root: XElem;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof DoctypeError) throw new MappingError(NEWSROOM_MESSAGES.doctype);
    if (error instanceof XmlError) throw new MappingError(fill(NEWSROOM_MESSAGES.notWellFormed, error.message));
    throw error;
  }
  const structure = xsltStructureError(toXmlElement(root));
  if (structure !== null) throw new MappingError(structure);
  return root;
}

type Node = XElem | XText;

const element = (localName: string, parent: XElem | null): XElem => ({ kind: 'element', namespace: null, localName, attributes: {}, namespaces: {}, nodes: [], parent });

/** Runs a checked mapping over sample content; answers the output's root element. */
export function runMapping(stylesheet: XElem, sample: string): XElem {
  let input: XElem;
  try {
    input = parseXml(sample);
  } catch (error) {
    if (error instanceof DoctypeError) throw new MappingError(fill(NEWSROOM_MESSAGES.sampleNotWellFormed, 'a DOCTYPE is not allowed'));
    if (error instanceof XmlError) throw new MappingError(fill(NEWSROOM_MESSAGES.sampleNotWellFormed, error.message));
    throw error;
  }
  const documentNode = element('#document', null);
  documentNode.nodes.push(input);
  input.parent = documentNode;
  let steps = 0;
  const tick = () => {
    steps += 1;
    if (steps > MAPPING_STEP_BUDGET) throw new MappingError(fill(NEWSROOM_MESSAGES.compileFailed, `more than ${MAPPING_STEP_BUDGET} steps`));
  };
  const unsupported = (what: string): never => {
    throw new MappingError(fill(NEWSROOM_MESSAGES.compileFailed, `${what} is not supported by the test`));
  };
  const isXsl = (e: XElem, name?: string) => e.namespace === XSLT_NAMESPACE && (name === undefined || e.localName === name);
  const templates = stylesheet.nodes.filter((n): n is XElem => n.kind === 'element' && isXsl(n, 'template'));

  // ── XPath subset ──
  const children = (n: Node): Node[] => (n.kind === 'element' ? n.nodes : []);
  const descendants = (n: Node): Node[] => children(n).flatMap((c) => [c, ...descendants(c)]);
  const step = (nodes: Node[], test: string, axis: 'child' | 'descendant'): Node[] => {
    const out: Node[] = [];
    for (const n of nodes) {
      tick();
      if (test === '.') {
        out.push(n);
        continue;
      }
      if (test === '..') {
        if (n.parent !== null) out.push(n.parent);
        continue;
      }
      if (test.startsWith('@')) {
        const value = n.kind === 'element' ? n.attributes[test.slice(1)] : undefined;
        if (value !== undefined) out.push({ kind: 'text', value, parent: n.kind === 'element' ? n : null });
        continue;
      }
      const pool = axis === 'child' ? children(n) : descendants(n);
      for (const c of pool) {
        if (test === 'text()' ? c.kind === 'text' : c.kind === 'element' && (test === '*' || c.localName === (test.includes(':') ? test.slice(test.indexOf(':') + 1) : test))) out.push(c);
      }
    }
    return [...new Set(out)];
  };
  const select = (expr: string, context: Node): Node[] => {
    const path = expr.trim();
    if (path === '') return unsupported('an empty expression');
    if (/[[\](),$|]/.test(path) && path !== 'text()' && !path.endsWith('/text()')) return unsupported(`the expression "${path.slice(0, 60)}"`);
    let nodes: Node[] = [context];
    let rest = path;
    if (rest.startsWith('//')) {
      nodes = [documentNode, ...descendants(documentNode)];
      rest = rest.slice(2);
    } else if (rest.startsWith('/')) {
      nodes = [documentNode];
      rest = rest.slice(1);
      if (rest === '') return nodes;
    }
    for (const part of rest.split(/(\/\/|\/)/)) {
      if (part === '/' || part === '') continue;
      if (part === '//') {
        nodes = nodes.flatMap((n) => [n, ...descendants(n)]);
        continue;
      }
      nodes = step(nodes, part, 'child');
    }
    return nodes;
  };
  const stringOf = (expr: string, context: Node): string => {
    const literal = /^\s*(['"])(.*)\1\s*$/.exec(expr);
    if (literal !== null) return literal[2] ?? '';
    const first = select(expr, context)[0];
    return first === undefined ? '' : textOf(first);
  };
  const test = (expr: string, context: Node): boolean => {
    const comparison = /^(.*?)(!=|=)(.*)$/.exec(expr);
    if (comparison !== null) {
      const equal = stringOf(comparison[1] ?? '', context) === stringOf(comparison[3] ?? '', context);
      return comparison[2] === '=' ? equal : !equal;
    }
    return select(expr, context).length > 0;
  };
  const avt = (value: string, context: Node) => value.replace(/\{([^}]*)\}/g, (_w, expr: string) => stringOf(expr, context));

  // ── Templates ──
  const matches = (pattern: string, node: Node): boolean =>
    pattern.split('|').some((alternative) => {
      const p = alternative.trim();
      if (p === '/') return node === documentNode;
      if (p === 'text()') return node.kind === 'text';
      if (node.kind !== 'element' || node === documentNode) return false;
      const last = p.split('/').pop() ?? '';
      return last === '*' || last === node.localName || last.endsWith(`:${node.localName}`);
    });
  const apply = (nodes: Node[], out: XElem) => {
    for (const node of nodes) {
      tick();
      const template = [...templates].reverse().find((t) => matches(t.attributes['match'] ?? '', node));
      if (template !== undefined) run(template.nodes, node, out);
      else if (node.kind === 'text') out.nodes.push({ kind: 'text', value: node.value, parent: out });
      else apply(node.nodes, out); // the built-in rule: on to the children
    }
  };
  const run = (instructions: Node[], context: Node, out: XElem): void => {
    for (const instruction of instructions) {
      tick();
      if (instruction.kind === 'text') {
        if (instruction.value.trim() !== '') out.nodes.push({ kind: 'text', value: instruction.value, parent: out });
        continue;
      }
      if (!isXsl(instruction)) {
        const made = element(instruction.localName, out);
        for (const [name, value] of Object.entries(instruction.attributes)) made.attributes[name] = avt(value, context);
        out.nodes.push(made);
        run(instruction.nodes, context, made);
        continue;
      }
      const a = instruction.attributes;
      switch (instruction.localName) {
        case 'apply-templates':
          apply(a['select'] === undefined ? children(context) : select(a['select'], context), out);
          break;
        case 'for-each':
          for (const node of select(a['select'] ?? '', context)) run(instruction.nodes, node, out);
          break;
        case 'value-of':
          out.nodes.push({ kind: 'text', value: stringOf(a['select'] ?? '', context), parent: out });
          break;
        case 'text':
          out.nodes.push({ kind: 'text', value: textOf(instruction), parent: out });
          break;
        case 'if':
          if (test(a['test'] ?? '', context)) run(instruction.nodes, context, out);
          break;
        case 'choose': {
          const branches = instruction.nodes.filter((n): n is XElem => n.kind === 'element' && isXsl(n));
          const chosen = branches.find((b) => b.localName === 'when' && test(b.attributes['test'] ?? '', context)) ?? branches.find((b) => b.localName === 'otherwise');
          if (chosen !== undefined) run(chosen.nodes, context, out);
          break;
        }
        case 'copy-of':
          for (const node of select(a['select'] ?? '', context)) out.nodes.push(node.kind === 'text' ? { kind: 'text', value: node.value, parent: out } : copy(node, out));
          break;
        case 'element': {
          const made = element(avt(a['name'] ?? '', context), out);
          out.nodes.push(made);
          run(instruction.nodes, context, made);
          break;
        }
        case 'output':
        case 'strip-space':
        case 'preserve-space':
        case 'comment':
        case 'message':
          break;
        default:
          unsupported(`xsl:${instruction.localName}`);
      }
    }
  };
  const copy = (node: XElem, parent: XElem): XElem => {
    tick();
    const made: XElem = { ...element(node.localName, parent), attributes: { ...node.attributes } };
    for (const child of node.nodes) made.nodes.push(child.kind === 'text' ? { kind: 'text', value: child.value, parent: made } : copy(child, made));
    return made;
  };

  const result = element('#result', null);
  apply([documentNode], result);
  const roots = result.nodes.filter((n): n is XElem => n.kind === 'element');
  if (roots.length !== 1 || roots[0] === undefined) throw new MappingError(NEWSROOM_MESSAGES.notStories);
  return roots[0];
}

export { textOf, toXmlElement };
