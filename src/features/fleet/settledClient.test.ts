import { describe, expect, it } from 'vitest';
import type { FleetClient } from '../../fleet/index.ts';
import { FleetStore } from '../../fleet/store.ts';
import { signal } from '@preact/signals-react';
import type { ReplayClient } from '../../fleet/replay.ts';
import type { ReplayState } from '../../../workers/sources/replayState.ts';
import { settledClient } from './settledClient.ts';

function fakeClient(calls: string[]): FleetClient {
  const released = (): never => {
    throw new Error('Proxy has been released and is not useable');
  };
  let alive = true;
  const call = (name: string) => async () => {
    if (!alive) released();
    calls.push(name);
  };
  const replay: ReplayClient = {
    state: signal<ReplayState | null>(null),
    open: async () => {
      if (!alive) released();
      calls.push('replay.open');
      return { ok: false, line: 1, message: 'not a log' };
    },
    play: call('replay.play'),
    pause: call('replay.pause'),
    toggle: call('replay.toggle'),
    step: call('replay.step'),
    seek: call('replay.seek'),
    setSpeed: call('replay.setSpeed'),
    setLoop: call('replay.setLoop'),
    close: call('replay.close'),
  };
  return {
    store: new FleetStore(),
    api: {} as FleetClient['api'],
    replay,
    connect: call('connect'),
    setVisible: call('setVisible'),
    releaseView: call('releaseView'),
    beginTransition: call('beginTransition'),
    endTransition: call('endTransition'),
    setAlertSettings: call('setAlertSettings'),
    rowsPainted: call('rowsPainted'),
    dispose: () => {
      if (!alive) released();
      alive = false;
      calls.push('dispose');
    },
  };
}

describe('settledClient: a disposed fleet client stays quiet', () => {
  it('passes calls through while alive', async () => {
    const calls: string[] = [];
    const client = settledClient(fakeClient(calls));
    await client.setVisible('list', { units: ['U1'] });
    await client.releaseView('list');
    await client.rowsPainted();
    expect(calls).toEqual(['setVisible', 'releaseView', 'rowsPainted']);
  });

  it('ignores a view released after dispose instead of throwing, and disposes once', async () => {
    const calls: string[] = [];
    const client = settledClient(fakeClient(calls));
    client.dispose();
    await expect(client.releaseView('list')).resolves.toBeUndefined();
    await expect(client.setVisible('list', { units: [] })).resolves.toBeUndefined();
    await expect(client.rowsPainted()).resolves.toBeUndefined();
    client.dispose();
    expect(calls).toEqual(['dispose']);
  });

  it('passes the replay client through: the same state signal, its controls reach the worker', async () => {
    const calls: string[] = [];
    const inner = fakeClient(calls);
    const client = settledClient(inner);
    expect(client.replay.state).toBe(inner.replay.state);
    await expect(client.replay.open('x', 'log.jsonl')).resolves.toEqual({ ok: false, line: 1, message: 'not a log' });
    await client.replay.play();
    await client.replay.step(-1);
    await client.replay.close();
    expect(calls).toEqual(['replay.open', 'replay.play', 'replay.step', 'replay.close']);
  });

  it('keeps the replay controls quiet after dispose', async () => {
    const calls: string[] = [];
    const client = settledClient(fakeClient(calls));
    client.dispose();
    await expect(client.replay.pause()).resolves.toBeUndefined();
    await expect(client.replay.close()).resolves.toBeUndefined();
    expect(calls).toEqual(['dispose']);
  });
});
