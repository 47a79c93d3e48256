import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeFiles, decodeStorages, formatMb, isCancellable, selectedListed, toggleAll, togglePath, uploadStatusByPath } from './fileListing.ts';

describe('file upload page data (spec 000 §7 storages, §3 uploads)', () => {
  it('reads storages and drops those without a path', () => {
    expect(decodeStorages({ storages: [{ id: 'sd', name: 'SD card', path: '/sd', freeMb: 10, totalMb: 20 }, { id: 'x' }] })).toEqual([
      { id: 'sd', name: 'SD card', path: '/sd', freeMb: 10, totalMb: 20 },
    ]);
  });

  it('reads files, naming a file after its path when the name is missing', () => {
    expect(decodeFiles({ files: [{ path: '/sd/a.mp4', sizeBytes: 1_048_576 }] })).toEqual([{ path: '/sd/a.mp4', fileName: 'a.mp4', sizeBytes: 1_048_576, lastModified: undefined }]);
  });

  it('keeps the latest status of each path (the answer lists oldest first)', () => {
    const statuses = uploadStatusByPath({ uploads: [{ path: '/a', status: 'failed' }, { path: '/a', status: 'pending' }, { path: '/b', status: 'success' }, { path: '/c', status: 'lost' }] });
    expect([...statuses]).toEqual([
      ['/a', 'pending'],
      ['/b', 'success'],
    ]);
  });

  it.each([
    ['pending', true],
    ['uploading', true],
    ['success', false],
    ['failed', false],
    ['rejected', false],
  ] as const)('lets a %s upload be cancelled: %s', (status, expected) => {
    expect(isCancellable(status)).toBe(expected);
  });

  it('toggles one path and all listed paths', () => {
    expect([...togglePath(new Set(['/a']), '/b')]).toEqual(['/a', '/b']);
    expect([...togglePath(new Set(['/a']), '/a')]).toEqual([]);
    expect([...toggleAll(new Set(['/a']), ['/a', '/b'])]).toEqual(['/a', '/b']);
    expect([...toggleAll(new Set(['/a', '/b']), ['/a', '/b'])]).toEqual([]);
  });

  it('sends only selected paths that are still listed, in listing order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 })), fc.array(fc.string({ minLength: 1 })), (listed, picked) => {
        const result = selectedListed(new Set(picked), listed);
        expect(result.every((path) => listed.includes(path) && picked.includes(path))).toBe(true);
        expect(result).toEqual(listed.filter((path) => picked.includes(path)));
      }),
    );
  });

  it('shows sizes in MB', () => {
    expect(formatMb(1_572_864)).toBe('1.5 MB');
  });
});
