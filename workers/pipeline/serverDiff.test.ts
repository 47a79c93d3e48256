/**
 * Issue 12: server.status events reach the UI in the diff like channels (the last status of each
 * server changed since the last diff, with its rev); a diff without server changes has no `servers`.
 */
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { ManualTime } from '../sources/manualTime.ts';
import type { FleetDiff } from './diff.ts';
import { FleetPipeline } from './fleetPipeline.ts';

describe('servers in the diff', () => {
  it('carries each changed server’s last status once per frame', async () => {
    const time = new ManualTime();
    const posted: FleetDiff[] = [];
    const frames: (() => void)[] = [];
    const pipeline = new FleetPipeline({ deliver: (diff) => void posted.push(diff), requestFrame: (callback) => frames.push(callback), clock: time, timers: time });
    const runFrames = () => {
      for (const frame of frames.splice(0)) frame();
    };
    pipeline.event(makeEvent('server.status', 'MMH-1', 1, 1, { state: 'idle', upTime: 10 }));
    pipeline.event(makeEvent('server.status', 'MMH-1', 2, 2, { state: 'busy', upTime: 15 }));
    pipeline.event(makeEvent('server.status', 'ING-1', 1, 3, { state: 'offline' }));
    runFrames();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.servers).toEqual([
      { id: 'MMH-1', rev: 2, status: { state: 'busy', upTime: 15 } },
      { id: 'ING-1', rev: 1, status: { state: 'offline' } },
    ]);
    for (let i = 0; i < 5; i += 1) await Promise.resolve(); // the UI took the diff
    pipeline.event(makeEvent('channel.status', 'C1', 1, 4, { status: 'idle' }));
    runFrames();
    expect(posted).toHaveLength(2);
    expect(posted[1]?.servers).toBeUndefined();
  });
});
