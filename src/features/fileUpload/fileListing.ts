/**
 * The file upload page's data (spec 000 §2 /file_upload; §7 storages calls; §3 uploaded files):
 * decoding of the storages and files answers, the selection of paths, and each file's upload
 * status (the last upload of that path among the unit's last 10).
 */
import { UPLOADED_FILE_STATUSES, type UploadedFileStatus } from '../../domain/files.ts';

export interface Storage {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly freeMb: number | undefined;
  readonly totalMb: number | undefined;
}

export interface UnitFileRow {
  readonly path: string;
  readonly fileName: string;
  readonly sizeBytes: number;
  readonly lastModified: number | undefined;
}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null ? (value as Obj) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function decodeStorages(body: unknown): Storage[] {
  return arr(obj(body)['storages']).flatMap((value) => {
    const r = obj(value);
    const path = r['path'];
    if (typeof path !== 'string' || path === '') return [];
    const id = typeof r['id'] === 'string' ? r['id'] : path;
    return [{ id, name: typeof r['name'] === 'string' ? r['name'] : id, path, freeMb: num(r['freeMb']), totalMb: num(r['totalMb']) }];
  });
}

export function decodeFiles(body: unknown): UnitFileRow[] {
  return arr(obj(body)['files']).flatMap((value) => {
    const r = obj(value);
    const path = r['path'];
    if (typeof path !== 'string' || path === '') return [];
    return [{ path, fileName: typeof r['fileName'] === 'string' ? r['fileName'] : (path.split('/').pop() ?? path), sizeBytes: num(r['sizeBytes']) ?? 0, lastModified: num(r['lastModified']) }];
  });
}

/** The status of each path's latest upload (the answer lists the last 10, oldest first). */
export function uploadStatusByPath(body: unknown): Map<string, UploadedFileStatus> {
  const statuses = new Map<string, UploadedFileStatus>();
  for (const value of arr(obj(body)['uploads'])) {
    const r = obj(value);
    if (typeof r['path'] === 'string' && (UPLOADED_FILE_STATUSES as readonly unknown[]).includes(r['status'])) statuses.set(r['path'], r['status'] as UploadedFileStatus);
  }
  return statuses;
}

/** Adds or removes one path. */
export function togglePath(selected: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(selected);
  if (!next.delete(path)) next.add(path);
  return next;
}

/** All listed paths when not all are selected, else none. */
export function toggleAll(selected: ReadonlySet<string>, listed: readonly string[]): Set<string> {
  return listed.length > 0 && listed.every((path) => selected.has(path)) ? new Set() : new Set(listed);
}

/** The selected paths that are still listed (a deleted file leaves the selection), in listing order. */
export function selectedListed(selected: ReadonlySet<string>, listed: readonly string[]): string[] {
  return listed.filter((path) => selected.has(path));
}

/** Whether an upload of this status can still be cancelled (LuCancelFileUpload). */
export const isCancellable = (status: UploadedFileStatus | undefined): boolean => status === 'pending' || status === 'uploading';

/** Bytes as MB with one decimal (1 MB = 1 048 576 bytes, as the server's storages use). */
export const formatMb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
