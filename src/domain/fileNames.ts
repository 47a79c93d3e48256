/**
 * Renaming files on a media server (spec 001 §5 "File name prefix: a-z A-Z 0-9 and @~_-+={},!();
 * max 32; a file name must not already exist on the same media server") and choosing the server a
 * broadcast reads a file from (spec 001 §9 "Image probe time-out 5000 ms for file server
 * selection"). Pure: the probe is given.
 *
 * Ours (docs/domain.md "Files"):
 * - the user types a new prefix, never an extension or a part suffix: a file keeps its extension
 *   and its `_partN` suffix (spec 001 §3 "multi-part names use a part suffix", files.ts);
 * - a recording is the files of one media server that share a base name (its parts and its
 *   metadata files): renaming one renames them all, so parts and metadata stay together;
 * - a name is taken when another file of the same media server has it, compared exactly.
 */
import { IMAGE_PROBE_TIMEOUT_MS } from './constants.ts';
import { parsePartName, partFileName } from './files.ts';
import { firstError } from './validation/check.ts';
import { required } from './validation/fields.ts';
import { FILE_MESSAGES, filePrefix } from './validation/filePrefix.ts';

export { FILE_MESSAGES } from './validation/filePrefix.ts';

/** A file as the rename rules see it. */
export interface NamedFile {
  readonly fileId: string;
  readonly fileName: string;
  /** The media server holding it. */
  readonly mmhId: string;
}

/** The prefix a user typed: required, at most 32 characters, a-z A-Z 0-9 and @~_-+={},!() only. */
export function renamePrefixError(prefix: string | null | undefined): string | null {
  return firstError(prefix, [required, filePrefix]);
}

/** The base name a file's recording is known by (its name without part suffix and extension). */
export function recordingBaseOf(fileName: string): string {
  const parsed = parsePartName(fileName);
  if (parsed !== null) return parsed.baseName;
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** The name a file takes when its recording is renamed to `prefix`: same part and extension. */
export function renamedFileName(fileName: string, prefix: string): string {
  const parsed = parsePartName(fileName);
  if (parsed !== null) return partFileName(prefix, parsed.part, parsed.extension);
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${prefix}${fileName.slice(dot)}` : prefix;
}

export interface Rename {
  readonly fileId: string;
  readonly from: string;
  readonly to: string;
}

export type RenamePlan = { readonly ok: true; readonly renames: readonly Rename[] } | { readonly ok: false; readonly error: string };

/**
 * The renames that give `fileId`'s recording the prefix `prefix`, among `files` (every file of
 * the target's media server, or more). Refused with the prefix rule's message, or with "A file
 * with this name already exists on this media server" when a new name is another file's (a file
 * of the recording may keep its own name: renaming to the same prefix changes nothing).
 */
export function planRename(files: readonly NamedFile[], fileId: string, prefix: string): RenamePlan {
  const prefixError = renamePrefixError(prefix);
  if (prefixError !== null) return { ok: false, error: prefixError };
  const target = files.find((file) => file.fileId === fileId);
  if (target === undefined) return { ok: false, error: 'File not found' };
  const onServer = files.filter((file) => file.mmhId === target.mmhId);
  const base = recordingBaseOf(target.fileName);
  const recording = onServer.filter((file) => recordingBaseOf(file.fileName) === base);
  const moving = new Set(recording.map((file) => file.fileId));
  const others = new Set(onServer.filter((file) => !moving.has(file.fileId)).map((file) => file.fileName));
  const renames = recording.map((file) => ({ fileId: file.fileId, from: file.fileName, to: renamedFileName(file.fileName, prefix) }));
  const targets = new Set<string>();
  for (const rename of renames) {
    if (others.has(rename.to) || targets.has(rename.to)) return { ok: false, error: FILE_MESSAGES.nameExists };
    targets.add(rename.to);
  }
  return { ok: true, renames: renames.filter((rename) => rename.from !== rename.to) };
}

// ---------------------------------------------------------------------------------------------
// The file server of a broadcast (spec 001 §9)

export interface FileServerCandidate {
  readonly id: string;
  /** An image on that server; it loads when the server answers. */
  readonly probeUrl: string;
}

/** Loads an image within `timeoutMs`; true when it loaded. The console's is an <img> (files feature). */
export type ImageProbe = (url: string, timeoutMs: number) => Promise<boolean>;

/**
 * The server a broadcast reads the file from: every candidate is probed at once, each for at most
 * 5,000 ms, and the first candidate in the given order (the file's own media server first) whose
 * image loaded wins; null when none answered.
 */
export async function chooseFileServer<T extends FileServerCandidate>(candidates: readonly T[], probe: ImageProbe, timeoutMs: number = IMAGE_PROBE_TIMEOUT_MS): Promise<T | null> {
  const answers = await Promise.all(candidates.map((candidate) => probe(candidate.probeUrl, timeoutMs).catch(() => false)));
  return candidates.find((_candidate, index) => answers[index] === true) ?? null;
}
