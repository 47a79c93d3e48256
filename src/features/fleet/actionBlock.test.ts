import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../workers/sources/connectionState.ts';
import { actionBlock, reloadedNotice, staleSince, writeBlock } from './actionBlock.ts';

const states: [ConnectionState, number | null][] = [
  [{ phase: 'connecting' }, null],
  [{ phase: 'live' }, null],
  [{ phase: 'resyncing' }, null],
  [{ phase: 'reconnecting', attempt: 2, retryAt: 9_000, since: 1_000 }, 1_000],
  [{ phase: 'offline', since: 2_000, reloadAt: null }, 2_000],
  [{ phase: 'ended', since: 3_000 }, 3_000],
];

describe('honest state: when actions are blocked, and why', () => {
  it.each(states)('%j is stale since %s', (state, since) => {
    expect(staleSince(state)).toBe(since);
    expect(actionBlock(state, null)).toEqual(since === null ? { kind: 'none' } : { kind: 'stale', asOf: since });
  });

  it.each(states)('administration writes under %j are blocked only while it is down (since %s), and never by a replay', (state, since) => {
    expect(writeBlock(state)).toEqual(since === null ? { kind: 'none' } : { kind: 'stale', asOf: since });
  });

  it('a replay blocks whatever the connection says', () => {
    for (const [state] of states) expect(actionBlock(state, 42)).toEqual({ kind: 'replay', logTime: 42 });
  });

  it('says the data was reloaded once the connection is live after being down, not before', () => {
    let wasDown = false;
    const seen: boolean[] = [];
    for (const state of [{ phase: 'live' }, { phase: 'reconnecting', attempt: 1, retryAt: 5, since: 1 }, { phase: 'resyncing' }, { phase: 'live' }, { phase: 'live' }] as ConnectionState[]) {
      const next = reloadedNotice(wasDown, state);
      wasDown = next.wasDown;
      seen.push(next.show);
    }
    expect(seen).toEqual([false, false, false, true, false]);
  });
});
