import { describe, expect, it } from 'vitest';
import { decodeRestSnapshot } from './restSnapshot.ts';

describe('decodeRestSnapshot: channels', () => {
  it('keeps a channel’s name and version (GET devices/fetch channels [{id, rev, name, version, status}])', () => {
    const decoded = decodeRestSnapshot({ watermark: 5, units: [], channels: [{ id: 'C1', rev: 2, name: 'News desk', version: '8.1.0', status: { status: 'idle' } }], servers: [] });
    expect(decoded.ok && decoded.value.snapshot.channels).toEqual([{ id: 'C1', rev: 2, name: 'News desk', version: '8.1.0', status: { status: 'idle' } }]);
  });

  it.each([
    ['no name or version', {}],
    ['a non-string name and an empty version', { name: 7, version: '' }],
  ])('decodes a channel with %s as id and rev only', (_label, extra) => {
    const decoded = decodeRestSnapshot({ watermark: 5, units: [], channels: [{ id: 'C1', rev: 2, ...extra }], servers: [] });
    expect(decoded.ok && decoded.value.snapshot.channels).toEqual([{ id: 'C1', rev: 2 }]);
  });
});
