/**
 * What's-new notes (spec 001 §3, 002 §3: version, text, active), shown to users once after an
 * upgrade. Ours (docs/domain.md "What's new"): the server remembers, per user, the server version
 * whose notes the user last closed. When the server's version differs from it, the user is shown
 * the active notes newer than that version up to the server's (a user who never closed any sees
 * the notes of the running version only), newest first; closing them records the running version.
 * With no note to show nothing is recorded, so a note written later for the same version is seen.
 */
import { compareVersions, parseVersion } from './versions.ts';
import { firstError, type FormErrors } from './validation/check.ts';
import { maxLength, required } from './validation/fields.ts';

export const NOTE_VERSION_MAX_LENGTH = 32;
export const NOTE_TEXT_MAX_LENGTH = 4000;
export const NOTE_VERSION_MESSAGE = 'Must be a version such as 2.4 or 2.4.1';

export interface NoteLike {
  readonly version: string;
  readonly active: boolean;
}

/** The notes a user is shown now (newest first); empty when there is nothing new for them. */
export function notesToShow<N extends NoteLike>(notes: readonly N[], serverVersion: string, lastSeenVersion: string | null): N[] {
  if (lastSeenVersion !== null && compareVersions(lastSeenVersion, serverVersion) === 0) return [];
  return notes
    .filter((note) => note.active && parseVersion(note.version) !== null && compareVersions(note.version, serverVersion) <= 0)
    .filter((note) => (lastSeenVersion === null ? compareVersions(note.version, serverVersion) === 0 : compareVersions(note.version, lastSeenVersion) > 0))
    .sort((a, b) => compareVersions(b.version, a.version));
}

export interface NoteForm {
  readonly version: string;
  readonly text: string;
}
export function noteErrors(form: NoteForm): FormErrors<'version' | 'text'> {
  const errors: FormErrors<'version' | 'text'> = {};
  const version = firstError(form.version.trim(), [required, maxLength(NOTE_VERSION_MAX_LENGTH), (v) => (parseVersion(v ?? '') === null ? NOTE_VERSION_MESSAGE : null)]);
  const text = firstError(form.text, [required, maxLength(NOTE_TEXT_MAX_LENGTH)]);
  if (version !== null) errors.version = version;
  if (text !== null) errors.text = text;
  return errors;
}
