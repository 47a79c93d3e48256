/**
 * Free-text fields of a unit (spec 000 §5, §9): the comment and the metadata fields of the unit
 * configuration.
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { matches, maxLength } from './fields.ts';

type Text = string | null | undefined;

/** spec 000 §5, §9: "Unit comment: max 100 characters". */
export const UNIT_COMMENT_MAX_CHARS = 100;

/** spec 000 §5, §9: metadata fields "max 1024 characters". */
export const METADATA_MAX_CHARS = 1024;

/** Ours: spec 000 §5 names the rule (no semicolon, no backslash) but not the words. */
export const METADATA_FORBIDDEN_CHARS_MESSAGE = 'Must not contain a semicolon (;) or a backslash (\\)';

/** "Must have at most 100 characters" for a longer comment; an empty comment passes. */
export const unitComment: FieldCheck<Text> = maxLength(UNIT_COMMENT_MAX_CHARS);

const metadataChecks: ReadonlyArray<FieldCheck<Text>> = [
  matches(/^[^;\\]*$/, METADATA_FORBIDDEN_CHARS_MESSAGE),
  maxLength(METADATA_MAX_CHARS),
];

/** One metadata field: no ';', no '\', at most 1024 characters (spec 000 §5). Empty passes. */
export const metadataField: FieldCheck<Text> = (value) => firstError(value, metadataChecks);

/** Errors of the metadata form, keyed by the metadata field names the caller uses. */
export function metadataErrors<Field extends string>(fields: Readonly<Record<Field, Text>>): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const name of Object.keys(fields) as Field[]) {
    const message = metadataField(fields[name]);
    if (message !== null) errors[name] = message;
  }
  return errors;
}
