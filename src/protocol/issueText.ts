/**
 * Turns an effect Schema failure into one line of text that names every bad field by its path
 * (`data.links[0].port: Expected string`), for error frames, log-line errors and bad-frame reports.
 */
import { Result, Schema, SchemaIssue } from 'effect';

/** The outcome of every decoder in src/protocol: a value, or a message naming the bad field. */
export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** At most this many issues are spelled out; the rest are counted ("and 3 more"). */
export const MAX_ISSUES_SHOWN = 5;

const standard = SchemaIssue.makeFormatterStandardSchemaV1();

/** `data.links[0].port` for ['data', 'links', 0, 'port']; the root is called `root`. */
export function pathText(path: readonly PropertyKey[], root: string): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? root : text;
}

/**
 * One line for a Schema failure. `prefix` is prepended to every path (e.g. `data` when the schema
 * decoded an envelope's data); `root` names the value itself when the path is empty.
 */
export function issueText(error: Schema.SchemaError, root: string, prefix: readonly PropertyKey[] = []): string {
  const { issues } = standard(error.issue);
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const path = [...prefix, ...(issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment))];
    return `${pathText(path, root)}: ${issue.message}`;
  });
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} (and ${more} more)` : shown.join('; ');
}

/** Decodes with every issue collected (`errors: 'all'`) and returns a Decoded. */
export function decodeWith<S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  root: string,
  prefix: readonly PropertyKey[] = [],
): (input: unknown) => Decoded<S['Type']> {
  const decode = Schema.decodeUnknownResult(schema);
  return (input) => {
    const result = decode(input, { errors: 'all' });
    return Result.isSuccess(result)
      ? { ok: true, value: result.success }
      : { ok: false, error: issueText(result.failure, root, prefix) };
  };
}

/**
 * The message of each bad field of a Schema failure, keyed by the field's path without the root
 * (`name`, `links[0].port`), as a form shows them beside its fields. The first issue of a field wins.
 */
export function issueFields(error: Schema.SchemaError): Record<string, string> {
  const { issues } = standard(error.issue);
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
    const key = pathText(path, '');
    if (key !== '' && fields[key] === undefined) fields[key] = issue.message;
  }
  return fields;
}
