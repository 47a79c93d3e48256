/**
 * Store-and-forward file name prefix and file names on media servers. spec 001 §5: prefix of
 * a-z A-Z 0-9 and @~_-+={},!(); max 32 (also spec 000 §9); a file name must not already exist on
 * the same media server.
 */
import type { FieldCheck } from './check.ts';
import { firstError } from './check.ts';
import { matches, maxLength } from './fields.ts';

/** spec 000 §9 and 001 §5. */
export const FILE_PREFIX_MAX_LENGTH = 32;

/** spec 001 §5: the characters a prefix may hold, one by one. */
export const FILE_PREFIX_SPECIAL_CHARACTERS = '@~_-+={},!()';

const FILE_PREFIX = /^[A-Za-z0-9@~_\-+={},!()]+$/;

/** Our wording for the spec's rules. */
export const FILE_MESSAGES = {
  prefixCharacters: 'Use only letters, digits and @~_-+={},!()',
  nameExists: 'A file with this name already exists on this media server',
} as const;

/** Prefix: optional, at most 32 characters ("Must have at most 32 characters"), allowed characters only. */
export const filePrefix: FieldCheck<string | null | undefined> = (value) =>
  firstError(value, [maxLength(FILE_PREFIX_MAX_LENGTH), matches(FILE_PREFIX, FILE_MESSAGES.prefixCharacters)]);

export interface StoredFile {
  readonly fileId: string;
  readonly fileName: string;
  /** The media server (MMH) holding the file. */
  readonly mmhId: string;
}

/**
 * True when another file on the same media server already has this name. Names compare exactly
 * (case-sensitive, as on the server's file system); `exceptFileId` leaves out the file being renamed.
 */
export function fileNameTaken(
  fileName: string,
  mmhId: string,
  files: readonly StoredFile[],
  exceptFileId?: string,
): boolean {
  return files.some((file) => file.mmhId === mmhId && file.fileName === fileName && file.fileId !== exceptFileId);
}

/** The message form of fileNameTaken. */
export function fileNameError(
  fileName: string,
  mmhId: string,
  files: readonly StoredFile[],
  exceptFileId?: string,
): string | null {
  return fileNameTaken(fileName, mmhId, files, exceptFileId) ? FILE_MESSAGES.nameExists : null;
}
