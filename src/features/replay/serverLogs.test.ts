import { describe, expect, it } from 'vitest';
import { decodeServerLogs } from './serverLogs.ts';

describe('decodeServerLogs', () => {
  it('keeps the well-formed entries of the listing and leaves the others out', () => {
    const good = { name: 'reconnect-storm.ndjson', size: 635_382, modified: '2025-11-21T08:03:00.000Z', source: 'fixtures' };
    expect(decodeServerLogs([good, { name: 'x.ndjson', size: '12' }, null, 'text'])).toEqual([good]);
  });

  it.each([[null], [{}], ['[]']])('answers no logs for %j', (body) => {
    expect(decodeServerLogs(body)).toEqual([]);
  });
});
