import { describe, expect, it } from 'vitest';
import { UPLOADED_FILE_STATUSES } from '../../../domain/files.ts';
import { decodeUploads, uploadStatusColor } from './uploads.ts';

describe('uploaded files (spec 000 §3: pending, failed, uploading, success, rejected)', () => {
  it('reads every status the spec names', () => {
    const body = { uploads: UPLOADED_FILE_STATUSES.map((status, i) => ({ path: `/sd/f${i}.mp4`, status })) };
    expect(decodeUploads(body).map((u) => u.status)).toEqual(['pending', 'failed', 'uploading', 'success', 'rejected']);
  });

  it('drops rows with an unknown status or no path', () => {
    expect(decodeUploads({ uploads: [{ path: '/a', status: 'cancelled' }, { status: 'success' }, { path: '/b', status: 'success' }] })).toEqual([{ path: '/b', status: 'success' }]);
  });

  it('reads a body without uploads as none', () => {
    expect(decodeUploads({ files: [] })).toEqual([]);
    expect(decodeUploads(null)).toEqual([]);
  });

  it('gives each status its own colour', () => {
    expect(new Set(UPLOADED_FILE_STATUSES.map(uploadStatusColor)).size).toBe(5);
  });
});
