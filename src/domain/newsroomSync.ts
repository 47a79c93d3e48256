/**
 * Story settings (newsroom sync): an inventory's ingest account and its XSLT story mapping (spec
 * 001 §3 "Inventory ingest account, XSLT mapping file", §5 "File upload type for story mapping:
 * XSLT only", §7 ingestaccount GET, PUT, password POST, xsltfile POST, DELETE and test with
 * content). Pure rules; the server parses the XML (src/server/areas/newsroomSync/xslt.ts) and
 * hands these rules a plain element tree.
 *
 * Ours (docs/domain.md "Stories and newsroom sync"):
 * - the account: the newsroom system's address (http or https), a username, a password (set apart,
 *   never shown back) and how often it is polled (30-3600 s);
 * - a mapping is XSLT 1.0 in one file: it may not load other files (xsl:import, xsl:include,
 *   document()) and may not declare a document type (no entities);
 * - it turns the newsroom's content into <stories><story>…</story></stories>, each story's
 *   children named after the story fields (slugline, crewName, usageTerms, provider, reporter,
 *   keywords, comments); each story is then checked like a typed one (slugline required, fields
 *   at most 1024 characters).
 */
import { mergeStory, type StoryForm, type StoryInput } from './stories.ts';
import { STORY_TEXT_FIELDS, type StoryTextField } from './validation/stories.ts';
import type { FormErrors } from './validation/check.ts';
import { firstError } from './validation/check.ts';
import { maxLength, maxValue, minValue, required, requiredNumber, integer, number } from './validation/fields.ts';

export { XSLT_ONLY, storyMappingFileError } from './validation/stories.ts';

/** The XSLT namespace (XSLT 1.0, 2.0 and 3.0 share it). */
export const XSLT_NAMESPACE = 'http://www.w3.org/1999/XSL/Transform';

/** Largest mapping file and sample content the server takes (bytes of UTF-8 text; ours). */
export const XSLT_MAX_BYTES = 256 * 1024;
export const SAMPLE_MAX_BYTES = 256 * 1024;
/** Most stories one test shows (ours). */
export const TEST_STORIES_MAX = 200;

/** How often the newsroom is polled (s; ours). */
export const POLL_INTERVAL_S = { min: 30, max: 3600, default: 60 } as const;

/** XSLT 1.0's instructions and top-level elements, less the two that load other files. */
export const XSLT_ELEMENTS = [
  'stylesheet',
  'transform',
  'template',
  'apply-templates',
  'apply-imports',
  'call-template',
  'param',
  'with-param',
  'variable',
  'value-of',
  'for-each',
  'if',
  'choose',
  'when',
  'otherwise',
  'sort',
  'text',
  'element',
  'attribute',
  'attribute-set',
  'copy',
  'copy-of',
  'number',
  'output',
  'strip-space',
  'preserve-space',
  'key',
  'decimal-format',
  'namespace-alias',
  'comment',
  'processing-instruction',
  'fallback',
  'message',
] as const;

/** Elements that would read other files (the network or the disk). */
export const XSLT_LOADING_ELEMENTS = ['import', 'include'] as const;

export const NEWSROOM_MESSAGES = {
  notWellFormed: 'The file is not well-formed XML: {0}',
  doctype: 'A document type declaration (DOCTYPE) is not allowed in a mapping',
  notStylesheet: 'The file is not an XSLT stylesheet: its root must be xsl:stylesheet or xsl:transform in the XSLT namespace',
  noVersion: 'The stylesheet must say its XSLT version (version="1.0")',
  unknownElement: 'xsl:{0} is not an XSLT 1.0 element',
  loadsFiles: 'xsl:{0} is not allowed: a mapping is one file and may not load others',
  documentFunction: 'document() is not allowed: a mapping reads only the content it is given',
  tooLarge: 'The file is larger than {0} KB',
  compileFailed: 'The stylesheet could not be run: {0}',
  timedOut: 'The mapping took longer than {0} ms and was stopped',
  noMapping: 'No XSLT mapping has been uploaded for this inventory',
  noAccount: 'Configuration unavailable',
  notStories: 'The mapping must produce <stories> with one <story> per story',
  sampleNotWellFormed: 'The sample content is not well-formed XML: {0}',
  badUrl: 'Use an http:// or https:// address',
} as const;

/** A parsed XML element as the rules read it. */
export interface XmlElement {
  readonly namespace: string | null;
  readonly localName: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
}

const fill = (template: string, value: string | number): string => template.replace('{0}', String(value));

/** A document() call in an XPath expression or attribute value template. */
const DOCUMENT_CALL = /(^|[^\w.-])document\s*\(/;

/**
 * The first reason a parsed document is not a mapping we run, or null: the root is
 * xsl:stylesheet or xsl:transform with a version; every xsl: element is an XSLT 1.0 element;
 * none loads other files (xsl:import, xsl:include, document()).
 */
export function xsltStructureError(root: XmlElement): string | null {
  if (root.namespace !== XSLT_NAMESPACE || (root.localName !== 'stylesheet' && root.localName !== 'transform')) return NEWSROOM_MESSAGES.notStylesheet;
  if ((root.attributes['version'] ?? '').trim() === '') return NEWSROOM_MESSAGES.noVersion;
  const visit = (element: XmlElement): string | null => {
    if (element.namespace === XSLT_NAMESPACE) {
      if ((XSLT_LOADING_ELEMENTS as readonly string[]).includes(element.localName)) return fill(NEWSROOM_MESSAGES.loadsFiles, element.localName);
      if (!(XSLT_ELEMENTS as readonly string[]).includes(element.localName)) return fill(NEWSROOM_MESSAGES.unknownElement, element.localName);
    }
    if (Object.values(element.attributes).some((value) => DOCUMENT_CALL.test(value))) return NEWSROOM_MESSAGES.documentFunction;
    for (const child of element.children) {
      const error = visit(child);
      if (error !== null) return error;
    }
    return null;
  };
  return visit(root);
}

/** A story the mapping yielded, as checked: its fields and the errors a typed story would get. */
export interface MappedStory {
  readonly form: StoryForm;
  readonly errors: FormErrors<StoryTextField>;
}

/**
 * The stories of a mapping's output: the <story> children of a <stories> root (namespace-free),
 * each child element named after a story field giving that field's text; other elements are
 * ignored. Null when the output is not <stories>.
 */
export function storiesOfMappingOutput(root: XmlElement, textOf: (element: XmlElement) => string): MappedStory[] | null {
  if (root.localName !== 'stories') return null;
  return root.children
    .filter((child) => child.localName === 'story')
    .slice(0, TEST_STORIES_MAX)
    .map((story) => {
      const input: Partial<Record<StoryTextField, string>> = {};
      for (const field of story.children) {
        if ((STORY_TEXT_FIELDS as readonly string[]).includes(field.localName)) input[field.localName as StoryTextField] = textOf(field);
      }
      return mergeStory(input as StoryInput);
    });
}

// ---------------------------------------------------------------------------------------------
// The ingest account form

export interface IngestAccountForm {
  readonly serverUrl: string;
  readonly username: string;
  readonly pollIntervalS: number | string | null;
}
export type IngestAccountField = keyof IngestAccountForm | 'password';

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The newsroom's address: required, http(s), at most 2048 characters. */
export function ingestServerUrlError(value: string | null | undefined): string | null {
  return firstError(value, [required, maxLength(2048), (text) => (HTTP_URL.test((text ?? '').trim()) ? null : NEWSROOM_MESSAGES.badUrl)]);
}

export function ingestAccountErrors(form: IngestAccountForm): FormErrors<IngestAccountField> {
  const errors: FormErrors<IngestAccountField> = {};
  const set = (field: IngestAccountField, message: string | null): void => {
    if (message !== null) errors[field] = message;
  };
  set('serverUrl', ingestServerUrlError(form.serverUrl));
  set('username', firstError(form.username, [required, maxLength(255)]));
  set('pollIntervalS', firstError(form.pollIntervalS, [requiredNumber, number, integer, minValue(POLL_INTERVAL_S.min), maxValue(POLL_INTERVAL_S.max)]));
  return errors;
}

/** A new password: required, at most 255 characters. */
export function ingestPasswordError(value: string | null | undefined): string | null {
  return firstError(value, [required, maxLength(255)]);
}
