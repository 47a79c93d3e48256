/** Uploaded files of a unit (spec 000 §3: only the last 10 are kept; pending, failed, uploading, success, rejected). */
import { assertNever } from '../../../domain/brand.ts';
import { UPLOADED_FILE_STATUSES, type UploadedFileStatus } from '../../../domain/files.ts';

export interface UploadRow {
  readonly path: string;
  readonly status: UploadedFileStatus;
}

/** The `uploads` of a storages/files answer; rows without a path or with an unknown status are dropped. */
export function decodeUploads(body: unknown): UploadRow[] {
  const uploads = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['uploads'] : undefined;
  if (!Array.isArray(uploads)) return [];
  return uploads.flatMap((value: unknown) => {
    const r = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const status = r['status'];
    const path = r['path'];
    return typeof path === 'string' && (UPLOADED_FILE_STATUSES as readonly unknown[]).includes(status) ? [{ path, status: status as UploadedFileStatus }] : [];
  });
}

export function uploadStatusColor(status: UploadedFileStatus): string {
  switch (status) {
    case 'pending':
      return 'gray';
    case 'uploading':
      return 'blue';
    case 'success':
      return 'teal';
    case 'failed':
      return 'red';
    case 'rejected':
      return 'orange';
    default:
      return assertNever(status, 'upload status');
  }
}
