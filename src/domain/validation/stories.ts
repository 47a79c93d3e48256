/**
 * Stories (metadata). spec 001 §3 (fields), §5: story fields max 1024, slugline required; the
 * story mapping file upload takes XSLT only.
 */
import type { FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { maxLength, required } from './fields.ts';

/** spec 001 §5. */
export const STORY_FIELD_MAX_LENGTH = 1024;

/** spec 001 §3: the story fields a user edits (storyId and lastModified are the system's). */
export const STORY_TEXT_FIELDS = [
  'slugline',
  'crewName',
  'usageTerms',
  'provider',
  'reporter',
  'keywords',
  'comments',
] as const;
export type StoryTextField = (typeof STORY_TEXT_FIELDS)[number];
export type StoryForm = Readonly<Record<StoryTextField, string>>;

/** File extensions accepted as XSLT (compared case-insensitively). */
export const XSLT_EXTENSIONS = ['.xslt', '.xsl'] as const;

/** Our wording for the upload rule. */
export const XSLT_ONLY = 'Only XSLT files (.xslt or .xsl) can be uploaded';

/** Every field at most 1024 characters ("Must have at most 1024 characters"); slugline required. */
export function storyFormErrors(form: StoryForm): FormErrors<StoryTextField> {
  const errors: FormErrors<StoryTextField> = {};
  for (const field of STORY_TEXT_FIELDS) {
    const checks = field === 'slugline' ? [required, maxLength(STORY_FIELD_MAX_LENGTH)] : [maxLength(STORY_FIELD_MAX_LENGTH)];
    const message = firstError(form[field], checks);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

/** The story mapping upload: the file name must end in .xslt or .xsl. */
export function storyMappingFileError(fileName: string): string | null {
  const lower = fileName.trim().toLowerCase();
  return XSLT_EXTENSIONS.some((extension) => lower.length > extension.length && lower.endsWith(extension)) ? null : XSLT_ONLY;
}

/**
 * Content check for the server side: the document's root element is an XSLT stylesheet or
 * transform in the XSLT namespace. A light look at the text, not an XML parser.
 */
export function looksLikeXslt(text: string): boolean {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trimStart();
  const root = /^<([A-Za-z_][\w.-]*:)?(stylesheet|transform)\b[^>]*>/.exec(body);
  return root !== null && root[0].includes('http://www.w3.org/1999/XSL/Transform');
}
