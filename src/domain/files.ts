/**
 * Stored files and uploads (spec 000 §3, §9; spec 001 §2, §3; spec 002 §9): extensions, the
 * multi-part name suffix, upload statuses, the last-10 upload list, and the files filters.
 * Name validation (prefix, uniqueness) is not here. Times are ms since the epoch.
 */
import { UPLOADED_FILES_KEPT_PER_UNIT } from './constants.ts';
import type { UnitId } from './brand.ts';
import { assertNever } from './brand.ts';

/** Spec 001 §3 "Extensions: mkv, mp4, 3gp, mov, xml, json". */
export const FILE_EXTENSIONS = ['mkv', 'mp4', '3gp', 'mov', 'xml', 'json'] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

/** Spec 001 §2 file kind filter: chunks (recorded video) and metadata (story files). */
export const FILE_KINDS = ['chunks', 'metadata'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_OF_EXTENSION = {
  mkv: 'chunks',
  mp4: 'chunks',
  '3gp': 'chunks',
  mov: 'chunks',
  xml: 'metadata',
  json: 'metadata',
} as const satisfies Record<FileExtension, FileKind>;

/** The file entity of spec 001 §3. */
export interface StoredFile {
  readonly fileId: string;
  readonly fileName: string;
  readonly luName?: string | null;
  readonly mmhId?: string | null;
  readonly sizeBytes?: number | null;
  /** ms since the epoch. */
  readonly lastModified: number;
  readonly isTransferring?: boolean;
  readonly rootDirectory?: string | null;
}

/** The extension after the last dot, case-insensitive; null when it is not one of the six. */
export function fileExtension(fileName: string): FileExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (FILE_EXTENSIONS as readonly string[]).includes(extension) ? (extension as FileExtension) : null;
}

export function fileKind(fileName: string): FileKind | null {
  const extension = fileExtension(fileName);
  return extension === null ? null : FILE_KIND_OF_EXTENSION[extension];
}

// ---------------------------------------------------------------------------------------------
// Multi-part names (spec 001 §3 "multi-part names use a part suffix"; the format is ours)

/**
 * Part 1 keeps the plain name ("interview.mp4"); later parts add `_part{N}` before the extension
 * ("interview_part2.mp4"), N a whole number from 2 without leading zeros. So a recording that was
 * never split keeps its name, and "clip_part1.mp4" is an ordinary one-part file named clip_part1.
 */
export const PART_SUFFIX = '_part';
const PART_PATTERN = /^(.+)_part([2-9]|[1-9]\d+)$/;

export function partFileName(baseName: string, part: number, extension: FileExtension): string {
  if (!Number.isInteger(part) || part < 1) throw new RangeError(`part must be a whole number from 1, got ${part}`);
  return part === 1 ? `${baseName}.${extension}` : `${baseName}${PART_SUFFIX}${part}.${extension}`;
}

export interface PartName {
  readonly baseName: string;
  readonly part: number;
  readonly extension: FileExtension;
}

/** Splits a file name into base name, part number and extension; null for an unknown extension. */
export function parsePartName(fileName: string): PartName | null {
  const extension = fileExtension(fileName);
  if (extension === null) return null;
  const stem = fileName.slice(0, fileName.lastIndexOf('.'));
  const match = PART_PATTERN.exec(stem);
  if (match?.[1] !== undefined && match[2] !== undefined) return { baseName: match[1], part: Number(match[2]), extension };
  return { baseName: stem, part: 1, extension };
}

// ---------------------------------------------------------------------------------------------
// Uploads from units (spec 000 §3 "only the last 10 per unit are kept; status pending, failed,
// uploading, success, rejected")

export const UPLOADED_FILE_STATUSES = ['pending', 'failed', 'uploading', 'success', 'rejected'] as const;
export type UploadedFileStatus = (typeof UPLOADED_FILE_STATUSES)[number];

/** Spec 000 §9, 002 §9 "Uploaded files kept per unit: 10". */
export const UPLOADS_KEPT_PER_UNIT = UPLOADED_FILES_KEPT_PER_UNIT;

export interface UploadedFile {
  readonly unitId: UnitId;
  /** Path on the unit; one entry per path. */
  readonly path: string;
  readonly status: UploadedFileStatus;
}

/** The last `limit` entries of a list in arrival order (oldest first); older ones are dropped. */
export function keepLastUploads<T>(uploads: readonly T[], limit: number = UPLOADS_KEPT_PER_UNIT): T[] {
  return limit <= 0 ? [] : uploads.slice(-limit);
}

/**
 * Records a status change of one unit's upload: an entry with the same path is replaced and moves
 * to the end (most recent), then only the last 10 are kept. The list holds one unit's uploads.
 */
export function recordUpload(uploads: readonly UploadedFile[], upload: UploadedFile): UploadedFile[] {
  return keepLastUploads([...uploads.filter((entry) => entry.path !== upload.path), upload]);
}

// ---------------------------------------------------------------------------------------------
// Files filters (spec 001 §2 "file kind (chunks, metadata), date"; the date choices are ours)

export const FILE_DATE_FILTERS = ['any', 'last24Hours', 'last7Days', 'last30Days'] as const;
export type FileDateFilter = (typeof FILE_DATE_FILTERS)[number];

const DAY_MS = 86_400_000;

/** The window of a date filter in ms; null = no limit. */
export function dateFilterWindowMs(filter: FileDateFilter): number | null {
  switch (filter) {
    case 'any':
      return null;
    case 'last24Hours':
      return DAY_MS;
    case 'last7Days':
      return 7 * DAY_MS;
    case 'last30Days':
      return 30 * DAY_MS;
    default:
      return assertNever(filter, 'file date filter');
  }
}

export interface FileFilters {
  /** Empty = every kind (files of an unknown extension show only then). */
  readonly kinds: readonly FileKind[];
  readonly date: FileDateFilter;
}

export const DEFAULT_FILE_FILTERS: FileFilters = { kinds: [], date: 'any' };

/**
 * Kind: the file's kind is among the selected (OR); no selection matches all. Date: modified at
 * most the window before now, the boundary included (a file stamped after now, by clock skew,
 * matches). Both must hold.
 */
export function fileMatchesFilters(file: Pick<StoredFile, 'fileName' | 'lastModified'>, filters: FileFilters, now: number): boolean {
  if (filters.kinds.length > 0) {
    const kind = fileKind(file.fileName);
    if (kind === null || !filters.kinds.includes(kind)) return false;
  }
  const window = dateFilterWindowMs(filters.date);
  return window === null || now - file.lastModified <= window;
}
